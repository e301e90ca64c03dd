import { addDays } from '@therapy/shared/clinic-time';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../test/admin-test-kit.ts';
import { type RefundsKit, startRefunds, today } from '../../test/refunds-kit.ts';
import { backends } from '../../test/test-database.ts';

describe.each(backends)('refunds through Razorpay on %s', (backend) => {
  let app: FastifyInstance;
  let staff: string;
  let refund: RefundsKit['refund'];
  let refundCalls: RefundsKit['refundCalls'];
  let adminView: RefundsKit['adminView'];
  let bookingRow: RefundsKit['bookingRow'];
  let jobsOf: RefundsKit['jobsOf'];
  let auditOf: RefundsKit['auditOf'];
  let paidBooking: RefundsKit['paidBooking'];
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ app, staff, refund, refundCalls, adminView, bookingRow, jobsOf, auditOf, paidBooking, close } =
      await startRefunds(backend));
  });
  afterAll(() => close());

  it('marks a paid online booking an admin cancels for refund, which only a superadmin may refund', async () => {
    const { bookingId, paymentId } = await paidBooking();
    const cancelled = await app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${bookingId}/cancel`,
      headers: bearer(staff),
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().message).toBe(
      `Booking ${bookingId} cancelled successfully. It was paid online: its payment is now due for a refund.`,
    );
    expect(await bookingRow(bookingId)).toMatchObject({
      payment_status: 'CANCELLED',
      cancelled: true,
      needs_refund: true,
    });
    expect(await jobsOf('email.refund_needed', bookingId)).toBe(1);
    expect((await auditOf(bookingId)).at(-1)).toMatchObject({
      action: 'booking.cancel',
      details: { previous_payment_status: 'COMPLETED', needs_refund: true },
    });

    const byStaff = await refund(bookingId, staff);
    expect(byStaff.statusCode).toBe(403);
    expect(byStaff.json()).toEqual({ detail: 'This action needs a superadmin.' });
    expect(refundCalls(paymentId)).toHaveLength(0);
    expect((await bookingRow(bookingId)).needs_refund).toBe(true);

    expect((await refund(bookingId)).statusCode).toBe(200);
    expect(await bookingRow(bookingId)).toMatchObject({ payment_status: 'CANCELLED', needs_refund: false });
  });

  it('does not mark a manual online booking (paid outside the app) for refund when cancelled', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/admin/bookings',
      headers: bearer(staff),
      payload: {
        therapist_id: 8,
        booking_date: addDays(today, 3),
        booking_time_slot_start: '10:00',
        client_full_name: 'Manual Client',
        client_email: 'manual@example.com',
        client_mobile: '9876543210',
        booking_type: 'ONLINE',
        amount: 800,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const bookingId = created.json().booking_id;
    const cancelled = await app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${bookingId}/cancel`,
      headers: bearer(staff),
    });
    expect(cancelled.json().message).toBe(`Booking ${bookingId} cancelled successfully.`);
    expect((await bookingRow(bookingId)).needs_refund).toBe(false);
    expect(await adminView(bookingId)).toMatchObject({ needs_refund: false, refund_amount: null });
    expect((await refund(bookingId)).statusCode).toBe(409);
  });
});
