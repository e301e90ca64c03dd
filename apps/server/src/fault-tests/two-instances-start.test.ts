import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoTherapists } from '../features/demo-data/demo-catalog.ts';
import { type ServerProcess, startServerProcess } from '../test/server-process.ts';
import {
  createEmptyPostgresDatabase,
  type EmptyPostgresDatabase,
  getJson,
  postgresServerUrl,
} from './fault-kit.ts';

describe.skipIf(!postgresServerUrl)('two instances starting together on an empty PostgreSQL database', () => {
  let database: EmptyPostgresDatabase;
  let dataDirs: string[] = [];
  let servers: ServerProcess[] = [];

  beforeAll(async () => {
    database = await createEmptyPostgresDatabase(postgresServerUrl!);
    dataDirs = await Promise.all([1, 2].map((n) => mkdtemp(path.join(tmpdir(), `therapy-start-${n}-`))));
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await database?.drop();
    await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('both come up, and the demo data and the first superadmin exist once', { timeout: 60_000 }, async () => {
    const started = await Promise.allSettled(
      dataDirs.map((dataDir) =>
        startServerProcess({ DATABASE_URL: database.url, DATA_DIR: dataDir }, 45_000),
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
      expect(await getJson<unknown[]>(server.url, '/locations')).toHaveLength(2);
      expect(await getJson<unknown[]>(server.url, '/therapists')).toHaveLength(8);
    }
    const outputs = servers.map((server) => server.output());
    expect(outputs.filter((output) => output.includes('Demo data loaded'))).toHaveLength(1);
    expect(outputs.filter((output) => output.includes('Superadmin created'))).toHaveLength(1);
    const { rows } = await database.pool.query<{ admins: number; slots: number }>(
      `SELECT (SELECT count(*)::integer FROM admin_users) AS admins,
              (SELECT count(*)::integer FROM availability_slots) AS slots`,
    );
    expect(rows[0]).toEqual({
      admins: 1,
      slots: demoTherapists.reduce((sum, therapist) => sum + therapist.starts.length, 0),
    });
  });
});
