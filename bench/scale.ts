import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { todayIn } from '@therapy/shared/clinic-time';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { openDatabase } from '../apps/server/src/db/open-database.ts';
import { createAdminUsersService } from '../apps/server/src/features/admin-auth/admin-users-service.ts';
import { loadDemoData } from '../apps/server/src/features/demo-data/load-demo-data.ts';
import { type CallTiming, scaleCalls, timeCall } from './scale-calls.ts';
import { generateScaleData, hasScaleData, SCALE } from './scale-data.ts';
import { targets } from './targets.ts';

/**
 * `npm run bench -- --scale` (issue 13): a million bookings on the PostgreSQL server of
 * DATABASE_URL (database `therapy_scale`, generated once and kept), then every call the admin
 * screens make and the public reads, timed over HTTP; the results go to docs/benchmarks.md.
 */
const SCALE_DATABASE = 'therapy_scale';
const ADMIN = { email: 'scale-bench@clinic.example', password: 'scale-bench-password' };
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function ensureDatabase(serverUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [SCALE_DATABASE]);
    if (rows.length === 0) await client.query(`CREATE DATABASE ${SCALE_DATABASE}`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${SCALE_DATABASE}`;
  return url.toString();
}

export async function runScaleBench(options: { regenerate: boolean }): Promise<number> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    console.error('bench --scale needs DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/test');
    return 2;
  }
  const log = (line: string) => console.log(`scale: ${line}`);
  const databaseUrl = await ensureDatabase(serverUrl);
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
    let generation = 'an earlier run (reused)';
    if (options.regenerate || !(await hasScaleData(db))) {
      if (options.regenerate) await db.exec('DROP TABLE IF EXISTS bench_scale_done');
      const started = performance.now();
      await loadDemoData(db);
      await generateScaleData(db, todayIn(config.clinicTimeZone, new Date()), log);
      generation = `this run, ${((performance.now() - started) / 1000).toFixed(0)} s`;
    }
    const size = (
      await db.query<{ size: string }>('SELECT pg_size_pretty(pg_database_size(current_database())) AS size')
    ).rows[0]?.size;
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

    const app = await buildApp({ config, db });
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
      const token = ((await login.json()) as { access_token: string }).access_token;
      const calls = await scaleCalls(base, token, todayIn(config.clinicTimeZone, new Date()));
      const timings: CallTiming[] = [];
      for (const call of calls) {
        const timing = await timeCall(call);
        timings.push(timing);
        log(
          `${timing.ok ? 'ok  ' : 'MISS'} ${timing.name}: median ${timing.medianMs.toFixed(1)} ms, p95 ${timing.p95Ms.toFixed(1)} ms, ${timing.bytes.toLocaleString('en-IN')} bytes`,
        );
      }
      await writeResults(timings, { ...counts, size, generation } as Record<string, unknown>);
      const missed = timings.filter((timing) => !timing.ok).length;
      console.log(`bench --scale: ${timings.length - missed} calls within target, ${missed} missed`);
      return missed > 0 ? 1 : 0;
    } finally {
      await app.close();
    }
  } finally {
    await db.close();
  }
}

const MARK_START = '<!-- scale-results:start -->';
const MARK_END = '<!-- scale-results:end -->';

async function writeResults(timings: CallTiming[], data: Record<string, unknown>) {
  const file = path.join(root, 'docs', 'benchmarks.md');
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root }).toString().trim();
  const pgVersion = execFileSync('psql', ['--version']).toString().trim();
  const lines = [
    MARK_START,
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC at commit ${commit} on ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, ${pgVersion}.`,
    `Data: ${data.bookings} bookings, ${data.clients} distinct clients, ${data.therapists} therapists; database ${data.size}; generated by ${data.generation}.`,
    `Targets: median ≤ ${targets.scale.medianMs.limit} ms and answer ≤ ${targets.scale.answerBytes.limit / 1_000_000} MB for every call; ${SCALE.bookings.toLocaleString('en-IN')} bookings asked for.`,
    '',
    '| call | median ms | p95 ms | answer bytes | within target |',
    '| --- | ---: | ---: | ---: | --- |',
    ...timings.map(
      (t) =>
        `| ${t.name} | ${t.medianMs.toFixed(1)} | ${t.p95Ms.toFixed(1)} | ${t.bytes.toLocaleString('en-IN')} | ${t.ok ? 'yes' : `**no**${t.error ? ` (${t.error})` : ''}`} |`,
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
