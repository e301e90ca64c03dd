import { holdsSlot, PAYMENT_STATUSES } from '@therapy/shared/booking-states';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdsSlotSql } from '../../db/holds-slot-sql.ts';
import {
  bearer,
  createAdminUser,
  insertClientBooking,
  JWT_SECRET,
  NOW,
  signIn,
} from '../../test/admin-test-kit.ts';
import { createDemoTestApp } from '../../test/test-app.ts';
import { backends, type TestDatabase } from '../../test/test-database.ts';
import { lockBooking } from './bookings-repo.ts';
import { expireUnpaidHolds, markPaymentFailed } from './expire-holds.ts';
import { markBookingPaid } from './mark-paid.ts';
import { markLatePaymentForRefund } from './refund-marks.ts';

const TOMORROW = '2026-11-23';

/** The shared transition table (packages/shared/src/booking-states.ts) as the server applies it. */
describe.each(backends)('booking transitions on %s', (backend) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let token: string;

  beforeAll(async () => {
    ({ db, app, close } = await createDemoTestApp(backend, { now: () => NOW, env: { JWT_SECRET } }));
    await createAdminUser(db, 'transitions@example.com');
    token = await signIn(app, 'transitions@example.com');
  });
  afterAll(() => close());

  const post = (url: string, payload?: object) =>
    app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const row = async (id: number) =>
    (
      await db.query<{ payment_status: string; cancelled: boolean; needs_refund: boolean }>(
        'SELECT payment_status, cancelled, needs_refund FROM bookings WHERE id = $1',
        [id],
      )
    ).rows[0];

  it('refuses with 409 to cancel an unblocked slot again (CANCELLED moves nowhere)', async () => {
    const blocked = await post('/api/admin/availability/block', {
      therapist_id: 1,
      date: TOMORROW,
      start_time: '11:00',
    });
    const id = blocked.json().booking_id;
    const unblocked = await post(`/api/admin/bookings/${id}/cancel`);
    expect(unblocked.statusCode).toBe(200);
    expect(unblocked.json()).toMatchObject({ unblocked: true, payment_status: 'BLOCKED' });

    const again = await post(`/api/admin/bookings/${id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: `Booking ${id} is already cancelled.` });
    const audit = await db.query<{ action: string }>(
      'SELECT action FROM audit_log WHERE booking_id = $1 ORDER BY id',
      [id],
    );
    expect(audit.rows.map((entry) => entry.action)).toEqual(['slot.block', 'slot.unblock']);
  });

  it('refuses to mark a cancelled booking paid, and leaves it as it was', async () => {
    const booking = await insertClientBooking(db, {
      therapistId: 2,
      bookingDate: TOMORROW,
      startTime: '10:00:00',
      paymentStatus: 'PENDING',
    });
    expect((await post(`/api/admin/bookings/${booking.id}/cancel`)).statusCode).toBe(200);
    await expect(
      db.transaction(async (tx) => {
        const locked = (await lockBooking(tx, booking.id))!;
        return markBookingPaid(tx, locked, { paymentId: 'pay_late', meetingLink: null });
      }),
    ).rejects.toMatchObject({
      statusCode: 409,
      message: `Booking ${booking.id} cannot go from CANCELLED to COMPLETED.`,
    });
    expect(await row(booking.id)).toEqual({
      payment_status: 'CANCELLED',
      cancelled: true,
      needs_refund: false,
    });
  });

  it('fails only an unpaid online hold: pending and paid bookings keep their state', async () => {
    const expired = new Date(NOW.getTime() - 60_000);
    const held = await insertClientBooking(db, {
      therapistId: 3,
      bookingDate: TOMORROW,
      startTime: '10:00:00',
      paymentStatus: 'INITIATED',
      holdExpiresAt: expired,
    });
    const pending = await insertClientBooking(db, {
      therapistId: 3,
      bookingDate: TOMORROW,
      startTime: '11:00:00',
      paymentStatus: 'PENDING',
      holdExpiresAt: expired,
    });
    const paid = await insertClientBooking(db, {
      therapistId: 3,
      bookingDate: TOMORROW,
      startTime: '12:00:00',
    });

    expect(await expireUnpaidHolds(db, NOW)).toEqual([held.id]);
    await markPaymentFailed(db, paid.id);
    expect((await row(held.id))?.payment_status).toBe('FAILED');
    expect((await row(pending.id))?.payment_status).toBe('PENDING');
    expect((await row(paid.id))?.payment_status).toBe('COMPLETED');
  });

  it('refuses a refund mark on a booking that is taking place', async () => {
    const paid = await insertClientBooking(db, {
      therapistId: 4,
      bookingDate: TOMORROW,
      startTime: '10:00:00',
    });
    await expect(
      db.transaction((tx) => markLatePaymentForRefund(tx, { id: paid.id, state: 'COMPLETED' }, 'pay_x')),
    ).rejects.toMatchObject({ statusCode: 409 });
    expect(await row(paid.id)).toEqual({
      payment_status: 'COMPLETED',
      cancelled: false,
      needs_refund: false,
    });
  });

  it('agrees with the exclusion constraint on which bookings hold their slot, in TypeScript and in SQL', async () => {
    const combinations = PAYMENT_STATUSES.flatMap((status) =>
      [false, true].map((cancelled) => ({ status, cancelled })),
    );
    for (const [index, { status, cancelled }] of combinations.entries()) {
      const date = `2026-12-${String(index + 10).padStart(2, '0')}`;
      const first = await insertClientBooking(db, {
        therapistId: 5,
        bookingDate: date,
        startTime: '10:00:00',
        paymentStatus: status,
      });
      if (cancelled) await db.query('UPDATE bookings SET cancelled = true WHERE id = $1', [first.id]);
      const expected = holdsSlot({ payment_status: status, cancelled });
      const inSql = await db.query<{ holds: boolean }>(
        `SELECT ${holdsSlotSql()} AS holds FROM bookings WHERE id = $1`,
        [first.id],
      );
      expect(inSql.rows[0]!.holds, `${status} cancelled=${cancelled}`).toBe(expected);
      const second = insertClientBooking(db, {
        therapistId: 5,
        bookingDate: date,
        startTime: '10:00:00',
        paymentStatus: 'PENDING',
      });
      if (expected)
        await expect(second, `${status} cancelled=${cancelled}`).rejects.toMatchObject({ statusCode: 409 });
      else
        await expect(second, `${status} cancelled=${cancelled}`).resolves.toMatchObject({
          id: expect.any(Number),
        });
    }
  });
});
