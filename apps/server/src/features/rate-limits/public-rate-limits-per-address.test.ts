import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offlineBooking, onlineBooking } from '../../test/booking-fixtures.ts';
import { randomAddress } from '../../test/random-address.ts';
import { post, SMALL_LIMITS, startApp } from '../../test/rate-limit-kit.ts';
import { backends, createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { loadDemoData } from '../demo-data/load-demo-data.ts';

describe.each(backends)('public rate limits on %s', (backend) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let close: () => Promise<void>;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    await loadDemoData(db);
    ({ app, close } = await startApp(db, { publicRateLimits: SMALL_LIMITS }));
  });
  afterAll(async () => {
    await close();
    await db.drop();
  });

  it('answers the fourth booking from one address with 429, {"detail"} and Retry-After; others go on', async () => {
    const address = '203.0.113.7';
    for (const day of ['2026-11-23', '2026-11-24', '2026-11-25']) {
      const created = await post(app, '/api/bookings', onlineBooking({ booking_date: day }), address);
      expect(created.statusCode).toBe(201);
    }

    const limited = await post(app, '/api/bookings', onlineBooking({ booking_date: '2026-11-26' }), address);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toMatch(/^application\/json/);
    expect(limited.json()).toEqual({ detail: 'Too many requests. Please wait 10 minutes and try again.' });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(9 * 60);
    expect(retryAfter).toBeLessThanOrEqual(10 * 60);

    // Both booking calls count together.
    const inPerson = await post(app, '/confirm-booking', offlineBooking(), address);
    expect(inPerson.statusCode).toBe(429);

    // Another address (another visitor) books as usual.
    const other = await post(app, '/confirm-booking', offlineBooking(), '198.51.100.9');
    expect(other.statusCode).toBe(201);

    const { rows } = await db.query<{ n: number }>('SELECT count(*)::integer AS n FROM bookings');
    expect(rows[0]!.n).toBe(4);
  });

  it('counts an IPv6 visitor by the /64 network, as one address', async () => {
    for (let i = 1; i <= 3; i++) {
      expect((await post(app, '/api/bookings', {}, `2001:db8:5:6::${i}`)).statusCode).toBe(400);
    }
    expect((await post(app, '/api/bookings', {}, '2001:db8:5:6:ffff::1')).statusCode).toBe(429);
    expect((await post(app, '/api/bookings', {}, '2001:db8:5:7::1')).statusCode).toBe(400);
  });

  it('limits the payment look-ups per minute and the payment link calls together', async () => {
    const address = randomAddress();
    const lookUp = () =>
      app.inject({
        url: '/api/get-razorpay-details/plink_unknown1?payment_status=paid',
        remoteAddress: address,
      });
    expect((await lookUp()).statusCode).toBe(404);
    expect((await lookUp()).statusCode).toBe(404);
    const limited = await lookUp();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ detail: 'Too many requests. Please wait a minute and try again.' });
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    // The in-person status page's look-up counts with it.
    const confirmation = await app.inject({
      url: '/api/bookings/1/confirmation?token=x',
      remoteAddress: address,
    });
    expect(confirmation.statusCode).toBe(429);

    const link = { booking_id: 99_999, amount: 1, currency: 'INR', customer_email: 'client@example.com' };
    expect((await post(app, '/api/payment/generate-link', link, address)).statusCode).toBe(404);
    const record = { payment_link_url: 'http://x.test/pay', razorpay_payment_link_id: 'plink_x' };
    expect((await post(app, '/api/bookings/99999/payment-link', record, address)).statusCode).not.toBe(429);
    expect((await post(app, '/api/payment/generate-link', link, address)).statusCode).toBe(429);
    const sandboxPay = await app.inject({
      method: 'POST',
      url: '/sandbox/pay/plink_unknown1',
      payload: 'outcome=paid',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress: address,
    });
    expect(sandboxPay.statusCode).toBe(429);
  });

  it('never limits the catalogue, images, health or the admin calls', async () => {
    const address = '203.0.113.8';
    for (let i = 0; i < 4; i++) await post(app, '/api/bookings', {}, address);
    expect((await post(app, '/api/bookings', {}, address)).statusCode).toBe(429);
    const urls = [
      '/locations',
      '/services',
      '/therapists',
      '/availability-slots?therapist_id=1',
      '/booked-slots?therapist_id=1',
      '/api/open-slots?therapist_id=1',
      '/get_location_image/1.png',
      '/healthz',
      '/api/admin/me',
    ];
    for (const url of urls) {
      for (let i = 0; i < 5; i++) {
        const response = await app.inject({ url, remoteAddress: address });
        expect(response.statusCode, url).not.toBe(429);
        expect(response.headers['x-ratelimit-limit'], url).toBeUndefined();
      }
    }
  });
});
