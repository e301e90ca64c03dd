import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { TYPESCRIPT_FLAGS } from '../../../../scripts/server-node-flags.mjs';

/**
 * The migrated, empty database every test starts from, made once per test run (ADR 050) instead
 * of once per test file: initdb and the migrations cost about 8 s of CPU on PGlite, and every
 * file ran them again (vitest gives each file fresh modules). The run's global setup
 * (startBuildingTestImages) builds, in a child process, while the first files load:
 *
 * - `pglite/`: an embedded data folder (initdb, then migrate), copied into a server's DATA_DIR;
 * - `pglite.tar`: the same folder as PGlite's image, loaded into a test's in-memory database;
 * - `postgres-template`: with DATABASE_URL, the name of a migrated database on that server, the
 *   template of each test's `CREATE DATABASE … TEMPLATE`.
 *
 * Without the global setup (a kit used elsewhere) nothing here is set and the kits build their own.
 */
const IMAGES_VARIABLE = 'THERAPY_TEST_IMAGES';
/** The run's own tag in the names of its PostgreSQL copies (test-database.ts), which its teardown drops. */
const RUN_VARIABLE = 'THERAPY_TEST_RUN';
const BUILDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'build-test-images.ts');
/** Longer than any build on a busy 2-CPU machine (about 20 s). */
const BUILD_TIMEOUT_MS = 300_000;

/** For a vitest global setup: starts the build and returns the teardown (or nothing, if started already). */
export async function startBuildingTestImages(): Promise<(() => Promise<void>) | undefined> {
  if (process.env[IMAGES_VARIABLE]) return undefined;
  const dir = await mkdtemp(path.join(tmpdir(), 'therapy-test-images-'));
  // Set before the workers start, so they and the servers they spawn inherit it.
  process.env[IMAGES_VARIABLE] = dir;
  process.env[RUN_VARIABLE] = randomBytes(4).toString('hex');
  const builder = spawn(process.execPath, [...TYPESCRIPT_FLAGS, BUILDER, dir], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => builder.once('exit', () => resolve()));
  return async () => {
    if (builder.exitCode === null) builder.kill('SIGKILL');
    await exited;
    const template = await readFile(path.join(dir, 'postgres-template'), 'utf8').catch(() => undefined);
    if (process.env.DATABASE_URL) {
      await dropRunCopies(process.env.DATABASE_URL, process.env[RUN_VARIABLE] ?? '');
      if (template) await dropPostgresDatabase(process.env.DATABASE_URL, template);
    }
    await rm(dir, { recursive: true, force: true });
    delete process.env[IMAGES_VARIABLE];
    delete process.env[RUN_VARIABLE];
  };
}

/** The tag of this run's PostgreSQL copies, or undefined without the run's global setup. */
export function testRunTag(): string | undefined {
  return process.env[RUN_VARIABLE];
}

/** Every copy this run made that is still there (a worker's last one, its spare, a drop cut short). */
async function dropRunCopies(serverUrl: string, tag: string): Promise<void> {
  if (!/^[0-9a-f]{8}$/.test(tag)) return;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE datname LIKE $1',
      [`%\\_${tag}\\_%`],
    );
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

let ready: Promise<string | undefined> | undefined;

/** The run's images folder once built, or undefined when this run has none. */
export function builtTestImages(): Promise<string | undefined> {
  ready ??= (async () => {
    const dir = process.env[IMAGES_VARIABLE];
    if (!dir) return undefined;
    const deadline = Date.now() + BUILD_TIMEOUT_MS;
    while (!existsSync(path.join(dir, 'ready'))) {
      const failure = await readFile(path.join(dir, 'failed'), 'utf8').catch(() => undefined);
      if (failure !== undefined) throw new Error(`building the test databases failed: ${failure}`);
      if (Date.now() > deadline) throw new Error(`the test databases were not built in time (${dir})`);
      await sleep(100);
    }
    return dir;
  })();
  return ready;
}

/** The migrated PGlite image of this run, or undefined when there is none. */
export async function sharedPgliteImage(): Promise<Blob | undefined> {
  const dir = await builtTestImages();
  return dir ? new Blob([await readFile(path.join(dir, 'pglite.tar'))]) : undefined;
}

/** The migrated template database of this run on the PostgreSQL server, or undefined. */
export async function sharedPostgresTemplate(): Promise<string | undefined> {
  const dir = await builtTestImages();
  return dir ? readFile(path.join(dir, 'postgres-template'), 'utf8').catch(() => undefined) : undefined;
}

/**
 * Puts a migrated, empty embedded database into `dataDir` (as a first start's initdb and migrations
 * leave it), for servers whose test is not about the first start; without the run's images, nothing.
 */
export async function seedEmbeddedDatabase(dataDir: string): Promise<void> {
  const dir = await builtTestImages();
  if (dir) await cp(path.join(dir, 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
}

export async function dropPostgresDatabase(serverUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
