import { benchMailOutbox } from './mail-outbox.ts';
import { Report, ROWS_MARKER } from './report.ts';

/**
 * The mail outbox scenario on one backend, in a process of its own (run.ts starts it), so it
 * shares its event loop and memory with nothing else:
 *
 *   tsx bench/mail-scenario.ts pglite|postgres
 *
 * Progress goes to stderr; the report's rows go to stdout as one line after ROWS_MARKER.
 */

const backend = process.argv[2];
if (backend !== 'pglite' && backend !== 'postgres') {
  console.error('usage: tsx bench/mail-scenario.ts pglite|postgres');
  process.exit(2);
}

const group = `mail outbox, ${backend === 'pglite' ? 'PGlite' : 'PostgreSQL'}`;
const report = new Report();
// Ctrl-C ends the wait; the scenario then closes its servers and removes its database.
const interrupted = new AbortController();
process.once('SIGINT', () => interrupted.abort());
try {
  await benchMailOutbox(backend, report, group, interrupted.signal);
} catch (error) {
  console.error(error);
  report.failed(group, error instanceof Error ? error.message : String(error));
}
process.stdout.write(`${ROWS_MARKER}${JSON.stringify(report.rows)}\n`);
