import path from 'node:path';
import type { AppConfig } from '../config.ts';
import { type Database, openPglite, openPostgres } from './database.ts';

/** The configured backend: the PostgreSQL server of DATABASE_URL, else PGlite in DATA_DIR/pglite. */
export function openDatabase(config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>): Promise<Database> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl)
    : openPglite(path.join(config.dataDir, 'pglite'));
}
