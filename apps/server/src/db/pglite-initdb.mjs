// Creates a PGlite data directory (initdb) and exits: run by openPglite in a child process, so
// initdb's memory (about 800 MB at its peak) goes back to the system before the server opens
// the directory (ADR 035). Usage: node pglite-initdb.mjs <directory>
import { PGlite } from '@electric-sql/pglite';

const [directory] = process.argv.slice(2);
if (!directory) {
  console.error('usage: node pglite-initdb.mjs <directory>');
  process.exit(2);
}
const db = new PGlite({ dataDir: directory });
await db.waitReady;
await db.close();
