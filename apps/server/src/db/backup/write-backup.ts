import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { Database, Queryable } from '../database.ts';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BackupError,
  type BackupHeader,
  type SealedSecrets,
} from './backup-format.ts';
import { quoteName, readSequences, readTables, type TableShape } from './schema-catalog.ts';

export type BackupFile = { name: string; data: Buffer };

export type WriteBackupOptions = {
  appVersion: string;
  dataKeyFingerprint: string | null;
  jwtSecretFingerprint: string | null;
  sealedSecrets: SealedSecrets | null;
  /** Files written after the tables (the uploaded photos), read one at a time. */
  files?: () => AsyncIterable<BackupFile>;
  /** Only one backup holding this advisory lock runs at a time; another gets BackupBusyError. */
  exclusiveLockKey?: number;
  /** Rows fetched from the cursor at a time: memory stays bounded whatever the table's size. */
  batchRows?: number;
};

export type BackupSummary = {
  header: BackupHeader;
  rows: number;
  files: number;
  /** How long the snapshot's transaction lasted (on PGlite, requests wait that long). */
  snapshotMs: number;
};

export class BackupBusyError extends BackupError {}

/**
 * A destination that takes nothing for this long (a reader stopped, not closed) ends the backup:
 * on PGlite the snapshot holds the server's one connection meanwhile.
 */
const STALL_MS = 60_000;

/** Writes `text`, waiting while the destination is full; fails if it closes, errs or stalls meanwhile. */
async function put(out: Writable, text: string) {
  if (out.destroyed) throw new BackupError('The backup’s destination closed before the backup ended');
  if (out.write(text)) return;
  await new Promise<void>((resolve, reject) => {
    const settle = (error?: Error) => {
      clearTimeout(stall);
      out.off('drain', onDrain).off('close', onClose).off('error', settle);
      if (error) reject(error);
      else resolve();
    };
    const onDrain = () => settle();
    const onClose = () => settle(new BackupError('The backup’s destination closed before the backup ended'));
    const stall = setTimeout(
      () => settle(new BackupError(`The backup’s destination took nothing for ${STALL_MS / 1000} s`)),
      STALL_MS,
    );
    out.on('drain', onDrain).on('close', onClose).on('error', settle);
  });
}

/** One table's rows through a cursor, `batchRows` at a time, in primary-key order. */
async function copyTable(tx: Queryable, out: Writable, table: TableShape, batchRows: number) {
  const values = table.columns.map((column) => `${quoteName(column.name)}::text`).join(', ');
  const order = table.primaryKey.length > 0 ? ` ORDER BY ${table.primaryKey.map(quoteName).join(', ')}` : '';
  await tx.query(
    `DECLARE backup_rows NO SCROLL CURSOR FOR
     SELECT to_json(ARRAY[${values}]::text[])::text AS r FROM ${quoteName(table.name)}${order}`,
  );
  await put(out, `${JSON.stringify({ table: table.name })}\n`);
  let count = 0;
  for (;;) {
    const { rows } = await tx.query<{ r: string }>(`FETCH FORWARD ${batchRows} FROM backup_rows`);
    if (rows.length > 0) await put(out, `${rows.map((row) => row.r).join('\n')}\n`);
    count += rows.length;
    if (rows.length < batchRows) break;
  }
  await tx.query('CLOSE backup_rows');
  return count;
}

/** Each table's row count, in one statement of the snapshot. */
async function countRows(tx: Queryable, tables: TableShape[]) {
  const sql = tables
    .map((table, index) => `SELECT ${index} AS i, count(*)::int AS n FROM ${quoteName(table.name)}`)
    .join(' UNION ALL ');
  const { rows } = await tx.query<{ i: number; n: number }>(sql);
  return new Map(rows.map((row) => [row.i, row.n]));
}

/** The header and every table's rows, all read in one snapshot (one transaction). */
async function writeSnapshot(
  tx: Queryable,
  out: Writable,
  source: Database['kind'],
  options: WriteBackupOptions,
) {
  const started = performance.now();
  // A snapshot of its own on PostgreSQL; on PGlite the one connection is this backup's meanwhile.
  await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
  // Values as text PostgreSQL reads back the same, whatever the server's own settings.
  await tx.query(`SELECT set_config('datestyle', 'ISO, YMD', true), set_config('intervalstyle', 'postgres', true),
    set_config('timezone', 'UTC', true), set_config('extra_float_digits', '3', true)`);
  if (options.exclusiveLockKey !== undefined) {
    const { rows } = await tx.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS locked', [
      options.exclusiveLockKey,
    ]);
    if (!rows[0]?.locked) throw new BackupBusyError('Another backup of this database is being written');
  }
  const all = await readTables(tx);
  if (!all.some((table) => table.name === 'schema_migrations')) {
    throw new BackupError('The database holds no data yet (no migration applied): nothing to back up');
  }
  const tables = all.filter((table) => table.name !== 'schema_migrations');
  const { rows: applied } = await tx.query<{ version: string }>(
    'SELECT version FROM schema_migrations ORDER BY version',
  );
  const counts = await countRows(tx, tables);
  const header: BackupHeader = {
    format: BACKUP_FORMAT,
    format_version: BACKUP_FORMAT_VERSION,
    app_version: options.appVersion,
    created_at: new Date().toISOString(),
    source,
    migrations: applied.map((row) => row.version),
    tables: tables.map((table, index) => ({
      name: table.name,
      columns: table.columns.map(({ name, type }) => ({ name, type })),
      rows: counts.get(index) ?? 0,
    })),
    sequences: await readSequences(tx),
    data_key_fingerprint: options.dataKeyFingerprint,
    jwt_secret_fingerprint: options.jwtSecretFingerprint,
    sealed_secrets: options.sealedSecrets,
  };
  await put(out, `${JSON.stringify(header)}\n`);
  let rows = 0;
  for (const table of tables) rows += await copyTable(tx, out, table, options.batchRows ?? 2000);
  return { header, rows, snapshotMs: performance.now() - started };
}

/**
 * Writes a backup of the whole database to `destination`, gzip-compressed, while the server goes
 * on serving: one REPEATABLE READ transaction on PostgreSQL; on PGlite, whose one connection it
 * holds meanwhile, requests wait for the snapshot (snapshotMs). The files come after it.
 */
export async function writeBackup(
  db: Database,
  destination: Writable,
  options: WriteBackupOptions,
): Promise<BackupSummary> {
  const gzip = createGzip();
  const sent = pipeline(gzip, destination);
  try {
    const snapshot = await db.transaction((tx) => writeSnapshot(tx, gzip, db.kind, options));
    let files = 0;
    for await (const file of options.files?.() ?? []) {
      await put(gzip, `${JSON.stringify({ file: file.name, data: file.data.toString('base64') })}\n`);
      files += 1;
    }
    const end = {
      tables: snapshot.header.tables.length,
      rows: snapshot.rows,
      files,
      snapshot_ms: Math.round(snapshot.snapshotMs),
    };
    await put(gzip, `${JSON.stringify({ end })}\n`);
    gzip.end();
    await sent;
    return { ...snapshot, files };
  } catch (error) {
    gzip.destroy(error as Error);
    await sent.catch(() => {});
    throw error;
  }
}
