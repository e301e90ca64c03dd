import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createAdminUser,
  insertClientBooking,
  JWT_SECRET,
  NOW,
  signIn,
  TODAY,
} from '../../test/admin-test-kit.ts';
import { reactToBookingEvents } from '../../test/booking-events-kit.ts';
import { createDemoTestApp, TEST_NOTES } from '../../test/test-app.ts';
import { backends, type TestDatabase } from '../../test/test-database.ts';

const TOMORROW = '2026-11-23';

describe.each(backends)('admin actions on %s', (backend) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let token: string;
  let adminId: number;

  beforeAll(async () => {
    ({ db, app, close } = await createDemoTestApp(backend, { now: () => NOW, env: { JWT_SECRET } }));
    adminId = await createAdminUser(db, 'staff@example.com');
    token = await signIn(app, 'staff@example.com');
  });
  afterAll(() => close());

  const post = (url: string, payload?: object) =>
    app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const get = (url: string) => app.inject({ method: 'GET', url, headers: bearer(token) });
  const block = (therapist_id: number, date: string, start_time: string) =>
    post('/api/admin/availability/block', { therapist_id, date, start_time });
  const heldSlots = async (therapistId: number) =>
    (await app.inject({ method: 'GET', url: `/booked-slots?therapist_id=${therapistId}` })).json();
  const auditOf = async (bookingId: number) =>
    (
      await db.query<{
        action: string;
        actor_admin_id: number;
        actor_label: string;
        therapist_id: number;
        details: object;
      }>(
        'SELECT action, actor_admin_id, actor_label, therapist_id, details FROM audit_log WHERE booking_id = $1 ORDER BY id',
        [bookingId],
      )
    ).rows;

  describe('block and unblock', () => {
    it('blocks a free slot: the public held slots and the day view show it', async () => {
      const response = await block(1, TOMORROW, '10:00');
      expect(response.statusCode).toBe(200);
      const result = response.json();
      expect(result).toEqual({
        blocked: true,
        booking_id: expect.any(Number),
        message: 'Slot 10:00 AM on Mon, Nov 23 blocked successfully.',
      });
      expect(await heldSlots(1)).toContainEqual({
        booking_date: TOMORROW,
        booking_time_slot_start: '10:00:00',
      });
      const day = (await get(`/api/admin/therapists/1/slots?date=${TOMORROW}`)).json();
      expect(day.find((slot: { start_time: string }) => slot.start_time === '10:00:00')).toMatchObject({
        admin_blocked: true,
        is_booked: false,
        booking_id: result.booking_id,
      });
      const { rows } = await db.query(
        'SELECT booking_type, payment_status, cancelled, client_full_name, created_by_admin_id FROM bookings WHERE id = $1',
        [result.booking_id],
      );
      expect(rows[0]).toEqual({
        booking_type: 'ADMIN_BLOCK',
        payment_status: 'BLOCKED',
        cancelled: false,
        client_full_name: null,
        created_by_admin_id: adminId,
      });
      expect(await auditOf(result.booking_id)).toEqual([
        {
          action: 'slot.block',
          actor_admin_id: adminId,
          actor_label: 'staff@example.com',
          therapist_id: 1,
          details: { booking_date: TOMORROW, start_time: '10:00:00' },
        },
      ]);
    });

    it('unblocks it with the same call, freeing the slot', async () => {
      const response = await block(1, TOMORROW, '10:00:00');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        blocked: false,
        message: 'Slot 10:00 AM on Mon, Nov 23 unblocked successfully.',
      });
      expect(await heldSlots(1)).not.toContainEqual({
        booking_date: TOMORROW,
        booking_time_slot_start: '10:00:00',
      });
      expect((await auditOf(response.json().booking_id)).map((entry) => entry.action)).toEqual([
        'slot.block',
        'slot.unblock',
      ]);
      // And blocks it again.
      expect((await block(1, TOMORROW, '10:00')).json().blocked).toBe(true);
    });

    it('unblocks a BLOCKED entry through the cancel call', async () => {
      const { booking_id } = (await block(1, TOMORROW, '11:00')).json();
      const response = await post(`/api/admin/bookings/${booking_id}/cancel`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        booking_id,
        cancelled: true,
        payment_status: 'BLOCKED',
        unblocked: true,
        message: 'Slot 11:00 AM on Mon, Nov 23 unblocked successfully.',
      });
      expect(await heldSlots(1)).not.toContainEqual({
        booking_date: TOMORROW,
        booking_time_slot_start: '11:00:00',
      });
      const jobs = await db.query("SELECT 1 FROM jobs WHERE payload->>'booking_id' = $1", [
        String(booking_id),
      ]);
      expect(jobs.rows).toHaveLength(0);
    });

    it('refuses to block a slot a client booked or is paying for, with a clear message', async () => {
      const paid = await insertClientBooking(db, {
        therapistId: 1,
        bookingDate: TOMORROW,
        startTime: '12:00:00',
      });
      const response = await block(1, TOMORROW, '12:00');
      expect(response.statusCode).toBe(409);
      expect(response.json().detail).toBe(
        `Slot 12:00 PM on Mon, Nov 23 is already booked (booking ${paid.id}). It cannot be blocked; cancel the booking first.`,
      );
      await insertClientBooking(db, {
        therapistId: 1,
        bookingDate: TOMORROW,
        startTime: '14:00:00',
        paymentStatus: 'INITIATED',
        holdExpiresAt: new Date(NOW.getTime() + 15 * 60_000),
      });
      expect((await block(1, TOMORROW, '14:00')).json().detail).toMatch(/payment is in progress/);
    });

    it('refuses slots outside the template, the window or already started', async () => {
      const notInTemplate = await block(1, TOMORROW, '10:30');
      expect(notInTemplate.statusCode).toBe(404);
      expect(notInTemplate.json().detail).toBe('Therapist 1 has no slot at 10:30 AM.');
      expect((await block(1, '2026-12-06', '10:00')).json().blocked).toBe(true);
      const tooLate = await block(1, '2026-12-07', '10:00');
      expect(tooLate.statusCode).toBe(400);
      expect(tooLate.json().detail).toBe('Slots can be blocked from Sun, Nov 22 to Sun, Dec 6.');
      expect((await block(1, '2026-11-21', '10:00')).statusCode).toBe(400);
      const started = await block(1, TODAY, '09:00');
      expect(started.statusCode).toBe(409);
      expect(started.json().detail).toMatch(/already started/);
      expect((await block(99, TOMORROW, '10:00')).statusCode).toBe(404);
      expect((await block(1, '2026-02-30', '10:00')).statusCode).toBe(400);
      expect((await block(1, TOMORROW, '25:00')).statusCode).toBe(400);
      expect((await block(1, TODAY, '10:00')).json().blocked).toBe(true);
    });
  });

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

  describe('manual booking', () => {
    const valid = {
      therapist_id: 1,
      booking_date: '2026-11-24',
      booking_time_slot_start: '14:00',
      client_full_name: 'Rahul Verma',
      client_email: 'rahul@example.com',
      client_mobile: '9123456780',
      client_note: 'Referred by Dr. Rao',
      booking_type: 'ONLINE',
      location_id: 0,
      amount: 1500.5,
      admin_confirmed: true,
      payment_status: 'PENDING',
    };
    const create = (payload: object) => post('/api/admin/bookings', payload);

    it('creates an online booking as COMPLETED, with the amount in paise', async () => {
      const response = await create(valid);
      expect(response.statusCode).toBe(201);
      const { booking_id } = response.json();
      expect(response.json()).toEqual({
        booking_id,
        payment_status: 'COMPLETED',
        message: `Manual booking ${booking_id} created successfully!`,
      });
      const { rows } = await db.query<{ client_note: string }>('SELECT * FROM bookings WHERE id = $1', [
        booking_id,
      ]);
      // Stored sealed (decision 038), and opened by the key every test app shares.
      expect(rows[0]!.client_note).not.toContain('Referred');
      expect({ ...rows[0], client_note: TEST_NOTES.open(rows[0]!.client_note) }).toMatchObject({
        therapist_id: 1,
        service_id: 1,
        booking_date: '2026-11-24',
        booking_type: 'ONLINE',
        payment_status: 'COMPLETED',
        amount_paise: 150_050,
        location_id: null,
        client_full_name: 'Rahul Verma',
        client_note: 'Referred by Dr. Rao',
        therapist_email: 'asha.menon@example.com',
        admin_confirmed: true,
        created_by_admin_id: adminId,
        payment_transaction_id: `MANUAL-${booking_id}`,
      });
      const audit = await auditOf(booking_id);
      expect(audit).toEqual([expect.objectContaining({ action: 'booking.manual_create', therapist_id: 1 })]);
      expect(JSON.stringify(audit)).not.toMatch(/Rahul|rahul@|9123456780|Referred/);
      expect(await heldSlots(1)).toContainEqual({
        booking_date: '2026-11-24',
        booking_time_slot_start: '14:00:00',
      });
    });

    it('creates an offline booking as PENDING at its location', async () => {
      const response = await create({
        ...valid,
        therapist_id: 3,
        booking_time_slot_start: '09:00:00',
        booking_type: 'offline',
        location_id: 1,
        amount: '1200',
        payment_status: 'COMPLETED',
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().payment_status).toBe('PENDING');
      const { rows } = await db.query(
        'SELECT location_id, amount_paise, payment_status FROM bookings WHERE id = $1',
        [response.json().booking_id],
      );
      expect(rows[0]).toEqual({ location_id: 1, amount_paise: 120_000, payment_status: 'PENDING' });
    });

    it("answers the form's own messages, in order", async () => {
      const cases: [object, string][] = [
        [{}, 'Therapist is required'],
        [{ ...valid, therapist_id: null }, 'Therapist is required'],
        [{ ...valid, therapist_id: 'x' }, 'Therapist is required'],
        [{ ...valid, booking_date: '' }, 'Booking date is required'],
        [{ ...valid, booking_date: '2026-02-30' }, 'Booking date is required'],
        [{ ...valid, booking_time_slot_start: undefined }, 'Time slot is required'],
        [{ ...valid, client_full_name: '   ' }, 'Client name is required'],
        [{ ...valid, client_email: 'rahul@' }, 'Valid client email is required'],
        [{ ...valid, client_mobile: '91234' }, 'Valid 10-digit mobile is required'],
        [{ ...valid, client_mobile: '91234567801' }, 'Valid 10-digit mobile is required'],
        [{ ...valid, booking_type: '' }, 'Booking type is required'],
        [{ ...valid, booking_type: 'ADMIN_BLOCK' }, 'Booking type is required'],
        [{ ...valid, booking_type: 'OFFLINE', location_id: 0 }, 'Location is required for offline booking'],
        [{ ...valid, amount: undefined }, 'Amount is required and must be positive'],
        [{ ...valid, amount: 0 }, 'Amount is required and must be positive'],
        [{ ...valid, amount: -10 }, 'Amount is required and must be positive'],
        [{ ...valid, amount: 'abc' }, 'Amount is required and must be positive'],
        [{ ...valid, amount: 10.555 }, 'Amount can have at most 2 decimal places'],
      ];
      for (const [payload, message] of cases) {
        const response = await create(payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json()).toEqual({ detail: message });
      }
    });

    it('refuses dates outside today + 14 days and slots that are past, taken, blocked or not in the template', async () => {
      const refuse = async (payload: object, status: number, detail: RegExp | string) => {
        const response = await create({ ...valid, ...payload });
        expect(response.statusCode, JSON.stringify(payload)).toBe(status);
        if (typeof detail === 'string') expect(response.json().detail).toBe(detail);
        else expect(response.json().detail).toMatch(detail);
      };
      await refuse(
        { booking_date: '2026-11-21' },
        400,
        'Booking date must be from Sun, Nov 22 to Sun, Dec 6.',
      );
      await refuse({ booking_date: '2026-12-07' }, 400, /Sun, Dec 6\./);
      await refuse(
        { booking_date: TODAY, booking_time_slot_start: '09:00' },
        409,
        'Slot 9:00 AM on Sun, Nov 22 has already passed.',
      );
      await refuse(
        { booking_time_slot_start: '14:30' },
        409,
        "2:30 PM is not one of this therapist's time slots.",
      );
      await refuse({ booking_time_slot_start: '14:00' }, 409, /already booked/);
      await block(1, '2026-11-24', '15:00');
      await refuse(
        { booking_time_slot_start: '15:00' },
        409,
        'Slot 3:00 PM on Tue, Nov 24 is already blocked.',
      );
      await refuse({ therapist_id: 99 }, 404, 'Therapist 99 not found');
      await refuse({ booking_type: 'OFFLINE', location_id: 9 }, 404, 'Location 9 not found');
      await refuse({ service_id: 2 }, 400, 'Service 2 is not offered by this therapist');
      // The last day of the window is fine.
      expect((await create({ ...valid, booking_date: '2026-12-06' })).statusCode).toBe(201);
    });
  });
});
