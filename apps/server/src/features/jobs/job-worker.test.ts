import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_TEST_NOW, onlineBooking } from '../../test/booking-fixtures.ts';
import { enqueueTestJob } from '../../test/job-kit.ts';
import { createTestApp } from '../../test/test-app.ts';
import { backends, createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { unpaidHoldsSweep } from '../bookings/expire-holds.ts';
import { createBookingReadsCache } from '../catalog/booking-reads-cache.ts';
import { loadDemoData } from '../demo-data/load-demo-data.ts';
import { createJobWorker, retryDelaySeconds } from './job-worker.ts';

const silentLog = { info() {}, warn() {}, error() {} };

describe.each(backends)('background work on %s', (backend) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(backend);
    await loadDemoData(db);
  });
  afterAll(() => db.drop());

  it('ends unpaid holds after PAYMENT_HOLD_MINUTES and gives the slot to the next visitor', async () => {
    const bookingReads = createBookingReadsCache();
    const { app, close } = await createTestApp(db, { now: () => BOOKING_TEST_NOW, bookingReads });
    const first = await app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: onlineBooking({ booking_date: '2026-12-01' }),
    });
    expect(first.statusCode).toBe(201);
    const id = first.json().booking_id;

    // The booking module's sweep, as server-worker.ts hands it to the worker.
    const sweeps = [unpaidHoldsSweep(db, { onExpired: bookingReads.invalidate })];
    const at = (minutes: number) => new Date(BOOKING_TEST_NOW.getTime() + minutes * 60_000);
    await createJobWorker({ db, log: silentLog, handlers: {}, sweeps, now: () => at(14) }).runOnce();
    const held = (await app.inject('/booked-slots?therapist_id=1')).json();
    expect(held).toContainEqual({ booking_date: '2026-12-01', booking_time_slot_start: '10:00:00' });

    await createJobWorker({ db, log: silentLog, handlers: {}, sweeps, now: () => at(15) }).runOnce();
    const { rows } = await db.query<{ payment_status: string }>(
      'SELECT payment_status FROM bookings WHERE id = $1',
      [id],
    );
    expect(rows[0]!.payment_status).toBe('FAILED');
    const free = (await app.inject('/booked-slots?therapist_id=1')).json();
    expect(free).not.toContainEqual({ booking_date: '2026-12-01', booking_time_slot_start: '10:00:00' });
    const second = await app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: onlineBooking({ booking_date: '2026-12-01', client_email: 'next@example.com' }),
    });
    expect(second.statusCode).toBe(201);
    await close();
  });

  it('runs each job once even with two workers on one database', async () => {
    for (let i = 0; i < 20; i++) {
      await enqueueTestJob(db, { kind: 'count', payload: { n: i }, dedupeKey: `count:${i}` });
    }
    await enqueueTestJob(db, { kind: 'count', payload: { n: 0 }, dedupeKey: 'count:0' }); // a duplicate: ignored
    const seen: number[] = [];
    const handlers = {
      count: async (payload: Record<string, unknown>) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        seen.push(Number(payload.n));
      },
    };
    const workerA = createJobWorker({ db, log: silentLog, handlers, batchSize: 3 });
    const workerB = createJobWorker({ db, log: silentLog, handlers, batchSize: 3 });
    let ran = 1;
    while (ran > 0) {
      const [a, b] = await Promise.all([workerA.runOnce(), workerB.runOnce()]);
      ran = a + b;
    }
    expect(seen.sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    const { rows } = await db.query<{ n: number }>(
      "SELECT count(*)::integer AS n FROM jobs WHERE kind = 'count' AND done_at IS NOT NULL",
    );
    expect(rows[0]!.n).toBe(20);
  });

  it('drains a burst in passes back to back, stopping at the first pass short of a batch', async () => {
    for (let i = 0; i < 7; i++) {
      await enqueueTestJob(db, { kind: 'burst', payload: { n: i }, dedupeKey: `burst:${i}` });
    }
    const seen: number[] = [];
    let passes = 0;
    const worker = createJobWorker({
      db,
      log: silentLog,
      handlers: { burst: async (payload: { n: number }) => void seen.push(payload.n) },
      batchSize: 3,
      now: () => {
        passes += 1; // once per pass, for the sweep of unpaid holds
        return new Date();
      },
    });
    await worker.drain();
    expect(passes).toBe(3); // 3 + 3 + 1 jobs
    expect(seen.sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    await worker.drain();
    expect(passes).toBe(4); // nothing left: one pass
  });

  it('runs at once, in the same drain, the jobs a chained kind writes (a booking event’s reactions)', async () => {
    await enqueueTestJob(db, { kind: 'announced', payload: { n: 1 }, dedupeKey: 'announced:1' });
    const sent: number[] = [];
    const worker = createJobWorker({
      db,
      log: silentLog,
      handlers: {
        announced: (payload: { n: number }) =>
          enqueueTestJob(db, { kind: 'reaction', payload, dedupeKey: `reaction:${payload.n}` }),
        reaction: async (payload: { n: number }) => void sent.push(payload.n),
      },
      chainedKinds: ['announced'],
    });
    await worker.drain();
    expect(sent).toEqual([1]);
  });

  it('gives back, uncounted, the jobs it could not start within half their lease', async () => {
    for (let i = 0; i < 3; i++) {
      await enqueueTestJob(db, { kind: 'slow', payload: { n: i }, dedupeKey: `slow:${i}` });
    }
    const seen: number[] = [];
    const worker = createJobWorker({
      db,
      log: silentLog,
      handlers: {
        slow: async (payload: { n: number }) => {
          await new Promise((resolve) => setTimeout(resolve, 700));
          seen.push(Number(payload.n));
        },
      },
      concurrency: 1,
      // Jobs may start for 0.5 s after they are taken; the first one takes longer than that.
      leaseSeconds: 1,
    });
    expect(await worker.runOnce()).toBe(1);
    const jobs = async () =>
      (
        await db.query<{ attempts: number; locked: boolean; done: boolean }>(
          `SELECT attempts, locked_until IS NOT NULL AS locked, done_at IS NOT NULL AS done
           FROM jobs WHERE kind = 'slow' ORDER BY done_at IS NULL, id`,
        )
      ).rows;
    expect(await jobs()).toEqual([
      { attempts: 1, locked: false, done: true },
      { attempts: 0, locked: false, done: false },
      { attempts: 0, locked: false, done: false },
    ]);
    for (let pass = 0; pass < 5 && seen.length < 3; pass++) await worker.runOnce();
    expect(seen.sort()).toEqual([0, 1, 2]);
    expect((await jobs()).every((job) => job.done && job.attempts === 1)).toBe(true);
  });

  it('once stopping, starts no more jobs and gives the rest of its batch back', async () => {
    for (let i = 0; i < 4; i++) {
      await enqueueTestJob(db, { kind: 'stopping', payload: { n: i }, dedupeKey: `stopping:${i}` });
    }
    let ran = 0;
    const worker = createJobWorker({
      db,
      log: silentLog,
      concurrency: 1,
      handlers: {
        stopping: async () => {
          ran += 1;
          void worker.stop(); // the server shuts down while the first job runs
        },
      },
    });
    expect(await worker.runOnce()).toBe(1);
    expect(ran).toBe(1);
    const { rows } = await db.query<{ attempts: number; locked: boolean; done: boolean }>(
      `SELECT attempts, locked_until IS NOT NULL AS locked, done_at IS NOT NULL AS done
       FROM jobs WHERE kind = 'stopping' ORDER BY done_at IS NULL, id`,
    );
    expect(rows).toEqual([
      { attempts: 1, locked: false, done: true },
      ...Array.from({ length: 3 }, () => ({ attempts: 0, locked: false, done: false })),
    ]);
  });

  it('gives up after the last attempt and keeps the error', async () => {
    await enqueueTestJob(db, { kind: 'always-fails', payload: {}, dedupeKey: 'fail:1' });
    await db.query("UPDATE jobs SET max_attempts = 2 WHERE dedupe_key = 'fail:1'");
    const worker = createJobWorker({
      db,
      log: silentLog,
      handlers: {
        'always-fails': async () => {
          throw new Error('provider down');
        },
      },
    });
    for (let i = 0; i < 3; i++) {
      await worker.runOnce();
      await db.query("UPDATE jobs SET run_at = now() WHERE dedupe_key = 'fail:1'");
    }
    const { rows } = await db.query<{ attempts: number; last_error: string; done_at: Date | null }>(
      "SELECT attempts, last_error, done_at FROM jobs WHERE dedupe_key = 'fail:1'",
    );
    expect(rows[0]).toEqual({ attempts: 2, last_error: 'provider down', done_at: null });
  });

  it('backs off exponentially up to an hour', () => {
    expect([1, 2, 3, 4, 10].map(retryDelaySeconds)).toEqual([30, 60, 120, 240, 3600]);
  });
});
