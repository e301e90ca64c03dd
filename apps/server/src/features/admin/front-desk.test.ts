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
import { deriveManageLinkKey } from '../bookings/manage-token.ts';
import type { JobRow } from '../jobs/job-kinds.ts';
import type { OutgoingMail } from '../messages/email/mailer.ts';
import { createNotificationHandlers } from '../messages/email/notification-handlers.ts';

// NOW is 2026-11-22 09:30 in Kolkata: a 09:00 session has started, an 11:00 one has not.
const CLIENT = { fullName: 'Kavya Sharma', email: 'kavya@example.com', mobile: '9876543210' };

describe.each(backends)('the front desk on %s', (backend) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let staff: string;
  let boss: string;

  beforeAll(async () => {
    ({ db, app, close } = await createDemoTestApp(backend, { now: () => NOW, env: { JWT_SECRET } }));
    await createAdminUser(db, 'staff@example.com');
    await createAdminUser(db, 'boss@example.com', { superadmin: true });
    staff = await signIn(app, 'staff@example.com');
    boss = await signIn(app, 'boss@example.com');
  });
  afterAll(() => close());

  const post = (token: string, url: string, payload?: object) =>
    app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const get = async (url: string) => (await app.inject({ method: 'GET', url, headers: bearer(boss) })).json();
  const inPerson = (bookingDate: string, startTime = '10:00', change: object = {}) =>
    insertClientBooking(db, {
      therapistId: 1,
      bookingDate,
      startTime,
      bookingType: 'OFFLINE',
      paymentStatus: 'PENDING',
      locationId: 1,
      client: CLIENT,
      ...change,
    });
  const statusOf = async (id: number) =>
    (await db.query<{ payment_status: string }>('SELECT payment_status FROM bookings WHERE id = $1', [id]))
      .rows[0]!.payment_status;
  const auditOf = async (id: number) =>
    (
      await db.query<{ action: string; actor_label: string; details: Record<string, unknown> }>(
        'SELECT action, actor_label, details FROM audit_log WHERE booking_id = $1 ORDER BY id',
        [id],
      )
    ).rows;
  const totals = async (date: string) => {
    const inventory = await get(`/api/admin/reports/inventory?from=${date}&to=${date}`);
    const income = await get(`/api/admin/income?from=${date}&to=${date}`);
    const eod = await get(`/api/admin/reports/eod?report_date=${date}`);
    const monthly = await get('/api/admin/reports/therapist-monthly?year=2026&month=11');
    const therapist = monthly.therapist_performance.find(
      (row: { therapist_id: number }) => row.therapist_id === 1,
    );
    return {
      inventory: inventory.total_amount,
      income: income.total_amount,
      eod: eod.total_income_today,
      eodCompleted: eod.completed_bookings_today,
      monthly: therapist.total_income,
      completed: therapist.completed_sessions,
      missed: therapist.missed_or_cancelled_sessions,
    };
  };

  describe('payment at the centre', () => {
    it('records a cash payment: the booking is COMPLETED and every report counts the amount paid', async () => {
      const { id } = await inPerson('2026-11-10');
      const before = await totals('2026-11-10');
      expect(before).toMatchObject({ inventory: 0, income: 0, eod: 0, eodCompleted: 0 });

      const response = await post(staff, `/api/admin/bookings/${id}/payments`, {
        method: 'cash',
        amount: 1200.5,
        reference: 'Receipt book 4, page 12',
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        booking_id: id,
        payment_status: 'COMPLETED',
        payment: { method: 'cash', amount: 1200.5, reference: 'Receipt book 4, page 12' },
        message: `Payment of ₹1,200.50 (Cash) recorded for booking ${id}.`,
      });
      expect(await statusOf(id)).toBe('COMPLETED');

      const after = await totals('2026-11-10');
      expect(after).toMatchObject({ inventory: 1200.5, income: 1200.5, eod: 1200.5, eodCompleted: 1 });
      expect(after.monthly - before.monthly).toBeCloseTo(1200.5);
      expect(after.completed - before.completed).toBe(1);
      const income = await get('/api/admin/income?from=2026-11-10&to=2026-11-10');
      expect(income.payments[0]).toMatchObject({ amount: 1200.5, client_name: 'Kavya Sharma' });
      expect(income.payments[0].payment_transaction_id).toMatch(/^C-\d+ \(CASH\)$/);

      const rows = (await get('/api/admin/therapists/1/bookings?limit=100')).items;
      expect(rows.find((row: { id: number }) => row.id === id)).toMatchObject({
        payment_status: 'COMPLETED',
        centre_payment_method: 'cash',
        centre_payment_id: response.json().payment.payment_id,
      });
    });

    it('takes the booking amount when none is given, audits without client data and queues a receipt', async () => {
      const { id } = await inPerson('2026-11-11');
      const response = await post(staff, `/api/admin/bookings/${id}/payments`, { method: 'upi' });
      expect(response.statusCode, response.body).toBe(200);
      const paymentId = response.json().payment.payment_id;
      expect(response.json().payment).toMatchObject({ amount: 1500, reference: null });

      const audit = await auditOf(id);
      expect(audit).toEqual([
        {
          action: 'booking.centre_payment',
          actor_label: 'staff@example.com',
          details: {
            payment_id: paymentId,
            method: 'upi',
            amount_paise: 150_000,
            previous_payment_status: 'PENDING',
          },
        },
      ]);
      const auditText = JSON.stringify(audit);
      for (const personal of [CLIENT.fullName, CLIENT.email, CLIENT.mobile])
        expect(auditText).not.toContain(personal);

      await reactToBookingEvents(db);
      const { rows: jobs } = await db.query<{ kind: string; payload: object }>(
        `SELECT kind, payload FROM jobs WHERE kind = 'email.payment_receipt' AND payload->>'booking_id' = $1`,
        [String(id)],
      );
      expect(jobs).toEqual([
        { kind: 'email.payment_receipt', payload: { booking_id: id, payment_id: paymentId } },
      ]);

      const sent: OutgoingMail[] = [];
      const handlers = createNotificationHandlers(
        db,
        { send: async (mail) => void sent.push(mail), close() {} },
        {
          timeZone: 'Asia/Kolkata',
          from: 'bookings@clinic.test',
          publicUrl: 'https://book.example.in',
          productName: 'Test',
          manageLinkKey: deriveManageLinkKey('test-secret'),
          cancellationNoticeHours: 24,
          notes: TEST_NOTES,
        },
      );
      await handlers['email.payment_receipt']({ booking_id: id, payment_id: paymentId }, {} as JobRow);
      expect(sent).toHaveLength(1);
      expect(sent[0]!.to).toBe(CLIENT.email);
      expect(sent[0]!.subject).toBe(`Payment receipt for booking ${id}`);
      expect(sent[0]!.text).toContain('Amount paid: ₹1,500.00');
      expect(sent[0]!.text).toContain('Paid by: UPI');
      expect(sent[0]!.text).toContain(`Receipt number: C-${paymentId}`);
      expect(sent[0]!.html).toContain('₹1,500.00');
    });

    it('refuses a paid, cancelled or online booking with 409, changing nothing', async () => {
      const paid = await inPerson('2026-11-12', '10:00', { paymentStatus: 'COMPLETED' });
      const cancelled = await inPerson('2026-11-12', '11:00', {
        paymentStatus: 'CANCELLED',
        cancelled: true,
      });
      const online = await insertClientBooking(db, {
        therapistId: 1,
        bookingDate: '2026-11-12',
        startTime: '12:00',
        paymentStatus: 'INITIATED',
      });
      for (const [booking, detail] of [
        [paid, 'is COMPLETED, not pending'],
        [cancelled, 'is CANCELLED, not pending'],
        [online, 'is not an in-person booking'],
      ] as const) {
        const response = await post(staff, `/api/admin/bookings/${booking.id}/payments`, { method: 'cash' });
        expect(response.statusCode).toBe(409);
        expect(response.json().detail).toContain(detail);
      }
      expect(await statusOf(online.id)).toBe('INITIATED');
      const { rows } = await db.query('SELECT 1 FROM centre_payments WHERE booking_id = ANY($1)', [
        [paid.id, cancelled.id, online.id],
      ]);
      expect(rows).toEqual([]);
    });

    it('refuses a bad method or amount with 400', async () => {
      const { id } = await inPerson('2026-11-13');
      for (const body of [
        { method: 'cheque' },
        {},
        { method: 'cash', amount: 0 },
        { method: 'cash', amount: -5 },
        { method: 'cash', amount: 10.005 },
        { method: 'cash', amount: 2_000_000 },
        { method: 'cash', amount: '1500' },
        { method: 'cash', reference: 'x'.repeat(101) },
        { method: 'cash', reference: 'line\nbreak' },
      ]) {
        const response = await post(staff, `/api/admin/bookings/${id}/payments`, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(response.json().detail).toEqual(expect.any(String));
      }
      expect(await statusOf(id)).toBe('PENDING');
    });

    it('lets only a superadmin undo a payment: the booking is PENDING again and the totals go back', async () => {
      const { id } = await inPerson('2026-11-14');
      const before = await totals('2026-11-14');
      const recorded = await post(staff, `/api/admin/bookings/${id}/payments`, {
        method: 'card',
        amount: 900,
      });
      const paymentId = recorded.json().payment.payment_id;
      const url = `/api/admin/bookings/${id}/payments/${paymentId}/void`;

      const refused = await post(staff, url);
      expect(refused.statusCode).toBe(403);
      expect(await statusOf(id)).toBe('COMPLETED');

      const undone = await post(boss, url);
      expect(undone.statusCode, undone.body).toBe(200);
      expect(undone.json()).toMatchObject({ booking_id: id, payment_status: 'PENDING' });
      expect(await statusOf(id)).toBe('PENDING');
      expect(await totals('2026-11-14')).toEqual(before);
      expect((await auditOf(id)).map((entry) => [entry.action, entry.actor_label])).toEqual([
        ['booking.centre_payment', 'staff@example.com'],
        ['booking.centre_payment_void', 'boss@example.com'],
      ]);
      expect((await post(boss, url)).statusCode).toBe(404);

      // Pending again, it can be paid anew.
      const again = await post(staff, `/api/admin/bookings/${id}/payments`, { method: 'cash' });
      expect(again.statusCode).toBe(200);
    });
  });

  describe('attendance', () => {
    it('refuses a session that has not started with 409', async () => {
      const { id } = await inPerson(TODAY, '11:00');
      const response = await post(staff, `/api/admin/bookings/${id}/attendance`, { status: 'no_show' });
      expect(response.statusCode).toBe(409);
      expect(response.json().detail).toContain('once the session has started');
      expect(await auditOf(id)).toEqual([]);
    });

    it('marks a no-show, counted as missed in the monthly report; a mark can be changed, audited each time', async () => {
      const { id } = await inPerson(TODAY, '09:00');
      const before = await totals(TODAY);
      const marked = await post(staff, `/api/admin/bookings/${id}/attendance`, { status: 'no_show' });
      expect(marked.statusCode, marked.body).toBe(200);
      expect(marked.json()).toEqual({
        booking_id: id,
        attendance: 'no_show',
        message: `Booking ${id} marked No-show.`,
      });
      expect((await totals(TODAY)).missed - before.missed).toBe(1);
      // Never charged automatically: amount and status stay as they were.
      expect(await statusOf(id)).toBe('PENDING');
      const row = (await get('/api/admin/therapists/1/bookings?limit=100')).items.find(
        (item: { id: number }) => item.id === id,
      );
      expect(row).toMatchObject({ attendance: 'no_show', amount: 1500, payment_status: 'PENDING' });

      const changed = await post(staff, `/api/admin/bookings/${id}/attendance`, { status: 'attended' });
      expect(changed.statusCode).toBe(200);
      expect((await totals(TODAY)).missed).toBe(before.missed);
      const audit = await auditOf(id);
      expect(audit.map((entry) => entry.details)).toEqual([
        { attendance: 'no_show', booking_date: TODAY, start_time: '09:00:00' },
        {
          attendance: 'attended',
          previous_attendance: 'no_show',
          booking_date: TODAY,
          start_time: '09:00:00',
        },
      ]);
      expect(JSON.stringify(audit)).not.toContain(CLIENT.fullName);
    });

    it('refuses a cancelled booking and a bad status', async () => {
      const { id } = await inPerson('2026-11-15', '10:00', { paymentStatus: 'CANCELLED' });
      await db.query('UPDATE bookings SET cancelled = true WHERE id = $1', [id]);
      const cancelled = await post(staff, `/api/admin/bookings/${id}/attendance`, { status: 'attended' });
      expect(cancelled.statusCode).toBe(409);
      const bad = await post(staff, `/api/admin/bookings/${id}/attendance`, { status: 'late' });
      expect(bad.statusCode).toBe(400);
    });
  });
});
