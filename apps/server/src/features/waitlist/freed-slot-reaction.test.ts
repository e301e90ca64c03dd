import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createAdminUser,
  insertClientBooking,
  JWT_SECRET,
  NOW,
  signIn,
} from '../../test/admin-test-kit.ts';
import { reactToBookingEvents } from '../../test/booking-events-kit.ts';
import { createDemoTestApp } from '../../test/test-app.ts';
import { backends, type TestDatabase } from '../../test/test-database.ts';
import { join, offersOf, WAITLIST_KEY } from '../../test/waitlist-kit.ts';
import { expireUnpaidHolds } from '../bookings/expire-holds.ts';
import type { JobRow } from '../jobs/job-kinds.ts';
import { completeJob } from '../jobs/jobs-repo.ts';
import type { Mailer } from '../messages/email/mailer.ts';
import { createWaitlistJobHandlers } from './waitlist-jobs.ts';

const DAY = '2026-11-23';
const LATER = '2026-11-24';
const MINUTE = 60_000;
const TIMES = ['09:00', '10:00', '11:00', '12:00', '14:00', '15:00', '16:00', '17:00', '18:00', '19:00'];

/**
 * A freed slot is offered to the line by the reaction to the booking event alone (decision 043):
 * the periodic sweep is never run here. A replayed event or job offers nothing twice.
 */
