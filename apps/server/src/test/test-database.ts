import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import {
  dropPostgresDatabase,
  sharedPgliteImage,
  sharedPostgresTemplate,
  testRunTag,
} from './test-images.ts';

/**
 * Real databases for tests: PGlite always, and the PostgreSQL server of DATABASE_URL when it is
 * set. Each test file gets its own database, created and dropped here, so runs never meet.
 */
export type Backend = 'pglite' | 'postgres';

export const backends: Backend[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export type TestDatabase = Database & {
  drop(): Promise<void>;
  /** The PostgreSQL database's own URL, for tests that connect another way (none for PGlite). */
  url?: string;
};

let migratedPgliteImage: Promise<Blob> | undefined;

/**
 * A migrated PGlite, loaded from the run's image (test-images.ts), else from one this process
 * makes: initdb and the migrations run once per run, not once per file.
 */
async function createPgliteDatabase(): Promise<TestDatabase> {
  migratedPgliteImage ??= (async () => {
    const shared = await sharedPgliteImage();
    if (shared) return shared;
    const template = await openPglite();
    await migrate(template);
    const image = await template.dumpDataDir();
    await template.close();
    return image;
  })();
  const db = await openPglite(undefined, await migratedPgliteImage);
  return { ...db, drop: () => db.close() };
}

/**
 * A new, empty database on the PostgreSQL server of `serverUrl`, named `{prefix}_…`; `drop()`
 * removes it (closing whatever still uses it).
 */
export async function createScratchPostgresDatabase(
  serverUrl: string,
  prefix: string,
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = await newDatabase(serverUrl, prefix, template);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => dropPostgresDatabase(serverUrl, name) };
}

/** A migrated database: a copy of the run's template (test-images.ts), else migrated here. */
async function createPostgresDatabase(serverUrl: string): Promise<TestDatabase> {
  const template = await sharedPostgresTemplate();
  if (!template) {
    const db = await openScratchPostgres(serverUrl, 'test', 40);
    await migrate(db);
    return db;
  }
  // The next file's copy is made while this one's is used (CREATE DATABASE waits on the disk too).
  const name = await (spareCopy ?? newDatabase(serverUrl, 'test', template));
  spareCopy = newDatabase(serverUrl, 'test', template);
  spareCopy.catch(() => {
    spareCopy = undefined;
  });
  return openPostgresNamed(serverUrl, name, 40);
}

let spareCopy: Promise<string> | undefined;

/** A new database on the PostgreSQL server (a copy of `template`, if given), opened; drop() removes it. */
async function openScratchPostgres(
  serverUrl: string,
  prefix: string,
  max: number,
  template?: string,
): Promise<TestDatabase> {
  return openPostgresNamed(serverUrl, await newDatabase(serverUrl, prefix, template), max);
}

/**
 * A new database's name: within a run (its global setup), tagged with the run, so that drop()
 * need not wait for DROP DATABASE (the better part of a second on the server's disk, off the
 * worker's path that way) and the run's teardown drops whatever is left (test-images.ts).
 */
async function newDatabase(serverUrl: string, prefix: string, template?: string): Promise<string> {
  const tag = testRunTag();
  const name = `${prefix}_${tag ? `${tag}_` : ''}${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  } finally {
    await admin.end();
  }
  return name;
}

async function openPostgresNamed(serverUrl: string, name: string, max: number): Promise<TestDatabase> {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = await openPostgres(url.toString(), { max });
  const dropping = () => dropPostgresDatabase(serverUrl, name);
  return {
    ...db,
    url: url.toString(),
    async drop() {
      await db.close();
      if (testRunTag()) dropping().catch(() => undefined);
      else await dropping();
    },
  };
}

export function createTestDatabase(backend: Backend): Promise<TestDatabase> {
  if (backend === 'pglite') return createPgliteDatabase();
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('DATABASE_URL is needed for PostgreSQL tests');
  return createPostgresDatabase(serverUrl);
}

let emptyPgliteImage: Promise<Blob> | undefined;

/**
 * A database with nothing in it, not even migrations (what a restore goes into): PGlite copied
 * from one image made by initdb once per worker, or a new database on the PostgreSQL server.
 */
export async function createEmptyTestDatabase(backend: Backend): Promise<TestDatabase> {
  if (backend === 'postgres') {
    const serverUrl = process.env.DATABASE_URL;
    if (!serverUrl) throw new Error('DATABASE_URL is needed for PostgreSQL tests');
    return openScratchPostgres(serverUrl, 'empty', 4);
  }
  emptyPgliteImage ??= (async () => {
    // Made on disk: initdb then runs in a child process (database.ts), not in this worker.
    const folder = await mkdtemp(path.join(tmpdir(), 'therapy-empty-'));
    const made = await openPglite(path.join(folder, 'pglite'));
    const image = await made.dumpDataDir();
    await made.close();
    await rm(folder, { recursive: true, force: true });
    return image;
  })();
  const db = await openPglite(undefined, await emptyPgliteImage);
  return { ...db, drop: () => db.close() };
}
