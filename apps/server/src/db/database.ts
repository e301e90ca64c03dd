import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

/**
 * One small interface over the two backends: PGlite (PostgreSQL in WebAssembly, in process) and
 * a PostgreSQL server. Same SQL, same migrations, same constraints on both.
 */
export type Queryable = {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: Row[] }>;
  /** Runs SQL text holding several statements and no parameters (migrations). */
  exec(sql: string): Promise<void>;
};

/**
 * The connections a backend has at this moment: a PostgreSQL pool's (pg.Pool), or PGlite's one
 * connection, in use while a query or transaction of this process runs on it. `waiting`: calls
 * queued for a connection.
 */
export type PoolUse = { max: number; total: number; idle: number; waiting: number };

export type Database = Queryable & {
  readonly kind: 'pglite' | 'postgres';
  /** How many connections are open, idle and awaited now (for the metrics). */
  poolUse(): PoolUse;
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

// Dates and times travel as the text PostgreSQL prints ('2026-11-22', '10:00:00'): a plain date
// has no time zone, and turning it into a JS Date would shift it by the server's zone.
const DATE_OID = 1082;
const INT8_OID = 20;
const NUMERIC_OID = 1700;
const keepText = (value: string) => value;

const INITDB_SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'pglite-initdb.mjs');

/**
 * A new data directory is made by initdb in a child process (ADR 035): in this process initdb
 * peaks at about 830 MB and the memory is never given back; the child returns it on exit, and
 * opening the made directory here peaks near 220 MB. Made aside, then renamed into place, so a
 * start cut short leaves no half-made directory behind.
 */
async function initDataDirApart(dataDir: string) {
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  await mkdir(path.dirname(dataDir), { recursive: true });
  // Something else in the directory: leave it to PGlite, which says what is wrong.
  if (existsSync(dataDir) && (await readdir(dataDir)).length > 0) return;
  const staging = `${dataDir}.initdb-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  await promisify(execFile)(process.execPath, [INITDB_SCRIPT, staging]);
  if (existsSync(dataDir)) await rmdir(dataDir);
  await rename(staging, dataDir);
}

/**
 * Small buffers: a clinic's database is a few hundred MB at most and PGlite reads through the
 * system's file cache anyway; 16 MB of shared buffers instead of 128 MB takes the open
 * server from about 340 to 220 MB.
 */
const PGLITE_SETTINGS = ['shared_buffers=16MB', 'work_mem=4MB', 'maintenance_work_mem=32MB'];

export async function openPglite(
  dataDir?: string,
  loadDataDir?: Blob,
): Promise<Database & { dumpDataDir(): Promise<Blob> }> {
  if (dataDir && !loadDataDir) await initDataDirApart(dataDir);
  const db = new PGlite({
    dataDir,
    loadDataDir,
    postgresqlconf: PGLITE_SETTINGS,
    extensions: { btree_gist, pg_trgm },
    parsers: {
      [DATE_OID]: keepText,
      [INT8_OID]: (value: string) => Number(value),
      [NUMERIC_OID]: (value: string) => Number(value),
    },
  });
  await db.waitReady;
  // PGlite runs one call at a time: the calls under way, of which all but one wait.
  let calls = 0;
  const counted = async <T>(work: () => Promise<T>): Promise<T> => {
    calls++;
    try {
      return await work();
    } finally {
      calls--;
    }
  };
  const wrap = (target: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<Row>(sql: string, params?: unknown[]) {
      const result = await target.query<Row>(sql, params as never);
      return { rows: result.rows };
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
  });
  const outer = wrap(db);
  return {
    kind: 'pglite',
    query: <Row>(sql: string, params?: unknown[]) => counted(() => outer.query<Row>(sql, params)),
    exec: (sql) => counted(() => outer.exec(sql)),
    transaction: (work) => counted(() => db.transaction((tx) => work(wrap(tx)))),
    poolUse: () => ({
      max: 1,
      total: 1,
      idle: calls === 0 ? 1 : 0,
      waiting: Math.max(0, calls - 1),
    }),
    close: () => db.close(),
    dumpDataDir: () => db.dumpDataDir('none'),
  };
}

/** How long to wait for a connection to the PostgreSQL server before answering 503. */
const CONNECTION_TIMEOUT_MS = 5000;

export async function openPostgres(
  connectionString: string,
  options: { max?: number; connectionTimeoutMillis?: number } = {},
): Promise<Database> {
  const typeParsers = {
    getTypeParser(oid: number, format?: string) {
      if (oid === DATE_OID) return keepText;
      if (oid === INT8_OID || oid === NUMERIC_OID) return (value: string) => Number(value);
      return pg.types.getTypeParser(oid, format as never);
    },
  };
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    types: typeParsers as never,
    // A server that does not answer fails the request in seconds (a 503), instead of holding it
    // open until the operating system gives up on the connection.
    connectionTimeoutMillis: options.connectionTimeoutMillis ?? CONNECTION_TIMEOUT_MS,
    // TCP keepalive: idle pooled connections survive firewalls that drop quiet ones, and one to a
    // server that vanished is noticed by the system's probes (minutes) rather than never.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // An idle client's error (server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const wrap = (target: pg.Pool | pg.PoolClient): Queryable => ({
    async query<Row>(sql: string, params?: unknown[]) {
      const result = await target.query(sql, params);
      return { rows: result.rows as Row[] };
    },
    async exec(sql: string) {
      await target.query(sql);
    },
  });
  await pool.query('SELECT 1');
  const max = options.max ?? 10;
  return {
    kind: 'postgres',
    ...wrap(pool),
    poolUse: () => ({ max, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async transaction(work) {
      const client = await pool.connect();
      // A checked-out client that loses its connection emits 'error' besides failing its query;
      // unheard, that event would crash the process.
      const onLostConnection = () => {};
      client.on('error', onLostConnection);
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
        const result = await work(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        // A connection that cannot even roll back is broken: release(error) discards it, so the
        // pool never hands it to the next request.
        broken = await client.query('ROLLBACK').then(
          () => undefined,
          (rollbackError: Error) => rollbackError,
        );
        throw error;
      } finally {
        client.off('error', onLostConnection);
        client.release(broken);
      }
    },
    close: () => pool.end(),
  };
}

/** PostgreSQL's error code for a violated exclusion constraint and for a unique violation. */
export const EXCLUSION_VIOLATION = '23P01';
export const UNIQUE_VIOLATION = '23505';
export const DEADLOCK_DETECTED = '40P01';

export function isDatabaseError(
  error: unknown,
  code: string,
): error is Error & { code: string; constraint?: string } {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;
}
