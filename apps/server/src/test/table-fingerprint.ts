import type { Database } from '../db/database.ts';

/** Per table: its row count and an md5 of its rows in a stable order. */
export type Fingerprint = Map<string, string>;

/**
 * A cheap fingerprint of every table of the schema, in one query, to tell whether a request
 * changed any row. Tables are read from information_schema, so a new migration is covered too.
 *
 * The digests are read again only when a transaction that wrote something (one given a
 * transaction id) has ended since the last reading: no row changes without one. The server's
 * snapshot (pg_current_snapshot) says so in a fraction of a millisecond, where the digests take
 * about 60 ms on PGlite. On a PostgreSQL server other databases' transactions move it too, and
 * the digests are read every time, as before.
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
  const snapshot = async () =>
    (await db.query<{ snapshot: string }>('SELECT pg_current_snapshot()::text AS snapshot')).rows[0]!
      .snapshot;
  let last: { snapshot: string; fingerprint: Fingerprint } | undefined;
  return {
    tables,
    async take(): Promise<Fingerprint> {
      // Read before the digests: a write ending in between makes the next reading differ, never hides.
      const now = await snapshot();
      if (last?.snapshot === now) return last.fingerprint;
      const result = await db.query<{ name: string; digest: string }>(sql);
      last = { snapshot: now, fingerprint: new Map(result.rows.map((row) => [row.name, row.digest])) };
      return last.fingerprint;
    },
  };
}

/** The tables whose fingerprint differs, leaving out `ignored` ones. */
export function changedTables(before: Fingerprint, after: Fingerprint, ignored: readonly string[] = []) {
  return [...before.keys()].filter(
    (table) => !ignored.includes(table) && before.get(table) !== after.get(table),
  );
}
