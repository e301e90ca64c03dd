import type { Database, Queryable } from '../database.ts';
import { applyMigrations, holdStartupLock } from '../migrate.ts';
import { BackupError, type BackupHeader } from './backup-format.ts';
import type { BackupEvent } from './read-backup.ts';
import { countTables, quoteName, readTables, type TableShape } from './schema-catalog.ts';

/** The target already holds tables: a restore never mixes a backup into a used database. */
export class TargetNotEmptyError extends BackupError {
  readonly tables: number;

  constructor(tables: number) {
    super(`The target database already holds ${tables} tables`);
    this.tables = tables;
  }
}

export type RestoreSummary = {
  rows: number;
  files: number;
  /** This version's migrations applied after the backup's rows were loaded. */
  laterMigrations: string[];
};

/**
 * Refuses a backup this version cannot take: one with a migration it does not know (made by a
 * newer version) or whose migrations are not the first of this version's.
 */
export function checkMigrations(header: BackupHeader, known: readonly string[]) {
  const unknown = header.migrations.find((name) => !known.includes(name));
  if (unknown) {
    throw new BackupError(
      `The backup was made by a newer version of the app (${header.app_version}; its migration ${unknown} is unknown here): upgrade the app first.`,
    );
  }
  if (header.migrations.some((name, index) => known[index] !== name)) {
    throw new BackupError('The backup’s migrations do not match this version’s.');
  }
}

/** The target's tables at the backup's migration must be the backup's, column for column. */
function matchTables(header: BackupHeader, target: TableShape[]): Map<string, TableShape> {
  const byName = new Map(target.map((table) => [table.name, table]));
  const same = (table: BackupHeader['tables'][number]) => {
    const mine = byName.get(table.name);
    return (
      mine !== undefined &&
      mine.columns.length === table.columns.length &&
      mine.columns.every(
        (column, i) => column.name === table.columns[i]!.name && column.type === table.columns[i]!.type,
      )
    );
  };
  const odd = header.tables.find((table) => !same(table));
  if (odd || header.tables.length !== target.length) {
    throw new BackupError(
      `The backup’s tables do not match its migrations (${odd?.name ?? 'a table is missing'}).`,
    );
  }
  return byName;
}

/** One statement per table: a batch of rows (a JSON array of rows) in, each value cast from its text. */
function insertStatement(table: TableShape) {
  const columns = table.columns.map((column) => quoteName(column.name)).join(', ');
  const values = table.columns.map((column, i) => `(r->>${i})::${column.baseType}`).join(', ');
  return `INSERT INTO ${quoteName(table.name)} (${columns}) OVERRIDING SYSTEM VALUE
    SELECT ${values} FROM json_array_elements($1::json) AS e(r)`;
}

async function setTriggers(tx: Queryable, tables: TableShape[], state: 'ENABLE' | 'DISABLE') {
  for (const table of tables) await tx.query(`ALTER TABLE ${quoteName(table.name)} ${state} TRIGGER USER`);
}

async function loadRows(
  tx: Queryable,
  tables: Map<string, TableShape>,
  events: AsyncIterable<BackupEvent>,
  onFile: (name: string, data: Buffer) => Promise<void>,
) {
  const statements = new Map([...tables].map(([name, table]) => [name, insertStatement(table)]));
  let rows = 0;
  let files = 0;
  for await (const event of events) {
    if (event.kind === 'file') {
      await onFile(event.name, event.data);
      files += 1;
      continue;
    }
    await tx.query(statements.get(event.table)!, [`[${event.lines.join(',')}]`]);
    rows += event.lines.length;
  }
  return { rows, files };
}

async function setSequences(tx: Queryable, header: BackupHeader) {
  const { rows } = await tx.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = current_schema() AND c.relkind = 'S'`,
  );
  const present = new Set(rows.map((row) => row.name));
  for (const sequence of header.sequences) {
    if (!present.has(sequence.name))
      throw new BackupError(`The backup names a sequence ${sequence.name} that its migrations do not make.`);
    await tx.query('SELECT setval($1::regclass, $2::bigint, $3)', [
      quoteName(sequence.name),
      sequence.last_value,
      sequence.is_called,
    ]);
  }
}

/**
 * Loads a backup into an empty database, all in one transaction (a failure leaves it as empty
 * as it was): the migrations up to the backup's, its rows table by table with the tables' own
 * triggers off (the rows are as the triggers left them), the sequences where they stood, then
 * this version's later migrations. The foreign keys are checked as the rows come in.
 */
export async function restoreBackup(
  db: Database,
  backup: { header: BackupHeader; events: AsyncIterable<BackupEvent> },
  { known, onFile }: { known: readonly string[]; onFile: (name: string, data: Buffer) => Promise<void> },
): Promise<RestoreSummary> {
  const { header } = backup;
  checkMigrations(header, known);
  return db.transaction(async (tx) => {
    await holdStartupLock(tx);
    const present = await countTables(tx);
    if (present > 0) throw new TargetNotEmptyError(present);
    const last = header.migrations.at(-1);
    if (last) await applyMigrations(tx, { upTo: last });
    const target = (await readTables(tx)).filter((table) => table.name !== 'schema_migrations');
    const tables = matchTables(header, target);
    await tx.query(
      `SELECT set_config('datestyle', 'ISO, YMD', true), set_config('intervalstyle', 'postgres', true)`,
    );
    await setTriggers(tx, target, 'DISABLE');
    // Rows a migration wrote (a first catalogue version, say) give way to the backup's.
    if (target.length > 0)
      await tx.query(`TRUNCATE ${target.map((table) => quoteName(table.name)).join(', ')}`);
    const loaded = await loadRows(tx, tables, backup.events, onFile);
    await setSequences(tx, header);
    await setTriggers(tx, target, 'ENABLE');
    return { ...loaded, laterMigrations: await applyMigrations(tx) };
  });
}
