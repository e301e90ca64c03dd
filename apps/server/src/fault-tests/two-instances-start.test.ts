import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { demoTherapists } from '../features/demo-data/demo-catalog.ts';
import { demoWeek } from '../features/demo-data/demo-schedules.ts';
import { type ServerProcess, startServerProcess } from '../test/server-process.ts';
import {
  createEmptyPostgresDatabase,
  type EmptyPostgresDatabase,
  getJson,
  postgresServerUrl,
} from './fault-kit.ts';

describe.skipIf(!postgresServerUrl)('two instances starting together on an empty PostgreSQL database', () => {
  let database: EmptyPostgresDatabase | undefined;
  let dataDirs: string[] = [];
  let servers: ServerProcess[] = [];

  afterEach(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await database?.drop();
    await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
    servers = [];
    dataDirs = [];
  });

  /** Starts one server per environment at the same moment, each with a DATA_DIR of its own. */
  async function startTogether(envs: Record<string, string>[]) {
    database = await createEmptyPostgresDatabase(postgresServerUrl!);
    dataDirs = await Promise.all(envs.map((_, n) => mkdtemp(path.join(tmpdir(), `therapy-start-${n}-`))));
    const started = await Promise.allSettled(
      envs.map((env, n) =>
        startServerProcess({ DATABASE_URL: database!.url, DATA_DIR: dataDirs[n]!, ...env }, 45_000),
      ),
    );
    servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    const failures = started.flatMap((result) =>
      result.status === 'rejected' ? [String(result.reason)] : [],
    );
    expect(failures).toEqual([]);
    for (const server of servers) {
      expect(server.output()).toContain('is running at');
      expect(await getJson(server.url, '/readyz')).toEqual({ status: 'ready' });
    }
    return servers.map((server) => server.output());
  }

  const count = async (table: string) =>
    (await database!.pool.query<{ n: number }>(`SELECT count(*)::integer AS n FROM ${table}`)).rows[0]!.n;

  it('both come up, and the demo data and the first superadmin exist once', { timeout: 60_000 }, async () => {
    const outputs = await startTogether([{ DEMO_DATA: 'true' }, { DEMO_DATA: 'true' }]);
    for (const server of servers) {
      expect(await getJson<unknown[]>(server.url, '/locations')).toHaveLength(2);
      expect(await getJson<unknown[]>(server.url, '/therapists')).toHaveLength(8);
    }
    expect(outputs.filter((output) => output.includes('Demo data loaded'))).toHaveLength(1);
    expect(outputs.filter((output) => output.includes('Superadmin created'))).toHaveLength(1);
    expect(await count('admin_users')).toBe(1);
    expect(await count('weekly_hours')).toBe(
      demoTherapists.reduce((sum, therapist) => sum + demoWeek(therapist).weekly.length, 0),
    );
  });

  it('creates one first superadmin even when the two are configured with different ones, and no demo clinic on a DATABASE_URL', {
    timeout: 60_000,
  }, async () => {
    const outputs = await startTogether(
      ['first', 'second'].map((name) => ({
        ADMIN_EMAIL: `${name}@example.com`,
        ADMIN_PASSWORD: 'a-long-password',
      })),
    );
    expect(outputs.filter((output) => output.includes('Superadmin created'))).toHaveLength(1);
    expect(await count('admin_users')).toBe(1);
    // DEMO_DATA unset with DATABASE_URL: a production database never gets the demo clinic.
    expect(outputs.some((output) => output.includes('Demo data loaded'))).toBe(false);
    expect(await getJson<unknown[]>(servers[0]!.url, '/therapists')).toHaveLength(0);
  });
});
