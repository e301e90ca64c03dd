import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingNotificationHandlers } from '../../test/message-kit.ts';
import type { RazorpayDouble } from '../../test/razorpay-double.ts';
import { AUTHORIZATION, type RefundsKit, startRefunds } from '../../test/refunds-kit.ts';
import { backends, type TestDatabase } from '../../test/test-database.ts';
import type { JobRow } from '../jobs/job-kinds.ts';
import { PAID_BUT_SLOT_TAKEN } from './payment-lookup.ts';

describe.each(backends)('refunds through Razorpay on %s', (backend) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let razorpay: RazorpayDouble;
  let bossId: number;
  let refund: RefundsKit['refund'];
  let refundCalls: RefundsKit['refundCalls'];
  let sendWebhook: RefundsKit['sendWebhook'];
  let adminView: RefundsKit['adminView'];
  let bookingRow: RefundsKit['bookingRow'];
  let refundRow: RefundsKit['refundRow'];
  let jobsOf: RefundsKit['jobsOf'];
  let auditOf: RefundsKit['auditOf'];
  let latePaymentForLostSlot: RefundsKit['latePaymentForLostSlot'];
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({
      db,
      app,
      razorpay,
      bossId,
      refund,
      refundCalls,
      sendWebhook,
      adminView,
      bookingRow,
      refundRow,
      jobsOf,
      auditOf,
      latePaymentForLostSlot,
      close,
    } = await startRefunds(backend));
  });
  afterAll(() => close());

  it('refunds a late payment for a lost slot in full through Razorpay: refunded, audited, client e-mailed', async () => {
    const { bookingId, linkId, paymentId } = await latePaymentForLostSlot();
    expect(await adminView(bookingId)).toMatchObject({
      needs_refund: true,
      refund_status: null,
      refund_id: null,
      refunded_at: null,
      refund_amount: 1500,
    });

    const response = await refund(bookingId);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json();
    expect(result).toEqual({
      booking_id: bookingId,
      refund_id: expect.stringMatching(/^rfnd_/),
      refund_status: 'processed',
      amount: 1500,
      message: `Refund of ₹1,500.00 issued for booking ${bookingId} (refund ${result.refund_id}).`,
    });

    const calls = refundCalls(paymentId);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.authorization).toBe(AUTHORIZATION);
    expect(calls[0]!.body).toEqual({
      amount: 150_000,
      speed: 'normal',
      notes: { booking_id: String(bookingId), reason: expect.any(String) },
    });
    expect(razorpay.refunds.filter((r) => r.payment_id === paymentId)).toEqual([
      expect.objectContaining({ id: result.refund_id, amount: 150_000 }),
    ]);

    expect(await bookingRow(bookingId)).toMatchObject({ payment_status: 'FAILED', needs_refund: false });
    expect(await refundRow(bookingId)).toEqual({
      status: 'processed',
      provider_refund_id: result.refund_id,
      amount_paise: 150_000,
      last_error: null,
    });
    expect(await adminView(bookingId)).toMatchObject({
      needs_refund: false,
      refund_status: 'processed',
      refund_id: result.refund_id,
      refunded_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      refund_amount: 1500,
    });
    expect((await auditOf(bookingId)).at(-1)).toEqual({
      action: 'booking.refund',
      actor_admin_id: bossId,
      details: {
        payment_id: paymentId,
        refund_id: result.refund_id,
        refund_status: 'processed',
        amount_paise: 150_000,
      },
    });
    expect(await jobsOf('email.refund_issued', bookingId)).toBe(1);

    // The e-mail the job sends the client, in text and HTML.
    const { sent, handlers } = recordingNotificationHandlers(db, 'https://book.example.in');
    await handlers['email.refund_issued']!({ booking_id: bookingId }, {} as JobRow);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe('client@example.com');
    expect(sent[0]!.subject).toBe(`Refund issued for booking ${bookingId}`);
    expect(sent[0]!.text).toContain('Amount refunded: ₹1,500.00');
    expect(sent[0]!.text).toContain(`Refund reference: ${result.refund_id}`);
    expect(sent[0]!.html).toContain(result.refund_id);
    expect(sent[0]!.html).toContain('₹1,500.00');

    // A replayed webhook and the status page change nothing: not confirmed, not flagged again.
    await sendWebhook(razorpay.webhook('payment_link.paid', razorpay.links.get(linkId)!));
    const page = await app.inject(`/api/get-razorpay-details/${linkId}`);
    expect(page.json()).toMatchObject({ status: 'failed', message: PAID_BUT_SLOT_TAKEN });
    expect(await bookingRow(bookingId)).toMatchObject({ payment_status: 'FAILED', needs_refund: false });
  });

  it('refuses a second refund of the same booking with 409: Razorpay is asked once, even by five at a time', async () => {
    const first = await latePaymentForLostSlot();
    expect((await refund(first.bookingId)).statusCode).toBe(200);
    const again = await refund(first.bookingId);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toMatch(new RegExp(`^Booking ${first.bookingId} was already refunded`));
    expect(refundCalls(first.paymentId)).toHaveLength(1);

    const second = await latePaymentForLostSlot();
    const answers = await Promise.all(Array.from({ length: 5 }, () => refund(second.bookingId)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(refundCalls(second.paymentId)).toHaveLength(1);
    expect(await jobsOf('email.refund_issued', second.bookingId)).toBe(1);
  });
});
