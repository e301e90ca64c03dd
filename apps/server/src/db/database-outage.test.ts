import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unpaidHoldsSweep } from '../features/bookings/expire-holds.ts';
import { loadDemoData } from '../features/demo-data/load-demo-data.ts';
import { createJobWorker, type JobWorker } from '../features/jobs/job-worker.ts';
import { SERVICE_UNAVAILABLE_MESSAGE } from '../http/service-unavailable.ts';
import { bearer, createAdminUser, PASSWORD, signIn } from '../test/admin-test-kit.ts';
import { BOOKING_TEST_NOW, onlineBooking } from '../test/booking-fixtures.ts';
import { enqueueTestJob } from '../test/job-kit.ts';
import { recordingLog } from '../test/recording-log.ts';
import { freePort, runServerToExit } from '../test/server-process.ts';
import { type CutMode, startTcpProxy, type TcpProxy } from '../test/tcp-proxy.ts';
import { createTestApp } from '../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { type Database, openPostgres } from './database.ts';
import { isDatabaseUnavailable } from './database-errors.ts';

/**
 * The app on a PostgreSQL database reached through a proxy the test cuts and restores: the
 * shared server itself never stops. PGlite runs in process and cannot become unreachable.
 */
const CONNECTION_TIMEOUT_MS = 1000;
const HEAL_WITHIN_MS = 15_000;
const ADMIN_EMAIL = 'outage-admin@example.com';

type Call = { method: 'GET' | 'POST'; url: string; payload?: object; admin?: boolean };

// Reads that ask the database each time. The public reads are kept in memory and may still
// answer for up to a second into an outage: the catalogue until its version check fails (ADR
// 035), the slots until they are a second old (ADR 036).
const READS: Call[] = [
  { method: 'GET', url: '/api/admin/bookings?limit=5', admin: true },
  { method: 'GET', url: '/api/admin/locations', admin: true },
];
const BOOKING: Call = { method: 'POST', url: '/api/bookings', payload: onlineBooking() };
const SIGN_IN: Call = {
  method: 'POST',
  url: '/api/admin/login',
  payload: { username: ADMIN_EMAIL, password: PASSWORD },
};

