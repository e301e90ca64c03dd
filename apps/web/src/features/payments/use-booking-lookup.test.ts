import { describe, expect, it } from 'vitest';
import { lookupRequestOf } from './use-booking-lookup';

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
