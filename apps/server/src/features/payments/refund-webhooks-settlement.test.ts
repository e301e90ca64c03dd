import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingNotificationHandlers } from '../../test/message-kit.ts';
import type { RazorpayDouble } from '../../test/razorpay-double.ts';
import { type RefundWebhooksKit, startRefundWebhooks } from '../../test/refund-webhooks-kit.ts';
import { backends, type TestDatabase } from '../../test/test-database.ts';
import type { JobRow } from '../jobs/job-kinds.ts';
import { REFUND_FAILED_BY_PROVIDER } from './refunds-service.ts';

describe.each(backends)('Razorpay refund webhooks on %s', (backend) => {
  let db: TestDatabase;
  let razorpay: RazorpayDouble;
  let bossId: number;
  let refund: RefundWebhooksKit['refund'];
  let refundCalls: RefundWebhooksKit['refundCalls'];
  let sendWebhook: RefundWebhooksKit['sendWebhook'];
  let adminView: RefundWebhooksKit['adminView'];
  let needsRefund: RefundWebhooksKit['needsRefund'];
  let refundRow: RefundWebhooksKit['refundRow'];
  let auditOf: RefundWebhooksKit['auditOf'];
  let jobsOf: RefundWebhooksKit['jobsOf'];
  let snapshot: RefundWebhooksKit['snapshot'];
  let pendingRefund: RefundWebhooksKit['pendingRefund'];
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({
      db,
      razorpay,
      bossId,
      refund,
      refundCalls,
      sendWebhook,
      adminView,
      needsRefund,
      refundRow,
      auditOf,
      jobsOf,
      snapshot,
      pendingRefund,
      close,
    } = await startRefundWebhooks(backend));
  });
  afterAll(() => close());

  it('marks a pending refund processed on refund.processed, keeping its time or setting a missing one', async () => {
    const { bookingId, refundId } = await pendingRefund();
    expect(await adminView(bookingId)).toMatchObject({
      needs_refund: false,
      refund_status: 'pending',
      refund_id: refundId,
    });
    const acceptedAt = (await refundRow(bookingId)).refunded_at;
    expect(acceptedAt).not.toBeNull();
    const auditBefore = await auditOf(bookingId);

    const response = await sendWebhook(razorpay.settleRefund(refundId, 'processed'));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(await refundRow(bookingId)).toEqual({
      status: 'processed',
      provider_refund_id: refundId,
      refunded_at: acceptedAt,
      last_error: null,
    });
    expect(await needsRefund(bookingId)).toBe(false);
    expect(await adminView(bookingId)).toMatchObject({ refund_status: 'processed', refund_id: refundId });
    expect(await auditOf(bookingId)).toEqual(auditBefore);

    // A refund without a time (none kept when it was accepted) gets the time it was processed.
    const other = await pendingRefund();
    await db.query('UPDATE refunds SET refunded_at = NULL WHERE booking_id = $1', [other.bookingId]);
    expect((await sendWebhook(razorpay.settleRefund(other.refundId, 'processed'))).statusCode).toBe(200);
    expect(await refundRow(other.bookingId)).toMatchObject({
      status: 'processed',
      refunded_at: expect.any(Date),
    });
  });

  it('puts a booking whose refund failed back to "Refund due": audited, clinic e-mailed once, refunded again on a retry', async () => {
    const { bookingId, paymentId, refundId } = await pendingRefund();
    expect(await jobsOf('email.refund_needed', bookingId)).toEqual([`refund-needed:${bookingId}`]);

    const failed = razorpay.settleRefund(refundId, 'failed');
    const response = await sendWebhook(failed);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });

    expect(await needsRefund(bookingId)).toBe(true);
    expect(await refundRow(bookingId)).toEqual({
      status: 'failed',
      provider_refund_id: refundId,
      refunded_at: null,
      last_error: REFUND_FAILED_BY_PROVIDER,
    });
    expect(await adminView(bookingId)).toMatchObject({
      needs_refund: true,
      refund_status: 'failed',
      refunded_at: null,
    });
    expect((await auditOf(bookingId)).at(-1)).toEqual({
      action: 'booking.refund_failed',
      actor_admin_id: null,
      actor_label: 'razorpay',
      details: {
        payment_id: paymentId,
        refund_id: refundId,
        amount_paise: 150_000,
        reason: REFUND_FAILED_BY_PROVIDER,
      },
    });
    const expectedJobs = [`refund-needed:${bookingId}`, `refund-needed:${bookingId}:${refundId}`];
    expect(await jobsOf('email.refund_needed', bookingId)).toEqual(expectedJobs);

    // The same delivery again, and the same news in a new delivery: nothing changes.
    const before = await snapshot(bookingId);
    const replay = await sendWebhook(failed);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ status: 'duplicate' });
    const again = razorpay.refundWebhook('refund.failed', razorpay.refunds.find((r) => r.id === refundId)!);
    expect((await sendWebhook(again)).statusCode).toBe(200);
    expect(await snapshot(bookingId)).toEqual(before);

    // A superadmin refunds again: Razorpay lists the failed refund as failed, so it is refunded anew.
    const retry = await refund(bookingId);
    expect(retry.statusCode, retry.body).toBe(200);
    const secondId = retry.json().refund_id as string;
    expect(secondId).not.toBe(refundId);
    expect(retry.json()).toMatchObject({ refund_status: 'processed', amount: 1500 });
    expect(refundCalls(paymentId)).toHaveLength(2);
    expect(razorpay.refunds.filter((r) => r.payment_id === paymentId).map((r) => [r.id, r.status])).toEqual([
      [refundId, 'failed'],
      [secondId, 'processed'],
    ]);
    expect(await needsRefund(bookingId)).toBe(false);
    expect(await refundRow(bookingId)).toMatchObject({
      status: 'processed',
      provider_refund_id: secondId,
      last_error: null,
    });
    // The client is told of each refund made, so of the one that went through too.
    expect(await jobsOf('email.refund_issued', bookingId)).toEqual([
      `email.refund_issued:${bookingId}:${refundId}`,
      `email.refund_issued:${bookingId}:${secondId}`,
    ]);
    // The first refund's e-mail, if still waiting, is not sent: it would name the failed refund.
    const { sent, handlers } = recordingNotificationHandlers(db, 'https://book.test');
    await handlers['email.refund_issued']!({ booking_id: bookingId, refund_id: refundId }, {} as JobRow);
    expect(sent).toEqual([]);
    await handlers['email.refund_issued']!({ booking_id: bookingId, refund_id: secondId }, {} as JobRow);
    expect(sent.map((mail) => mail.text.includes(`Refund reference: ${secondId}`))).toEqual([true]);
    expect((await auditOf(bookingId)).at(-1)).toMatchObject({
      action: 'booking.refund',
      actor_admin_id: bossId,
      details: { refund_id: secondId, retry: true },
    });

    // A late delivery about the first refund finds it replaced: acknowledged, nothing changes.
    const settled = await snapshot(bookingId);
    const late = await sendWebhook(
      razorpay.refundWebhook('refund.failed', razorpay.refunds.find((r) => r.id === refundId)!),
    );
    expect(late.statusCode).toBe(200);
    expect(await snapshot(bookingId)).toEqual(settled);
  });
});