describe.skipIf(!process.env.DATABASE_URL)('a PostgreSQL outage', () => {
  let direct: TestDatabase;
  let proxy: TcpProxy;
  let db: Database;
  let app: FastifyInstance;
  let closeApp: () => Promise<void>;
  let worker: JobWorker;
  let token: string;
  const workerLog = recordingLog();
  const handled: number[] = [];
  let cutAt = 0;
  let restoredAt = 0;

  const send = (call: Call) =>
    app.inject({
      method: call.method,
      url: call.url,
      payload: call.payload,
      headers: call.admin ? bearer(token) : {},
    });

  beforeAll(async () => {
    direct = await createTestDatabase('postgres');
    await loadDemoData(direct);
    await createAdminUser(direct, ADMIN_EMAIL);
    const server = new URL(direct.url!);
    proxy = await startTcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
    db = await openPostgres(proxy.urlThrough(direct.url!), {
      max: 5,
      connectionTimeoutMillis: CONNECTION_TIMEOUT_MS,
    });
    // Rate limits on (in memory), so their path is part of what must not fail.
    ({ app, close: closeApp } = await createTestApp(db, {
      now: () => BOOKING_TEST_NOW,
      env: { RATE_LIMIT_BOOKINGS: '1000', RATE_LIMIT_LOOKUPS: '1000' },
    }));
    const handlers = {
      note: async (payload: Record<string, unknown>) => void handled.push(Number(payload.n)),
    };
    worker = createJobWorker({
      db,
      log: workerLog.log,
      handlers,
      sweeps: [unpaidHoldsSweep(db)],
      pollMs: 50,
    });
    worker.start();
  });
  afterAll(async () => {
    await worker?.stop();
    await closeApp?.();
    await db?.close();
    await proxy?.close();
    await direct?.drop();
  });

  it('answers as usual while the database is reachable', async () => {
    token = await signIn(app, ADMIN_EMAIL);
    for (const call of READS) expect((await send(call)).statusCode, call.url).toBe(200);
    expect((await app.inject('/readyz')).json()).toEqual({ status: 'ready' });
  });

  async function expectUnavailable(mode: CutMode) {
    const calls = [...READS, BOOKING, SIGN_IN];
    const started = Date.now();
    const responses = await Promise.all(calls.map(send));
    // Fails fast: the pool's connection timeout, not the operating system's, ends the wait.
    expect(Date.now() - started).toBeLessThan(CONNECTION_TIMEOUT_MS * 3);
    for (const [index, response] of responses.entries()) {
      const call = `${mode}: ${calls[index]?.method} ${calls[index]?.url}`;
      expect(response.statusCode, `${call}: ${response.body}`).toBe(503);
      expect(response.headers['retry-after'], call).toBe('5');
      expect(response.json(), call).toEqual({ detail: SERVICE_UNAVAILABLE_MESSAGE });
    }
    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.headers['retry-after']).toBe('5');
    expect(ready.json()).toEqual({ status: 'database unavailable', detail: SERVICE_UNAVAILABLE_MESSAGE });
    const live = await app.inject('/healthz');
    expect([live.statusCode, live.json()]).toEqual([200, { status: 'ok' }]);
  }

  it('answers 503 with Retry-After while the server refuses connections', async () => {
    cutAt = Date.now();
    await proxy.cut('refuse');
    await expectUnavailable('refuse');
  });

  it('answers 503 within the connection timeout while the network drops everything', async () => {
    await proxy.cut('hang');
    await expectUnavailable('hang');
    await proxy.cut('reset');
    await expectUnavailable('reset');
  });

  it('heals by itself: every call answers again and a booking goes through', async () => {
    await proxy.restore();
    restoredAt = Date.now();
    let statuses: number[] = [];
    while (Date.now() - restoredAt < HEAL_WITHIN_MS) {
      statuses = [];
      for (const call of [...READS, { method: 'GET', url: '/readyz' } as Call]) {
        statuses.push((await send(call)).statusCode);
      }
      if (statuses.every((status) => status === 200)) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(statuses).toEqual([...READS, 'readyz'].map(() => 200));
    console.info(`database outage: all calls answered 200 ${Date.now() - restoredAt} ms after restore`);
    // The slot the outage's attempt asked for is free: that attempt left nothing behind.
    const booked = await send(BOOKING);
    expect(booked.statusCode, booked.body).toBe(201);
    expect(await signIn(app, ADMIN_EMAIL)).toEqual(expect.any(String));
  });

  it('keeps the job worker polling with backoff and a few warnings, then runs jobs again', async () => {
    await enqueueTestJob(direct, { kind: 'note', payload: { n: 1 }, dedupeKey: 'outage:note:1' });
    const waitedFrom = Date.now();
    const resumedLine = () => workerLog.lines.find((line) => line.message === 'job worker resumed');
    while (!(handled.includes(1) && resumedLine()) && Date.now() - waitedFrom < HEAL_WITHIN_MS) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(handled).toEqual([1]);

    const outageMs = restoredAt - cutAt;
    const warnings = workerLog.lines.filter((line) => line.level === 'warn');
    expect(workerLog.lines.filter((line) => line.level === 'error')).toEqual([]);
    expect(warnings.length).toBeGreaterThan(0);
    expect(warnings.length).toBeLessThanOrEqual(Math.log2(outageMs / 50) + 1);
    // Polling every 50 ms would have failed outageMs / 50 times; the backoff fails far fewer.
    const failedPasses = Number(resumedLine()?.fields.failedPasses);
    expect(failedPasses).toBeGreaterThan(0);
    expect(failedPasses).toBeLessThan(outageMs / 50 / 4);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('a transaction cut off mid-way', () => {
  let direct: TestDatabase;
  let proxy: TcpProxy;
  let db: Database;
  beforeAll(async () => {
    direct = await createTestDatabase('postgres');
    const server = new URL(direct.url!);
    proxy = await startTcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
    db = await openPostgres(proxy.urlThrough(direct.url!), { max: 2, connectionTimeoutMillis: 1000 });
  });
  afterAll(async () => {
    await db?.close();
    await proxy?.close();
    await direct?.drop();
  });

  it('fails as unavailable without crashing the process, and the pool serves again after', async () => {
    let reachedMiddle!: () => void;
    const middle = new Promise<void>((resolve) => {
      reachedMiddle = resolve;
    });
    const interrupted = db.transaction(async (tx) => {
      await tx.query('SELECT 1');
      reachedMiddle();
      await new Promise((resolve) => setTimeout(resolve, 300));
      await tx.query('SELECT 2');
    });
    await middle;
    await proxy.cut('refuse');
    const failure = await interrupted.then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(isDatabaseUnavailable(failure), String(failure)).toBe(true);

    await proxy.restore();
    // Both pooled connections were lost: each of these needs a fresh one, not a broken leftover.
    const results = await Promise.all(
      [1, 2, 3].map((n) => db.transaction((tx) => tx.query<{ n: number }>('SELECT $1::integer AS n', [n]))),
    );
    expect(results.map((result) => result.rows[0]?.n)).toEqual([1, 2, 3]);
  });
});

describe('a start while the database is down', () => {
  it('stops with one line that says what to do', async () => {
    const closedPort = await freePort();
    const dataDir = await mkdtemp(path.join(tmpdir(), 'therapy-outage-'));
    const { code, output } = await runServerToExit({
      DATABASE_URL: `postgres://postgres@127.0.0.1:${closedPort}/therapy`,
      DATA_DIR: dataDir,
    });
    await rm(dataDir, { recursive: true, force: true });
    expect(code).toBe(1);
    expect(output.trim()).toBe(
      `The database of DATABASE_URL cannot be reached (connect ECONNREFUSED 127.0.0.1:${closedPort}); start PostgreSQL or correct DATABASE_URL, then start again.`,
    );
  });
});
