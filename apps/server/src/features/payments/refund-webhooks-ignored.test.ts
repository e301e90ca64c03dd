import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RazorpayDouble } from '../../test/razorpay-double.ts';
import type { DoubleRefund } from '../../test/razorpay-double-events.ts';
import { type RefundWebhooksKit, startRefundWebhooks } from '../../test/refund-webhooks-kit.ts';
import { backends } from '../../test/test-database.ts';

describe.each(backends)('Razorpay refund webhooks on %s', (backend) => {
  let razorpay: RazorpayDouble;
  let sendWebhook: RefundWebhooksKit['sendWebhook'];
  let snapshot: RefundWebhooksKit['snapshot'];
  let pendingRefund: RefundWebhooksKit['pendingRefund'];
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ razorpay, sendWebhook, snapshot, pendingRefund, close } = await startRefundWebhooks(backend));
  });
  afterAll(() => close());

  it('refuses a refund webhook with a bad signature and changes nothing', async () => {
    const { bookingId, refundId } = await pendingRefund();
    const before = await snapshot(bookingId);
    const hook = razorpay.settleRefund(refundId, 'failed');
    const tampered = { ...hook, headers: { ...hook.headers, 'x-razorpay-signature': '0'.repeat(64) } };
    const response = await sendWebhook(tampered);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'Invalid webhook signature' });
    expect(await snapshot(bookingId)).toEqual(before);
  });

  it('acknowledges refund.created and a refund it does not know, changing nothing', async () => {
    const { bookingId, refundId } = await pendingRefund();
    const before = await snapshot(bookingId);
    const created = razorpay.refundWebhook(
      'refund.created',
      razorpay.refunds.find((r) => r.id === refundId)!,
    );
    expect((await sendWebhook(created)).statusCode).toBe(200);

    const unknown: DoubleRefund = {
      id: 'rfnd_unknown000001',
      entity: 'refund',
      amount: 50_000,
      currency: 'INR',
      payment_id: 'pay_unknown0000001',
      notes: {},
      speed_requested: 'normal',
      status: 'failed',
      created_at: Math.floor(Date.now() / 1000),
    };
    for (const event of ['refund.failed', 'refund.processed']) {
      const response = await sendWebhook(razorpay.refundWebhook(event, unknown));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
    }
    // A known refund id with another payment's id is not taken for this booking's refund.
    const mismatched = {
      ...razorpay.refunds.find((r) => r.id === refundId)!,
      payment_id: 'pay_other000000001',
    };
    expect((await sendWebhook(razorpay.refundWebhook('refund.failed', mismatched))).statusCode).toBe(200);
    expect(await snapshot(bookingId)).toEqual(before);
  });
});
