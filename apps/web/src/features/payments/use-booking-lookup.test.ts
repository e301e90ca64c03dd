import { afterEach, describe, expect, it, vi } from 'vitest';
import { lookUp, lookupRequestOf } from './use-booking-lookup';

describe('payment status look-up address', () => {
  it("asks about the provider's payment link with the redirect's parameters", () => {
    const request = lookupRequestOf(
      '?razorpay_payment_id=pay_1&razorpay_payment_link_id=plink_1&razorpay_payment_link_reference_id=1003&razorpay_payment_link_status=paid&razorpay_signature=abc',
    );
    expect(request).toEqual({
      kind: 'online',
      url: '/api/get-razorpay-details/plink_1?payment_status=paid&razorpay_payment_id=pay_1&razorpay_payment_link_reference_id=1003&razorpay_signature=abc',
      paid: true,
      paymentId: 'pay_1',
    });
  });

  it('asks about an in-person booking by its id and token', () => {
    expect(lookupRequestOf('?booking_id=1001&token=t%2Bk')).toEqual({
      kind: 'offline',
      url: '/api/bookings/1001/confirmation?token=t%2Bk',
    });
  });

  it('needs both the link id and its status', () => {
    expect(lookupRequestOf('?razorpay_payment_link_id=plink_1')).toEqual({
      kind: 'invalid',
      paymentId: null,
    });
    expect(lookupRequestOf('?razorpay_payment_link_status=paid&razorpay_payment_id=pay_2')).toEqual({
      kind: 'invalid',
      paymentId: 'pay_2',
    });
  });
});

describe('what a failed look-up shows', () => {
  afterEach(() => vi.unstubAllGlobals());
  const answer = (body: unknown, status = 200) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(body), { status })),
    );
  const failedLink = lookupRequestOf('?razorpay_payment_link_id=plink_1&razorpay_payment_link_status=failed');

  it('names our own messages by catalogue id, and drops a detail that only repeats one', async () => {
    answer({ status: 'failed', message: 'Your payment could not be processed.', data: null });
    expect(await lookUp(failedLink, () => true)).toMatchObject({
      kind: 'failed',
      title: 'payment.failed.title',
      message: { id: 'payment.failed.notProcessed' },
      detail: null,
    });
  });

  it("keeps the server's own words, shown as they are", async () => {
    answer({ detail: 'Payment link not found' }, 404);
    expect(await lookUp(failedLink, () => true)).toMatchObject({
      message: { server: 'Payment link not found' },
      retryable: false,
    });
  });
});
