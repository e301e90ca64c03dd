import { addDays } from '@therapy/shared/clinic-time';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { onlineBooking } from './booking-fixtures.ts';

/**
 * A visitor paying through the sandbox provider, as the browser would: books (each call on a day
 * of its own after `firstDay`, so tests never share a slot), asks for the payment link, chooses on
 * the sandbox page and lets the status page look the link up. The app's PUBLIC_URL must be
 * http://book.test.
 */
export function createSandboxVisitor(app: FastifyInstance, firstDay = '2026-11-23') {
  let day = 0;

  async function book(change = {}) {
    day += 1;
    const date = addDays(firstDay, day);
    const response = await app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: onlineBooking({ booking_date: date, ...change }),
    });
    expect(response.statusCode).toBe(201);
    return { ...(response.json() as { booking_id: number; confirmation_token: string }), date };
  }

  /** POST /api/payment/generate-link with an amount the server must ignore. */
  const generateLink = (bookingId: number, extra = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/payment/generate-link',
      payload: {
        booking_id: bookingId,
        amount: 1,
        currency: 'INR',
        customer_email: 'client@example.com',
        ...extra,
      },
    });

  /** The visitor's choice on the sandbox page; answers the redirect's query parameters. */
  async function settle(linkUrl: string, outcome: 'paid' | 'failed') {
    const path = new URL(linkUrl).pathname;
    const page = await app.inject(path);
    expect(page.statusCode).toBe(200);
    const response = await app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `outcome=${outcome}`,
    });
    expect(response.statusCode).toBe(303);
    const location = new URL(response.headers.location as string);
    expect(location.origin + location.pathname).toBe('http://book.test/payment-status');
    return location.searchParams;
  }

  /** The status page's look-up with the redirect's parameters. */
  const lookUp = (params: URLSearchParams) =>
    app.inject(
      `/api/get-razorpay-details/${params.get('razorpay_payment_link_id')}?${new URLSearchParams({
        payment_status: params.get('razorpay_payment_link_status') ?? '',
        razorpay_payment_id: params.get('razorpay_payment_id') ?? '',
        razorpay_payment_link_reference_id: params.get('razorpay_payment_link_reference_id') ?? '',
        razorpay_signature: params.get('razorpay_signature') ?? '',
      })}`,
    );

  return { book, generateLink, settle, lookUp };
}
