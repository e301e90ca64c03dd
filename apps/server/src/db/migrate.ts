import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database, Queryable } from './database.ts';

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

// Any fixed number: it names the lock that keeps two starting servers from migrating at once.
const MIGRATION_LOCK_KEY = 727_301;

/**
 * Holds the start-up lock until `tx` ends. Every write a starting server makes (migrations, demo
 * data, the first superadmin) takes it and then looks again, so instances starting together on
 * one database take turns instead of inserting the same rows twice.
 */
export async function holdStartupLock(tx: Queryable): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
}

/** The names of this version's migrations, in the order they apply. */
export async function knownMigrations(): Promise<string[]> {
  return (await readdir(migrationsDir)).filter((name) => name.endsWith('.sql')).sort();
}

/**
 * Applies, in `tx`, the migrations not yet applied, in name order: all of them, or those up to
 * and including `upTo` (a restore loads a backup at its own migration, then applies the rest).
 * The caller holds the start-up lock.
 */
export async function applyMigrations(tx: Queryable, options: { upTo?: string } = {}): Promise<string[]> {
  const files = (await knownMigrations()).filter(
    (file) => options.upTo === undefined || file <= options.upTo,
  );
  await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version text PRIMARY KEY,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  const done = new Set(
    (await tx.query<{ version: string }>('SELECT version FROM schema_migrations')).rows.map(
      (row) => row.version,
    ),
  );
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    const sql = await readFile(path.join(migrationsDir, file), 'utf8');
    await tx.exec(sql);
    await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [file]);
    applied.push(file);
  }
  return applied;
}

/**
 * Applies the SQL files of `migrations/` in name order, each once, all in one transaction.
 * Files are never edited after they land; a change is a new file.
 */
export async function migrate(db: Database): Promise<string[]> {
  return db.transaction(async (tx) => {
    await holdStartupLock(tx);
    return applyMigrations(tx);
  });
}
