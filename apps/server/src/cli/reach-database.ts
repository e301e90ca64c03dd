import { existsSync } from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../config.ts';
import { claimDataDir } from '../db/data-dir-lock.ts';
import type { Database } from '../db/database.ts';
import { openPglite, openPostgres } from '../db/database.ts';

/** A refusal of an admin command, printed as its one line. */
export class CommandError extends Error {}

/** The server process that holds the embedded database, and the token it takes commands with. */
export type RunningServer = { pid: number; url: string; token: string };

/**
 * Where an admin command finds the database: the PostgreSQL server of DATABASE_URL, or the
 * embedded database of DATA_DIR, taken for the command's time (`direct`); or, while a server
 * holds that one, the server, which runs the command for it (`server`).
 */
export async function reachDatabase<T>(
  config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>,
  ways: { direct: () => Promise<T>; server: (server: RunningServer) => Promise<T> },
): Promise<T> {
  if (config.databaseUrl) return ways.direct();
  const claim = await claimDataDir(config.dataDir, { kind: 'cli' });
  if (claim.claimed) {
    try {
      return await ways.direct();
    } finally {
      await claim.release();
    }
  }
  const { owner } = claim;
  if (owner.kind !== 'server' || !owner.url || !owner.token) {
    throw new CommandError(
      `Another admin command (process ${owner.pid}) is using the database; try again when it ends.`,
    );
  }
  return ways.server({ pid: owner.pid, url: owner.url, token: owner.token });
}

/** Opens the configured database for a command that must not create one (a backup). */
export function openExistingDatabase(config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, { max: 2 });
  const folder = path.join(config.dataDir, 'pglite');
  if (!existsSync(path.join(folder, 'PG_VERSION'))) {
    throw new CommandError(`There is no embedded database in ${config.dataDir} (DATA_DIR) to back up.`);
  }
  return openPglite(folder);
}

/** Sends a command to the running server over loopback; answers its response once it is 2xx. */
export async function askServer(
  server: RunningServer,
  route: string,
  body: unknown,
  timeoutMs?: number,
): Promise<Response> {
  const response = await fetch(`${server.url}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-cli-token': server.token },
    body: JSON.stringify(body),
    signal: timeoutMs ? AbortSignal.timeout(timeoutMs) : undefined,
  }).catch(() => undefined);
  if (!response) {
    throw new CommandError(
      `The server (process ${server.pid}) holds the database but does not answer at ${server.url}; stop it and run the command again.`,
    );
  }
  if (!response.ok) {
    const answer = (await response.json().catch(() => ({}))) as { detail?: string };
    throw new CommandError(answer.detail ?? `The server refused the command (HTTP ${response.status}).`);
  }
  return response;
}
