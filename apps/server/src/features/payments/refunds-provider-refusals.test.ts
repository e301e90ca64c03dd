import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RazorpayDouble } from '../../test/razorpay-double.ts';
import { RAZORPAY_STALL_MS } from '../../test/razorpay-test-app.ts';
import { type RefundsKit, startRefunds } from '../../test/refunds-kit.ts';
import { backends } from '../../test/test-database.ts';
import { REFUND_UNAVAILABLE } from './refunds-service.ts';

describe.each(backends)('refunds through Razorpay on %s', (backend) => {
  let razorpay: RazorpayDouble;
  let bossId: number;
  let refund: RefundsKit['refund'];
  let refundCalls: RefundsKit['refundCalls'];
  let adminView: RefundsKit['adminView'];
  let bookingRow: RefundsKit['bookingRow'];
  let refundRow: RefundsKit['refundRow'];
  let jobsOf: RefundsKit['jobsOf'];
  let auditOf: RefundsKit['auditOf'];
  let paidBooking: RefundsKit['paidBooking'];
  let latePaymentForLostSlot: RefundsKit['latePaymentForLostSlot'];
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({
      razorpay,
      bossId,
      refund,
      refundCalls,
      adminView,
      bookingRow,
      refundRow,
      jobsOf,
      auditOf,
      paidBooking,
      latePaymentForLostSlot,
      close,
    } = await startRefunds(backend));
  });
  afterAll(() => close());

  it('refuses a booking that needs no refund (409) and an unknown one (404), asking Razorpay nothing', async () => {
    const { bookingId, paymentId } = await paidBooking();
    const response = await refund(bookingId);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail: `Booking ${bookingId} does not need a refund.` });
    expect(refundCalls(paymentId)).toHaveLength(0);
    expect(await refundRow(bookingId)).toBeUndefined();
    expect((await refund(999_999)).statusCode).toBe(404);
  });

  it('keeps the booking refundable when Razorpay refuses or does not answer, and refunds it on a retry', async () => {
    const { bookingId, paymentId } = await latePaymentForLostSlot();
    razorpay.refuseRefunds('Your account does not have enough balance to carry out the refund operation.');
    const refused = await refund(bookingId);
    razorpay.refuseRefunds(null);
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toEqual({ detail: REFUND_UNAVAILABLE });
    expect((await bookingRow(bookingId)).needs_refund).toBe(true);
    expect(await refundRow(bookingId)).toMatchObject({
      status: 'failed',
      provider_refund_id: null,
      last_error: expect.stringContaining('does not have enough balance'),
    });
    expect((await auditOf(bookingId)).at(-1)).toMatchObject({
      action: 'booking.refund_failed',
      actor_admin_id: bossId,
      details: { payment_id: paymentId, amount_paise: 150_000, reason: expect.stringContaining('balance') },
    });
    expect(await jobsOf('email.refund_issued', bookingId)).toBe(0);
    expect(await adminView(bookingId)).toMatchObject({ needs_refund: true, refund_status: 'failed' });

    razorpay.setDelay(RAZORPAY_STALL_MS);
    const timedOut = await refund(bookingId);
    razorpay.setDelay(0);
    expect(timedOut.statusCode).toBe(502);
    expect((await bookingRow(bookingId)).needs_refund).toBe(true);

    const retry = await refund(bookingId);
    expect(retry.statusCode, retry.body).toBe(200);
    expect((await bookingRow(bookingId)).needs_refund).toBe(false);
    expect(razorpay.refunds.filter((r) => r.payment_id === paymentId)).toHaveLength(1);
    expect((await auditOf(bookingId)).at(-1)).toMatchObject({
      action: 'booking.refund',
      details: { retry: true },
    });
  });

  it('counts a refund already made in Razorpay’s Dashboard instead of refunding again', async () => {
    const { bookingId, paymentId } = await latePaymentForLostSlot();
    const outside = razorpay.refundInDashboard(paymentId, 150_000);
    const response = await refund(bookingId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().refund_id).toBe(outside.id);
    expect(refundCalls(paymentId)).toHaveLength(0);
    expect((await bookingRow(bookingId)).needs_refund).toBe(false);
  });
});
