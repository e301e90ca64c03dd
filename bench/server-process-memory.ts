import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { SERVER_NODE_FLAGS, TYPESCRIPT_FLAGS } from '../scripts/server-node-flags.mjs';
import { type Backend, createPostgresDatabase } from './bench-server.ts';
import type { Report } from './report.ts';
import { targets } from './targets.ts';

const READS = [
  '/therapists',
  '/locations',
  '/services',
  '/availability-slots?therapist_id=1',
  '/booked-slots?therapist_id=1',
  '/api/open-slots?therapist_id=1',
];

/** VmHWM (peak RSS since it started) of a process, in MB; undefined off Linux. */
function peakRssMb(pid: number): number | undefined {
  try {
    const kb = Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmHWM:\s+(\d+)/)?.[1]);
    return Number.isFinite(kb) && kb > 0 ? Math.round(kb / 102.4) / 10 : undefined;
  } catch {
    return undefined;
  }
}

function serverEnv(dataDir: string, databaseUrl: string | undefined) {
  const env: Record<string, string | undefined> = {
    ...process.env,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'error',
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  return env;
}

/**
 * The server as `npm start` runs it (main.ts, its own process, a new DATA_DIR or database): its
 * peak RSS over the whole first start (initdb, migrations, demo data) and 10 s of public reads
 * (issue 13). The load comes from this process, so the figure is the server's alone.
 */
export async function benchServerProcessMemory(
  root: string,
  report: Report,
  group: string,
  backend: Backend,
) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'therapy-bench-start-'));
  const database = backend === 'postgres' ? await createPostgresDatabase() : undefined;
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, ...TYPESCRIPT_FLAGS, path.join(root, 'apps/server/src/main.ts')],
    {
      cwd: root,
      env: serverEnv(dataDir, database?.url),
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let output = '';
      const timer = setTimeout(
        () => reject(new Error(`the server did not start in 120 s: ${output}`)),
        120_000,
      );
      child.stdout.setEncoding('utf8');
      child.stdout.on('data', (chunk: string) => {
        output += chunk;
        const found = output.match(/http:\/\/(?:127\.0\.0\.1|localhost):\d+/);
        if (found) {
          clearTimeout(timer);
          resolve(found[0].replace('localhost', '127.0.0.1'));
        }
      });
      child.on('exit', (code) => reject(new Error(`the server exited (${code}): ${output}`)));
    });
    const afterStart = peakRssMb(child.pid ?? 0);
    await autocannon({
      url,
      connections: 10,
      duration: 10,
      requests: READS.map((p) => ({ method: 'GET', path: p })),
    });
    const afterLoad = peakRssMb(child.pid ?? 0);
    if (afterStart === undefined || afterLoad === undefined) return;
    report.info(group, 'the server process (main.ts): peak RSS over its start', afterStart, 'MB');
    report.check(
      group,
      'the server process: peak RSS over its start and 10 s of public reads',
      afterLoad,
      backend === 'pglite' ? targets.memory.serverPeakRssEmbeddedMb : targets.memory.serverPeakRssPostgresMb,
    );
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve).once('error', resolve));
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
