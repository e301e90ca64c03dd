import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Backend } from './bench-server.ts';
import { watchMachine } from './measure.ts';
import { Report, ROWS_MARKER, type Row } from './report.ts';
import { benchWebWeight } from './web-weight.ts';

const USAGE = `npm run bench [-- options]

Runs the real server on a fresh demo database (in a process of its own), loads it over
loopback with autocannon, drains a burst of e-mails through the job worker into a loopback SMTP
server, builds the web app, and checks the figures against bench/targets.ts.

  --only=PARTS  run only these parts, comma-separated: server, mail, web, lighthouse (default: all)
  --skip-web    do not build the web app (no first-screen weight check)
  --postgres    also run the server and mail scenarios on a new database of the DATABASE_URL server
  --scale       instead: a million bookings in database therapy_scale of the DATABASE_URL server
                (generated once, a few minutes, then reused; --regenerate makes it again), every
                admin screen's call and the public reads timed over HTTP; results in docs/benchmarks.md
  --scale-db=NAME  with --scale: use database NAME instead of therapy_scale
  --scale-bookings=N  with --scale (and a --scale-db of its own): N bookings instead of a million, to
                prove the run on a busy machine; its figures are printed, not written
  --help        this text

Exits with 1 when a target is missed.`;

const PARTS = ['server', 'mail', 'web', 'lighthouse'] as const;
type Part = (typeof PARTS)[number];

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(benchDir, '..');

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.includes('--scale')) {
    const { runScaleBench } = await import('./scale.ts');
    const { DEFAULT_SCALE_DATABASE } = await import('./scale-database.ts');
    const database = args.find((arg) => arg.startsWith('--scale-db='))?.slice('--scale-db='.length);
    const bookings = args
      .find((arg) => arg.startsWith('--scale-bookings='))
      ?.slice('--scale-bookings='.length);
    if (bookings !== undefined && (!/^\d+$/.test(bookings) || !database)) {
      console.error('bench: --scale-bookings=N takes a whole number, and a --scale-db=NAME of its own');
      return 2;
    }
    return runScaleBench({
      regenerate: args.includes('--regenerate'),
      database: database ?? DEFAULT_SCALE_DATABASE,
      bookings: bookings === undefined ? undefined : Number(bookings),
    });
  }
  const only = args.find((arg) => arg.startsWith('--only='));
  const parts = only ? only.slice('--only='.length).split(',') : [...PARTS];
  const unknown = [
    ...args.filter((arg) => arg !== only && !['--skip-web', '--postgres', '--help', '-h'].includes(arg)),
    ...parts.filter((part) => !PARTS.includes(part as Part)).map((part) => `--only=${part}`),
  ];
  if (args.includes('--help') || args.includes('-h') || unknown.length > 0) {
    if (unknown.length > 0) console.error(`bench: unknown option ${unknown.join(' ')}\n`);
    console.log(USAGE);
    return unknown.length > 0 ? 2 : 0;
  }
  const backends: Backend[] = args.includes('--postgres') ? ['pglite', 'postgres'] : ['pglite'];
  if (backends.includes('postgres') && !process.env.DATABASE_URL) {
    console.error('bench: --postgres needs DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/test');
    return 2;
  }

  // Ctrl-C reaches the scenario process too: let it clean up, then stop.
  let interrupted = false;
  process.on('SIGINT', () => {
    interrupted = true;
  });

  const report = new Report();
  const started = performance.now();
  const machine = watchMachine();
  for (const backend of backends) {
    const name = backend === 'pglite' ? 'PGlite' : 'PostgreSQL';
    if (parts.includes('server')) {
      progress(`server on ${name}: bookings, catalogue reads, memory`);
      try {
        report.rows.push(...(await runScenarioProcess('server-scenarios.ts', backend)));
      } catch (error) {
        report.failed(`server, ${name}`, error instanceof Error ? error.message : String(error));
      }
      if (interrupted) return 130;
    }
    if (parts.includes('server')) {
      progress(`the server process on ${name}: memory over a first start and public reads`);
      try {
        const { benchServerProcessMemory } = await import('./server-process-memory.ts');
        await benchServerProcessMemory(root, report, `server process, ${name}`, backend);
      } catch (error) {
        report.failed(`server process, ${name}`, error instanceof Error ? error.message : String(error));
      }
      if (interrupted) return 130;
    }
    if (parts.includes('mail')) {
      progress(`mail outbox on ${name}: 1,000 e-mails through the job worker over SMTP`);
      try {
        report.rows.push(...(await runScenarioProcess('mail-scenario.ts', backend)));
      } catch (error) {
        report.failed(`mail outbox, ${name}`, error instanceof Error ? error.message : String(error));
      }
      if (interrupted) return 130;
    }
  }
  if (!parts.includes('web')) {
    progress('web app: not selected (--only)');
  } else if (args.includes('--skip-web')) {
    progress('web app: skipped (--skip-web)');
  } else {
    progress('web app: production build, first-screen weight');
    try {
      await benchWebWeight(root, report, 'web app');
    } catch (error) {
      report.failed('web app', error instanceof Error ? error.message : String(error));
    }
  }

  if (parts.includes('lighthouse')) {
    progress('Lighthouse, mobile: /, /book in Hindi and /payment-status, 3 runs each');
    try {
      const { benchLighthouse } = await import('./lighthouse.ts');
      await benchLighthouse(root, report, 'lighthouse');
    } catch (error) {
      report.failed('lighthouse', error instanceof Error ? error.message : String(error));
    }
  }

  const { cpus, othersShare, loadBefore } = machine.stop();
  // Others taking over a quarter of the CPUs make the wall-clock figures unreliable.
  const busy = othersShare === undefined ? loadBefore / cpus > 1 : othersShare > 0.25;
  const others =
    othersShare === undefined
      ? `load average ${loadBefore.toFixed(1)} before the run`
      : `other programs used ${Math.round(othersShare * 100)}% of them during the run`;

  console.log('');
  report.print();
  console.log(
    `\nmachine: ${cpus} CPUs, ${others}${busy ? ': BUSY, so req/s, latency and Lighthouse performance are less trustworthy than CPU per request' : ''}`,
  );
  const seconds = Math.round((performance.now() - started) / 1000);
  console.log(`\nbench: ${report.met} targets met, ${report.missed} missed (${seconds} s)`);
  return report.missed > 0 ? 1 : 0;
}

/** Runs a scenario script in a child process (same tsx loader and --expose-gc) and takes its rows. */
function runScenarioProcess(script: string, backend: Backend): Promise<Row[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, path.join(benchDir, script), backend], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      const line = stdout.split('\n').find((text) => text.startsWith(ROWS_MARKER));
      // Anything else the child printed on stdout is shown as it is.
      const other = stdout
        .split('\n')
        .filter((text) => text && !text.startsWith(ROWS_MARKER))
        .join('\n');
      if (other) console.error(other);
      if (!line) {
        reject(new Error(`${script} on ${backend} ended without results (exit ${code ?? signal})`));
        return;
      }
      resolve(JSON.parse(line.slice(ROWS_MARKER.length)) as Row[]);
    });
  });
}

function progress(message: string) {
  console.error(`bench: ${message}…`);
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error('bench: failed:', error);
    process.exitCode = 1;
  },
);
