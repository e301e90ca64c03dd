import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertClientBooking } from '../../test/admin-test-kit.ts';
import { reactToBookingEvents } from '../../test/booking-events-kit.ts';
import { CLIENT, type FrontDeskKit, startFrontDesk } from '../../test/front-desk-kit.ts';
import { recordingNotificationHandlers } from '../../test/message-kit.ts';
import { backends, type TestDatabase } from '../../test/test-database.ts';
import type { JobRow } from '../jobs/job-kinds.ts';

describe.each(backends)('the front desk on %s', (backend) => {
  let db: TestDatabase;
  let close: () => Promise<void>;
  let staff: string;
  let boss: string;
  let post: FrontDeskKit['post'];
  let get: FrontDeskKit['get'];
  let inPerson: FrontDeskKit['inPerson'];
  let statusOf: FrontDeskKit['statusOf'];
  let auditOf: FrontDeskKit['auditOf'];
  let totals: FrontDeskKit['totals'];

  beforeAll(async () => {
    ({ db, close, staff, boss, post, get, inPerson, statusOf, auditOf, totals } =
      await startFrontDesk(backend));
  });
  afterAll(() => close());

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

      const { sent, handlers } = recordingNotificationHandlers(db, 'https://book.example.in');
      await handlers['email.payment_receipt']({ booking_id: id, payment_id: paymentId }, {} as JobRow);
      expect(sent).toHaveLength(1);
      expect(sent[0]!.to).toBe(CLIENT.email);
      expect(sent[0]!.subject).toBe(`Payment receipt for booking ${id}`);
      expect(sent[0]!.text).toContain('Amount paid: ₹1,500.00');
      expect(sent[0]!.text).toContain('Paid by: UPI');
      // The numbered receipt (decision 057): its number in the text, its PDF attached.
      const [document] = (
        await db.query<{ number: string }>('SELECT number FROM money_documents WHERE source = $1', [
          `centre:${paymentId}`,
        ])
      ).rows;
      expect(sent[0]!.text).toContain(`Receipt number: ${document!.number}`);
      expect(sent[0]!.attachments).toEqual([
        expect.objectContaining({
          filename: `${document!.number.replaceAll('/', '-')}.pdf`,
          contentType: 'application/pdf',
          encoding: 'base64',
        }),
      ]);
      expect(Buffer.from(sent[0]!.attachments![0]!.content, 'base64').subarray(0, 5).toString()).toBe(
        '%PDF-',
      );
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
});
