import { type Backend, type BenchServer, startBenchServer } from './bench-server.ts';
import { benchBookings } from './bookings.ts';
import { bareRouteCeiling, benchCatalogue } from './catalogue.ts';
import { benchCompressedReads } from './compressed-reads.ts';
import { startMemorySampler } from './memory.ts';
import { benchOpenSlots } from './open-slots.ts';
import { Report, ROWS_MARKER } from './report.ts';

/**
 * The server scenarios on one backend, in a process of their own (run.ts starts it), so the
 * memory figures are those of one server process and not of earlier runs:
 *
 *   tsx --expose-gc bench/server-scenarios.ts pglite|postgres
 *
 * Progress goes to stderr; the report's rows go to stdout as one line after ROWS_MARKER.
 */

const backend = process.argv[2];
if (backend !== 'pglite' && backend !== 'postgres') {
  console.error('usage: tsx --expose-gc bench/server-scenarios.ts pglite|postgres');
  process.exit(2);
}

const name = backend === 'pglite' ? 'PGlite' : 'PostgreSQL';
const report = new Report();
let server: BenchServer | undefined;
// Ctrl-C still closes the server and removes its temporary database.
process.once('SIGINT', () => {
  console.error(`bench: interrupted, cleaning up (${name})`);
  (server?.close() ?? Promise.resolve()).finally(() => process.exit(130));
});
try {
  server = await startBenchServer(backend as Backend);
  const memory = startMemorySampler();
  // Bookings first, so the catalogue reads then see a busy fortnight, not an empty one.
  await benchBookings(server.url, report, `bookings, ${name}`);
  // The ratio targets hold on PostgreSQL; on PGlite the ceiling is shown, not held against it.
  const ceiling = backend === 'postgres' ? await bareRouteCeiling(report, `catalogue, ${name}`) : undefined;
  const catalogueCpuMs = await benchCatalogue(server.url, report, `catalogue, ${name}`, ceiling);
  await benchCompressedReads(server.url, report, `compressed answers, ${name}`, ceiling);
  // Last: it adds therapists and bookings the scenarios above must not see.
  await benchOpenSlots(server.db, report, `open slots, ${name}`, catalogueCpuMs);
  memory.stop(report, `memory, ${name}`, backend);
} catch (error) {
  console.error(error);
  report.failed(`server, ${name}`, error instanceof Error ? error.message : String(error));
} finally {
  await server?.close();
}
process.stdout.write(`${ROWS_MARKER}${JSON.stringify(report.rows)}\n`);
