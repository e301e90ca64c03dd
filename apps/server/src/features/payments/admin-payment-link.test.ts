import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdminUser, signIn } from '../../test/admin-test-kit.ts';
import { BOOKING_TEST_NOW, offlineBooking } from '../../test/booking-fixtures.ts';
import { createDemoTestApp } from '../../test/test-app.ts';
import { backends, type TestDatabase } from '../../test/test-database.ts';

describe.each(backends)("the admin's shareable payment links on %s", (backend) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let token: string;

  beforeAll(async () => {
    ({ db, app, close } = await createDemoTestApp(backend, {
      now: () => BOOKING_TEST_NOW,
      env: { PUBLIC_URL: 'http://book.test' },
    }));
    await createAdminUser(db, 'desk@example.com');
    token = await signIn(app, 'desk@example.com');
  });
  afterAll(() => close());

  const pendingBooking = async (start: string) => {
    const response = await app.inject({
      method: 'POST',
      url: '/confirm-booking',
      payload: offlineBooking({ booking_time_slot_start: start }),
    });
    expect(response.statusCode).toBe(201);
    return response.json().booking_id as number;
  };

  it('needs a signed-in admin', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/create-shareable-payment-link',
      payload: { booking_id: 1 },
    });
    expect(response.statusCode).toBe(401);
  });

  it('makes a link for the booking’s own amount, accepts only that link back, and paying it confirms the booking', async () => {
    const bookingId = await pendingBooking('09:00');
    const created = await app.inject({
      method: 'POST',
      url: '/api/create-shareable-payment-link',
      headers: bearer(token),
      payload: { booking_id: bookingId, amount: 1, merchant_transaction_id: 'MT-1' },
    });
    expect(created.statusCode).toBe(200);
    const { payment_link_url: url, payment_link_id: linkId } = created.json();
    expect(url).toBe(`http://book.test/sandbox/pay/${linkId}`);
    expect((await app.inject(new URL(url).pathname)).body).toContain('Pay ₹1,000.00');

    const update = (paymentLinkUrl: string) =>
      app.inject({
        method: 'POST',
        url: `/api/admin/bookings/${bookingId}/update-payment-link`,
        headers: bearer(token),
        payload: { payment_link_url: paymentLinkUrl },
      });
    expect((await update(url)).statusCode).toBe(200);
    expect((await update('https://evil.example/pay')).statusCode).toBe(409);

    const paid = await app.inject({
      method: 'POST',
      url: new URL(url).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=paid',
    });
    const params = new URL(paid.headers.location as string).searchParams;
    const lookup = await app.inject(
      `/api/get-razorpay-details/${linkId}?payment_status=paid&razorpay_payment_id=${params.get('razorpay_payment_id')}&razorpay_payment_link_reference_id=${bookingId}&razorpay_signature=${params.get('razorpay_signature')}`,
    );
    expect(lookup.json()).toMatchObject({
      status: 'confirmed',
      data: { booking_id: bookingId, payment_status: 'COMPLETED' },
    });

    const audit = await db.query(
      "SELECT actor_label FROM audit_log WHERE action = 'payment_link.create' AND booking_id = $1",
      [bookingId],
    );
    expect(audit.rows).toEqual([{ actor_label: 'desk@example.com' }]);
  });

  it('refuses a link for a paid or unknown booking', async () => {
    const bookingId = await pendingBooking('10:00');
    await db.query("UPDATE bookings SET payment_status = 'COMPLETED' WHERE id = $1", [bookingId]);
    const post = (id: number) =>
      app.inject({
        method: 'POST',
        url: '/api/create-shareable-payment-link',
        headers: bearer(token),
        payload: { booking_id: id },
      });
    expect((await post(bookingId)).statusCode).toBe(409);
    expect((await post(999_999)).statusCode).toBe(404);
  });
});
