import { ConfigError, loadConfig } from '../../config.ts';
import { claimDataDir, type DataDirOwner } from '../../db/data-dir-lock.ts';
import { migrate } from '../../db/migrate.ts';
import { openDatabase } from '../../db/open-database.ts';
import { AppError } from '../../http/app-error.ts';
import { ADMIN_CLI_USAGE, type AdminCliRequest, runAdminCommand } from './admin-cli-commands.ts';
import { createAdminUsersService } from './admin-users-service.ts';

/** `npm run admin -- <command>`: manages admin users, with the server running or not. */
async function main(argv: string[]) {
  const [command, ...args] = argv;
  if (!command || command === '--help' || command === 'help') {
    console.log(ADMIN_CLI_USAGE);
    return command ? 0 : 1;
  }
  const config = loadConfig();
  const request: AdminCliRequest = { command, args };

  if (config.databaseUrl) return runDirectly(config, request);

  const claim = await claimDataDir(config.dataDir, { kind: 'cli' });
  if (!claim.claimed) return runThroughServer(claim.owner, request);
  try {
    return await runDirectly(config, request);
  } finally {
    await claim.release();
  }
}

async function runDirectly(config: ReturnType<typeof loadConfig>, request: AdminCliRequest) {
  const db = await openDatabase(config);
  try {
    await migrate(db);
    printLines(await runAdminCommand(createAdminUsersService(db), request));
    return 0;
  } finally {
    await db.close();
  }
}

async function runThroughServer(owner: DataDirOwner, request: AdminCliRequest) {
  if (owner.kind !== 'server' || !owner.url || !owner.token) {
    console.error(
      `Another admin command (process ${owner.pid}) is using the database; try again when it ends.`,
    );
    return 1;
  }
  const response = await fetch(`${owner.url}/internal/admin-cli`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-cli-token': owner.token },
    body: JSON.stringify(request),
    signal: AbortSignal.timeout(30_000),
  }).catch(() => undefined);
  if (!response) {
    console.error(
      `The server (process ${owner.pid}) holds the database but does not answer at ${owner.url}; stop it and run the command again.`,
    );
    return 1;
  }
  const body = (await response.json()) as { lines?: string[]; detail?: string };
  if (!response.ok) {
    console.error(body.detail ?? `The server refused the command (HTTP ${response.status}).`);
    return 1;
  }
  printLines(body.lines ?? []);
  return 0;
}

function printLines(lines: string[]) {
  for (const line of lines) console.log(line);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof ConfigError || error instanceof AppError) console.error(error.message);
    else console.error(error);
    process.exitCode = 1;
  },
);
