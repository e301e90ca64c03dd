import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import type { Database } from '../apps/server/src/db/database.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { openDatabase } from '../apps/server/src/db/open-database.ts';
import { loadDemoData } from '../apps/server/src/features/demo-data/load-demo-data.ts';

export type Backend = 'pglite' | 'postgres';

export type BenchServer = {
  backend: Backend;
  /** http://127.0.0.1:<random port> */
  url: string;
  /** The server's database, for scenarios that call server code directly (open slots). */
  db: Database;
  close(): Promise<void>;
};

/**
 * The real server, built in this process as main.ts builds it (config, migrations, demo data,
 * buildApp), on a fresh database: PGlite in a temporary DATA_DIR, or a database created for the
 * run on the PostgreSQL server of DATABASE_URL and dropped afterwards. It listens on loopback.
 * main.ts's job worker (mail, ending unpaid holds) is left out: the scenarios measure HTTP calls.
 */
export async function startBenchServer(
  backend: Backend,
  options: { webDistDir?: string } = {},
): Promise<BenchServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'therapy-bench-'));
  const cleanups: Array<() => Promise<void>> = [() => rm(dataDir, { recursive: true, force: true })];
  // Last made, first undone: app, database, dropped database, temporary directory.
  const cleanUp = async () => {
    for (const cleanup of cleanups.splice(0).reverse())
      await cleanup().catch((error: unknown) => console.warn('bench: cleaning up failed:', error));
  };
  try {
    const database = backend === 'postgres' ? await createPostgresDatabase() : undefined;
    if (database) cleanups.push(database.drop);
    const config = loadConfig({
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_URL: database?.url,
      // As behind a reverse proxy: each simulated visitor sends its own X-Forwarded-For address.
      TRUST_PROXY: 'true',
      // Request logs off (a line per request would flood the output); real failures still show.
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'error',
    });
    const db = await openDatabase(config);
    cleanups.push(() => db.close());
    await migrate(db);
    await loadDemoData(db);
    const app = await buildApp({ config, db, webDistDir: options.webDistDir });
    cleanups.push(() => app.close());
    await app.listen({ host: config.host, port: 0 });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('the server has no TCP address');
    return { backend, url: `http://127.0.0.1:${address.port}`, db, close: cleanUp };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

/** A database of its own on the DATABASE_URL server, as the tests make them. */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('--postgres needs DATABASE_URL (postgres://…)');
  const name = `bench_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
