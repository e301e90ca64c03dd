import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminActionsKit, startAdminActions, TOMORROW } from '../../test/admin-actions-kit.ts';
import { insertClientBooking, TODAY } from '../../test/admin-test-kit.ts';
import { reactToBookingEvents } from '../../test/booking-events-kit.ts';
import { backends, type TestDatabase } from '../../test/test-database.ts';

describe.each(backends)('admin actions on %s', (backend) => {
  let db: TestDatabase;
  let close: () => Promise<void>;
  let adminId: number;
  let post: AdminActionsKit['post'];
  let heldSlots: AdminActionsKit['heldSlots'];
  let auditOf: AdminActionsKit['auditOf'];

  beforeAll(async () => {
    ({ db, close, adminId, post, heldSlots, auditOf } = await startAdminActions(backend));
  });
  afterAll(() => close());

  describe('cancel', () => {
    it('cancels a booking of today: CANCELLED, e-mail job queued, audit entry without client data', async () => {
      const booking = await insertClientBooking(db, {
        therapistId: 2,
        bookingDate: TODAY,
        startTime: '13:00:00',
      });
      const response = await post(`/api/admin/bookings/${booking.id}/cancel`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        booking_id: booking.id,
        cancelled: true,
        payment_status: 'CANCELLED',
        unblocked: false,
        cancelled_count: 1,
        message: `Booking ${booking.id} cancelled successfully.`,
      });
      const { rows } = await db.query('SELECT cancelled, payment_status FROM bookings WHERE id = $1', [
        booking.id,
      ]);
      expect(rows[0]).toEqual({ cancelled: true, payment_status: 'CANCELLED' });
      await reactToBookingEvents(db);
      const jobs = await db.query<{ kind: string; payload: object }>(
        "SELECT kind, payload FROM jobs WHERE kind = 'email.booking_cancelled'",
      );
      expect(jobs.rows).toContainEqual({
        kind: 'email.booking_cancelled',
        payload: { booking_id: booking.id },
      });
      const audit = await auditOf(booking.id);
      expect(audit).toEqual([
        expect.objectContaining({
          action: 'booking.cancel',
          actor_admin_id: adminId,
          therapist_id: 2,
          details: {
            booking_date: TODAY,
            start_time: '13:00:00',
            booking_type: 'ONLINE',
            previous_payment_status: 'COMPLETED',
          },
        }),
      ]);
      expect(JSON.stringify(audit)).not.toMatch(/Kavya|kavya@|9876543210/);
      expect(await heldSlots(2)).not.toContainEqual({
        booking_date: TODAY,
        booking_time_slot_start: '13:00:00',
      });
    });

    it('refuses to cancel twice, a CANCELLED booking, a past booking or an unknown one', async () => {
      const booking = await insertClientBooking(db, {
        therapistId: 2,
        bookingDate: TOMORROW,
        startTime: '15:00:00',
      });
      expect((await post(`/api/admin/bookings/${booking.id}/cancel`)).statusCode).toBe(200);
      const twice = await post(`/api/admin/bookings/${booking.id}/cancel`);
      expect(twice.statusCode).toBe(409);
      expect(twice.json()).toEqual({ detail: `Booking ${booking.id} is already cancelled.` });

      const statusOnly = await insertClientBooking(db, {
        therapistId: 2,
        bookingDate: TOMORROW,
        startTime: '16:00:00',
        paymentStatus: 'CANCELLED',
      });
      expect((await post(`/api/admin/bookings/${statusOnly.id}/cancel`)).statusCode).toBe(409);

      const past = await insertClientBooking(db, {
        therapistId: 2,
        bookingDate: '2026-11-21',
        startTime: '13:00:00',
      });
      const refused = await post(`/api/admin/bookings/${past.id}/cancel`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().detail).toBe(
        `Booking ${past.id} was on Sat, Nov 21, in the past: it can no longer be cancelled.`,
      );
      const { rows } = await db.query('SELECT cancelled FROM bookings WHERE id = $1', [past.id]);
      expect(rows[0]).toEqual({ cancelled: false });

      expect((await post('/api/admin/bookings/999999/cancel')).statusCode).toBe(404);
      expect((await post('/api/admin/bookings/abc/cancel')).statusCode).toBe(400);
    });

    it('refuses to cancel a failed payment attempt (409), changing nothing', async () => {
      const failed = await insertClientBooking(db, {
        therapistId: 2,
        bookingDate: TOMORROW,
        startTime: '17:00:00',
        paymentStatus: 'FAILED',
      });
      const refused = await post(`/api/admin/bookings/${failed.id}/cancel`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        detail: `Booking ${failed.id} is a failed payment attempt: it holds no slot and took no payment, so there is nothing to cancel.`,
      });
      const { rows } = await db.query('SELECT cancelled, payment_status FROM bookings WHERE id = $1', [
        failed.id,
      ]);
      expect(rows[0]).toEqual({ cancelled: false, payment_status: 'FAILED' });
      expect(await auditOf(failed.id)).toEqual([]);
    });
  });
});
