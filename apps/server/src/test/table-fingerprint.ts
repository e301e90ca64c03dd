import type { Database } from '../db/database.ts';

/** Per table: its row count and an md5 of its rows in a stable order. */
export type Fingerprint = Map<string, string>;

/**
 * A cheap fingerprint of every table of the schema, in one query, to tell whether a request
 * changed any row. Tables are read from information_schema, so a new migration is covered too.
 */
export async function createTableFingerprinter(db: Database) {
  const { rows } = await db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables
     WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const tables = rows.map((row) => row.table_name);
  const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
  const sql = tables
    .map(
      (table) =>
        `SELECT '${table.replaceAll("'", "''")}' AS name, count(*) || ':' ||
           md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest
         FROM ${quote(table)} t`,
    )
    .join(' UNION ALL ');
  return {
    tables,
    async take(): Promise<Fingerprint> {
      const result = await db.query<{ name: string; digest: string }>(sql);
      return new Map(result.rows.map((row) => [row.name, row.digest]));
    },
  };
}

/** The tables whose fingerprint differs, leaving out `ignored` ones. */
export function changedTables(before: Fingerprint, after: Fingerprint, ignored: readonly string[] = []) {
  return [...before.keys()].filter(
    (table) => !ignored.includes(table) && before.get(table) !== after.get(table),
  );
}