describe.each(backends)('the waitlist reacting to a freed slot on %s', (backend) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let admin: string;
  let offeredCalls = 0;
  let runFreedSlotJobs: () => Promise<number>;

  beforeAll(async () => {
    ({ db, app, close } = await createDemoTestApp(backend, {
      now: () => NOW,
      env: { JWT_SECRET, PUBLIC_URL: 'http://book.test' },
    }));
    await createAdminUser(db, 'freed-desk@example.com');
    admin = await signIn(app, 'freed-desk@example.com');
    // The offer's e-mail is the 'waitlist.offer' job's (queued, not run here): nothing is sent.
    const mailer: Mailer = { send: async () => {}, close() {} };
    const handlers = createWaitlistJobHandlers(
      db,
      mailer,
      {
        timeZone: 'Asia/Kolkata',
        publicUrl: 'http://book.test',
        productName: 'Test',
        offerMinutes: 30,
        key: WAITLIST_KEY,
        onOffered: () => {
          offeredCalls += 1;
        },
      },
      { now: () => NOW },
    );
    // The freed-slot jobs the reactions queued, run as the worker would (and marked done).
    runFreedSlotJobs = async () => {
      const { rows } = await db.query<JobRow>(
        `SELECT id, kind, payload, attempts, max_attempts FROM jobs
         WHERE done_at IS NULL AND kind = 'waitlist.offer_freed_slot' ORDER BY id`,
      );
      for (const job of rows) {
        await handlers['waitlist.offer_freed_slot'](job.payload as { therapist_id: number }, job);
        await completeJob(db, job.id);
      }
      return rows.length;
    };
  });
  afterAll(() => close());

  const freedSlotJobs = async () =>
    (
      await db.query<{ payload: { therapist_id: number } }>(
        `SELECT payload FROM jobs WHERE kind = 'waitlist.offer_freed_slot' ORDER BY id`,
      )
    ).rows.map((row) => row.payload);

  it("offers a cancelled booking's slot to the first person waiting, once however often replayed", async () => {
    const taken = [];
    for (const start of TIMES) {
      taken.push(await insertClientBooking(db, { therapistId: 1, bookingDate: DAY, startTime: start }));
    }
    const first = await join(app, { client_email: 'first@example.com' });
    const second = await join(app, { client_email: 'second@example.com' });
    const cancelled = await app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${taken[1]!.id}/cancel`,
      headers: bearer(admin),
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    // The event's job, run twice (a worker died after the reaction, before marking it done).
    const event = (
      await db.query<JobRow>(
        `SELECT id, kind, payload, attempts, max_attempts FROM jobs WHERE kind = 'booking.cancelled'
         AND (payload->>'booking_id')::int = $1`,
        [taken[1]!.id],
      )
    ).rows[0]!;
    expect(event.payload).toMatchObject({ therapist_id: 1 });
    await reactToBookingEvents(db);
    await db.query('UPDATE jobs SET done_at = NULL WHERE id = $1', [event.id]);
    await reactToBookingEvents(db);
    expect(await freedSlotJobs()).toEqual([{ therapist_id: 1 }]);

    expect(await runFreedSlotJobs()).toBe(1);
    expect(offeredCalls).toBe(1);
    expect(await offersOf(db, first.id)).toMatchObject([{ slot: `${DAY} 10:00`, outcome: 'open' }]);
    expect(await offersOf(db, second.id)).toEqual([]);

    // The job itself replayed: the first person holds their offer, the slot is no longer open.
    await db.query(`UPDATE jobs SET done_at = NULL WHERE kind = 'waitlist.offer_freed_slot'`);
    expect(await runFreedSlotJobs()).toBe(1);
    expect(await offersOf(db, first.id)).toHaveLength(1);
    expect(await offersOf(db, second.id)).toEqual([]);
    expect(offeredCalls).toBe(1);
  });

  it('announces a lapsed hold as booking.released once, and its slot goes to the next person waiting', async () => {
    // Therapist 1's next day full, one of its slots an unpaid hold that has run out.
    for (const start of TIMES) {
      if (start === '11:00') continue;
      await insertClientBooking(db, { therapistId: 1, bookingDate: LATER, startTime: start });
    }
    const hold = await insertClientBooking(db, {
      therapistId: 1,
      bookingDate: LATER,
      startTime: '11:00',
      paymentStatus: 'INITIATED',
      holdExpiresAt: new Date(NOW.getTime() - MINUTE),
    });
    const waiting = await join(app, { client_email: 'waiting@example.com', preferred_dates: [LATER] });

    expect(await expireUnpaidHolds(db, NOW)).toEqual([hold.id]);
    expect(await expireUnpaidHolds(db, NOW)).toEqual([]);
    const released = await db.query<{ payload: Record<string, unknown> }>(
      `SELECT payload FROM jobs WHERE kind = 'booking.released'`,
    );
    expect(released.rows.map((row) => row.payload)).toEqual([
      {
        booking_id: hold.id,
        therapist_id: 1,
        booking_date: LATER,
        start_time: '11:00:00',
        released_at: NOW.toISOString(),
      },
    ]);

    await reactToBookingEvents(db);
    expect(await runFreedSlotJobs()).toBe(1);
    expect(await offersOf(db, waiting.id)).toMatchObject([{ slot: `${LATER} 11:00`, outcome: 'open' }]);
  });

  it('announces a lifted admin block as booking.released, and its slot goes to the line', async () => {
    const LAST = '2026-11-25';
    for (const start of TIMES) {
      if (start !== '11:00')
        await insertClientBooking(db, { therapistId: 1, bookingDate: LAST, startTime: start });
    }
    const toggle = async () =>
      (
        await app.inject({
          method: 'POST',
          url: '/api/admin/availability/block',
          headers: bearer(admin),
          payload: { therapist_id: 1, date: LAST, start_time: '11:00' },
        })
      ).json() as { blocked: boolean; booking_id: number };
    const block = await toggle();
    expect(block.blocked).toBe(true);
    const waiting = await join(app, { client_email: 'after-block@example.com', preferred_dates: [LAST] });
    expect((await toggle()).blocked).toBe(false);

    const released = await db.query<{ payload: Record<string, unknown> }>(
      `SELECT payload FROM jobs WHERE kind = 'booking.released' AND (payload->>'booking_id')::int = $1`,
      [block.booking_id],
    );
    expect(released.rows.map((row) => row.payload)).toMatchObject([
      { therapist_id: 1, booking_date: LAST, start_time: '11:00:00' },
    ]);
    await reactToBookingEvents(db);
    expect(await runFreedSlotJobs()).toBe(1);
    expect(await offersOf(db, waiting.id)).toMatchObject([{ slot: `${LAST} 11:00`, outcome: 'open' }]);
  });
});
