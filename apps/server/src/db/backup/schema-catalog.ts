import type { Queryable } from '../database.ts';

/**
 * What a backup reads of the schema, from PostgreSQL's own catalog: the tables of the current
 * schema with their stored columns (generated ones are left out: PostgreSQL computes them), their
 * primary keys, the foreign keys between them and the sequences. Nothing here knows a table of
 * the app: a new migration's table is backed up and restored without a change here.
 */
export type TableShape = {
  name: string;
  /** `type` as the table declares it; `baseType` without its modifier (the type a value is cast to). */
  columns: { name: string; type: string; baseType: string }[];
  primaryKey: string[];
};

export type SequenceValue = { name: string; last_value: string; is_called: boolean };

/** An identifier as SQL text: "name", with any double quote doubled. */
export const quoteName = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** How many tables the current schema holds (0: an empty database). */
export async function countTables(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p')`,
  );
  return rows[0]?.count ?? 0;
}

async function readColumns(db: Queryable) {
  const { rows } = await db.query<{
    table_name: string;
    column_name: string;
    type: string;
    base_type: string;
    pk: boolean;
  }>(
    `SELECT c.relname AS table_name, a.attname AS column_name,
            format_type(a.atttypid, a.atttypmod) AS type, format_type(a.atttypid, NULL) AS base_type,
            coalesce(a.attnum = ANY (i.indkey), false) AS pk
     FROM pg_class c
     JOIN pg_namespace n ON n.oid = c.relnamespace
     JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
     LEFT JOIN pg_index i ON i.indrelid = c.oid AND i.indisprimary
     WHERE n.nspname = current_schema() AND c.relkind = 'r' AND a.attgenerated = ''
     ORDER BY c.relname, a.attnum`,
  );
  const tables = new Map<string, TableShape>();
  for (const row of rows) {
    const table = tables.get(row.table_name) ?? { name: row.table_name, columns: [], primaryKey: [] };
    tables.set(row.table_name, table);
    table.columns.push({ name: row.column_name, type: row.type, baseType: row.base_type });
    if (row.pk) table.primaryKey.push(row.column_name);
  }
  return tables;
}

/**
 * The tables of the current schema, each after the tables its foreign keys point to, so that
 * rows loaded in this order always find the rows they refer to.
 */
export async function readTables(db: Queryable): Promise<TableShape[]> {
  const tables = await readColumns(db);
  const { rows: keys } = await db.query<{ from_table: string; to_table: string }>(
    `SELECT DISTINCT f.relname AS from_table, t.relname AS to_table
     FROM pg_constraint k
     JOIN pg_class f ON f.oid = k.conrelid
     JOIN pg_class t ON t.oid = k.confrelid
     JOIN pg_namespace n ON n.oid = f.relnamespace
     WHERE k.contype = 'f' AND n.nspname = current_schema() AND f.oid <> t.oid`,
  );
  const needs = new Map<string, Set<string>>();
  for (const key of keys) {
    if (!tables.has(key.from_table) || !tables.has(key.to_table)) continue;
    needs.set(key.from_table, (needs.get(key.from_table) ?? new Set()).add(key.to_table));
  }
  const ordered: TableShape[] = [];
  const placed = new Set<string>();
  const remaining = [...tables.keys()].sort();
  while (remaining.length > 0) {
    const ready = remaining.findIndex((name) => [...(needs.get(name) ?? [])].every((to) => placed.has(to)));
    if (ready < 0) throw new Error(`Foreign keys form a cycle among tables ${remaining.join(', ')}`);
    const [name] = remaining.splice(ready, 1) as [string];
    placed.add(name);
    ordered.push(tables.get(name)!);
  }
  return ordered;
}

/** The sequences of the current schema (identity columns' too) and where each one stands. */
export async function readSequences(db: Queryable): Promise<SequenceValue[]> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = current_schema() AND c.relkind = 'S' ORDER BY c.relname`,
  );
  const values: SequenceValue[] = [];
  for (const { name } of rows) {
    const { rows: state } = await db.query<{ last_value: string; is_called: boolean }>(
      `SELECT last_value::text AS last_value, is_called FROM ${quoteName(name)}`,
    );
    values.push({ name, ...state[0]! });
  }
  return values;
}
