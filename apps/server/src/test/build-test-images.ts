import { randomBytes } from 'node:crypto';
import { rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { openPglite, openPostgres } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';

/**
 * Builds a test run's migrated databases into the folder it is given (test-images.ts), then
 * writes `ready`, or `failed` with the reason. Run by the global setup as a child process, so the
 * test runner's own process stays free while PGlite works.
 * Usage: node --import tsx build-test-images.ts <folder>
 */
const [dir] = process.argv.slice(2);
if (!dir) {
  console.error('usage: build-test-images.ts <folder>');
  process.exit(2);
}

async function buildPglite(folder: string) {
  const staging = path.join(folder, 'pglite-building');
  const db = await openPglite(staging);
  await migrate(db);
  const image = await db.dumpDataDir();
  await db.close();
  await writeFile(path.join(folder, 'pglite.tar'), new Uint8Array(await image.arrayBuffer()));
  await rename(staging, path.join(folder, 'pglite'));
}

async function buildPostgresTemplate(folder: string, serverUrl: string) {
  const name = `test_template_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  // Named before it is filled, so the teardown drops it even if the migrations fail.
  await writeFile(path.join(folder, 'postgres-template'), name);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = await openPostgres(url.toString(), { max: 1 });
  try {
    await migrate(db);
  } finally {
    // A template takes no copies while anyone is connected to it.
    await db.close();
  }
}

try {
  const serverUrl = process.env.DATABASE_URL;
  await Promise.all([buildPglite(dir), serverUrl ? buildPostgresTemplate(dir, serverUrl) : undefined]);
  await writeFile(path.join(dir, 'ready'), '');
} catch (error) {
  await writeFile(
    path.join(dir, 'failed'),
    error instanceof Error ? (error.stack ?? error.message) : String(error),
  );
  process.exit(1);
}
