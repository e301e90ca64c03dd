import pg from 'pg';
import { createScratchPostgresDatabase } from '../test/test-database.ts';

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
  const scratch = await createScratchPostgresDatabase(serverUrl, 'fault');
  const pool = new pg.Pool({ connectionString: scratch.url, max: 3 });
  pool.on('error', () => {});
  return {
    url: scratch.url,
    pool,
    async drop() {
      await pool.end();
      await scratch.drop();
    },
  };
}

/** GET a JSON answer from a running server; throws on a non-2xx answer. */
export async function getJson<T = unknown>(baseUrl: string, path: string): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`);
  if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}
