import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { cpus, loadavg, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { todayIn } from '@therapy/shared/clinic-time';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import type { Database } from '../apps/server/src/db/database.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { openDatabase } from '../apps/server/src/db/open-database.ts';
import { createAdminUsersService } from '../apps/server/src/features/admin-auth/admin-users-service.ts';
import { loadDemoData } from '../apps/server/src/features/demo-data/load-demo-data.ts';
import { type CallTiming, outsideScheduleRatios, scaleCalls, timeCall } from './scale-calls.ts';
import { generateScaleData, markScaleData, SCALE, scaleDataMark } from './scale-data.ts';
import { ensureScaleDatabase } from './scale-database.ts';
import { type ScreenWalk, walkAdminScreens } from './scale-screens.ts';
import { addScaleSeriesUnlessThere } from './scale-series.ts';
import { targets } from './targets.ts';

/**
 * `npm run bench -- --scale` (issue 13): a million bookings on the PostgreSQL server of
 * DATABASE_URL (database `therapy_scale`, or `--scale-db=NAME`; generated once and kept), then
 * every call the admin screens make and the public reads, timed over HTTP; the results go to
 * docs/benchmarks.md.
 */
const ADMIN = { email: 'scale-bench@clinic.example', password: 'scale-bench-password' };
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function runScaleBench(options: {
  regenerate: boolean;
  database: string;
  /** A reduced run's bookings (to prove the code on a busy machine): its figures are not written. */
  bookings?: number;
}): Promise<number> {
  const bookings = options.bookings ?? SCALE.bookings;
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    console.error('bench --scale needs DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/test');
    return 2;
  }
  const log = (line: string) => console.log(`scale: ${line}`);
  const databaseUrl = await ensureScaleDatabase(serverUrl, options.database, options.regenerate);
  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'error',
    DATA_DIR: path.join(root, '.bench-scale'),
  });
  const db = await openDatabase(config);
  try {
    await migrate(db);
    const generation = await generateUnlessDone(
      db,
      todayIn(config.clinicTimeZone, new Date()),
      log,
      bookings,
    );
    const { size, server } = (
      await db.query<{ size: string; server: string }>(
        `SELECT pg_size_pretty(pg_database_size(current_database())) AS size, version() AS server`,
      )
    ).rows[0] ?? { size: '?', server: '?' };
    const counts = (
      await db.query<{ bookings: number; clients: number; therapists: number }>(
        `SELECT (SELECT count(*)::int FROM bookings) AS bookings, (SELECT count(*)::int FROM clients) AS clients,
         (SELECT count(*)::int FROM therapists) AS therapists`,
      )
    ).rows[0];
    log(`data: ${JSON.stringify(counts)}, ${size}, generation ${generation}`);
    const { rows: admins } = await db.query('SELECT 1 FROM admin_users WHERE lower(email) = $1', [
      ADMIN.email,
    ]);
    if (admins.length === 0) {
      await createAdminUsersService(db, 'bench').createAdmin({
        ...ADMIN,
        isSuperadmin: true,
        isActive: true,
      });
    }

    const webDistDir = builtWebApp(log);
    const app = await buildApp({ config, db, webDistDir });
    await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const address = app.server.address();
      if (!address || typeof address === 'string') throw new Error('no TCP address');
      const base = `http://127.0.0.1:${address.port}`;
      const login = await fetch(`${base}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: ADMIN.email, password: ADMIN.password }),
      });
      const { access_token: token, ...user } = (await login.json()) as { access_token: string };
      const calls = await scaleCalls(base, token, todayIn(config.clinicTimeZone, new Date()));
      const timings: CallTiming[] = [];
      for (const call of calls) {
        const timing = await timeCall(call);
        timings.push(timing);
        log(
          `${timing.ok ? 'ok  ' : 'MISS'} ${timing.name}: median ${timing.medianMs.toFixed(1)} ms, p95 ${timing.p95Ms.toFixed(1)} ms, p99 ${timing.p99Ms.toFixed(1)} ms, ${timing.bytes.toLocaleString('en-IN')} bytes`,
        );
      }
      const ratiosMissed = outsideScheduleRatios(timings, log);
      log('the admin screens in Chromium…');
      const screens = await walkAdminScreens(base, token, user);
      for (const screen of screens) log(`${screenOk(screen) ? 'ok  ' : 'MISS'} ${describeScreen(screen)}`);
      if (bookings === SCALE.bookings) {
        await writeResults(timings, screens, {
          ...counts,
          size,
          generation,
          server,
          database: options.database,
        });
      } else {
        log(`a reduced run (${bookings.toLocaleString('en-IN')} bookings): docs/benchmarks.md left as it is`);
      }
      const missed = timings.filter((timing) => !timing.ok).length + ratiosMissed;
      const screensMissed = screens.filter((screen) => !screenOk(screen)).length;
      console.log(
        `bench --scale: ${timings.length - missed} calls within target, ${missed} missed; ${screens.length - screensMissed} screens within target, ${screensMissed} missed`,
      );
      return missed + screensMissed > 0 ? 1 : 0;
    } finally {
      await app.close();
    }
  } finally {
    await db.close();
  }
}

function screenOk(screen: ScreenWalk): boolean {
  const limit = targets.scale.screenMs.limit;
  return (
    screen.problems.length === 0 &&
    screen.firstRowsMs <= limit &&
    (screen.nextPageMs === null || screen.nextPageMs <= limit)
  );
}

function describeScreen(screen: ScreenWalk): string {
  const next = screen.nextPageMs === null ? '' : `, next ${screen.nextPageMs.toFixed(0)} ms`;
  const problems = screen.problems.length ? ` (${screen.problems.join('; ')})` : '';
  return `${screen.name}: first rows ${screen.firstRowsMs.toFixed(0)} ms${next}; ${screen.shown}${problems}`;
}

/** The built web app to serve (apps/web/dist), built now when there is none. */
function builtWebApp(log: (line: string) => void): string {
  const dist = path.join(root, 'apps', 'web', 'dist');
  if (existsSync(path.join(dist, 'index.html'))) return dist;
  log('building the web app…');
  const build = spawnSync(path.join(root, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], {
    cwd: path.join(root, 'apps', 'web'),
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) throw new Error(`vite build failed (exit ${build.status ?? build.signal})`);
  return dist;
}

const MARK_START = '<!-- scale-results:start -->';
const MARK_END = '<!-- scale-results:end -->';

async function generateUnlessDone(
  db: Database,
  today: string,
  log: (line: string) => void,
  bookings: number,
): Promise<string> {
  const mark = await scaleDataMark(db);
  if (mark.done) {
    // Data generated before standing appointments gets its series now.
    await addScaleSeriesUnlessThere(db, log);
    const took = mark.seconds === null ? '' : ` in ${mark.seconds} s`;
    return `an earlier run (reused; generated${took} on ${String(mark.at).slice(0, 10)})`;
  }
  const started = performance.now();
  await loadDemoData(db);
  await generateScaleData(db, today, log, bookings);
  const seconds = (performance.now() - started) / 1000;
  await markScaleData(db, seconds);
  return `this run, in ${seconds.toFixed(0)} s`;
}

async function writeResults(timings: CallTiming[], screens: ScreenWalk[], data: Record<string, unknown>) {
  const file = path.join(root, 'docs', 'benchmarks.md');
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root }).toString().trim();
  // "PostgreSQL 15.20 (Debian …) on x86_64-pc-linux-gnu, compiled by …": the server, not psql.
  const pgVersion = String(data.server).split(' on ')[0];
  const lines = [
    MARK_START,
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC at commit ${commit} on ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, ${pgVersion}; load average ${loadavg()[0]?.toFixed(1)} at the end (the machine is shared).`,
    `Data: ${data.bookings} bookings, ${data.clients} distinct clients, ${data.therapists} therapists; database \`${data.database}\`, ${data.size}; generated by ${data.generation}.`,
    `Targets: median ≤ ${targets.scale.medianMs.limit} ms and answer ≤ ${targets.scale.answerBytes.limit / 1_000_000} MB for every call (the overview's: p99 ≤ ${targets.scale.overviewP99Ms.limit} ms instead of the median); ${SCALE.bookings.toLocaleString('en-IN')} bookings asked for.`,
    '',
    '| call | median ms | p95 ms | p99 ms | answer bytes | within target |',
    '| --- | ---: | ---: | ---: | ---: | --- |',
    ...timings.map(
      (t) =>
        `| ${t.name} | ${t.medianMs.toFixed(1)} | ${t.p95Ms.toFixed(1)} | ${t.p99Ms.toFixed(1)} | ${t.bytes.toLocaleString('en-IN')} | ${t.ok ? 'yes' : `**no**${t.error ? ` (${t.error})` : ''}`} |`,
    ),
    '',
    `The admin screens in Chromium (1280×800), signed in as a superadmin: from opening the screen to its first rows, and from Next (or Show more) to the next rows; target ≤ ${targets.scale.screenMs.limit.toLocaleString('en-IN')} ms each, with no error shown, logged or answered.`,
    '',
    '| screen | first rows ms | next page ms | shown | within target |',
    '| --- | ---: | ---: | --- | --- |',
    ...screens.map(
      (screen) =>
        `| ${screen.name} | ${screen.firstRowsMs.toFixed(0)} | ${screen.nextPageMs?.toFixed(0) ?? '–'} | ${screen.shown} | ${screenOk(screen) ? 'yes' : `**no**${screen.problems.length ? ` (${screen.problems.slice(0, 3).join('; ')})` : ''}`} |`,
    ),
    MARK_END,
  ];
  const current = await readFile(file, 'utf8').catch(() => `# Benchmarks\n\n${MARK_START}\n${MARK_END}\n`);
  const start = current.indexOf(MARK_START);
  const end = current.indexOf(MARK_END);
  const next =
    start >= 0 && end > start
      ? current.slice(0, start) + lines.join('\n') + current.slice(end + MARK_END.length)
      : `${current.trimEnd()}\n\n${lines.join('\n')}\n`;
  await writeFile(file, next);
}
