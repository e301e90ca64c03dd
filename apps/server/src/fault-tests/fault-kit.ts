import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The shared PostgreSQL server of the tests (DATABASE_URL), when there is one. */
export const postgresServerUrl = process.env.DATABASE_URL;

export type EmptyPostgresDatabase = {
  /** The new database's URL, to hand to a server process as its DATABASE_URL. */
  url: string;
  /** A small pool of this test's own, to look at what the servers wrote. */
  pool: pg.Pool;
  drop(): Promise<void>;
};

/**
 * A fresh database on the shared PostgreSQL server, created but neither migrated nor filled: the
 * server processes under test must do all of that themselves, as on a first deployment.
 */
export async function createEmptyPostgresDatabase(serverUrl: string): Promise<EmptyPostgresDatabase> {
  const name = `fault_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 3 });
  pool.on('error', () => {});
  return {
    url: url.toString(),
    pool,
    async drop() {
      await pool.end();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** GET a JSON answer from a running server; throws on a non-2xx answer. */
export async function getJson<T = unknown>(baseUrl: string, path: string): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`);
  if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}
