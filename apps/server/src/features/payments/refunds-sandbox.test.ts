import { addDays } from '@therapy/shared/clinic-time';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdminUser, JWT_SECRET, signIn } from '../../test/admin-test-kit.ts';
import { onlineBooking } from '../../test/booking-fixtures.ts';
import { today } from '../../test/refunds-kit.ts';
import { createDemoTestApp } from '../../test/test-app.ts';
import { backends, type TestDatabase } from '../../test/test-database.ts';

describe.each(backends)('refunds through the sandbox provider on %s', (backend) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let boss: string;

  beforeAll(async () => {
    ({ db, app, close } = await createDemoTestApp(backend, {
      env: { JWT_SECRET, PUBLIC_URL: 'http://book.test' },
    }));
    await createAdminUser(db, 'boss@example.com', { superadmin: true });
    boss = await signIn(app, 'boss@example.com');
  });
  afterAll(() => close());

  it('refunds a paid booking cancelled by an admin, keeping the refund id on the sandbox’s side', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: onlineBooking({ booking_date: addDays(today, 2) }),
    });
    const bookingId = created.json().booking_id;
    const link = await app.inject({
      method: 'POST',
      url: '/api/payment/generate-link',
      payload: { booking_id: bookingId, customer_email: 'client@example.com' },
    });
    const path = new URL(link.json().short_url).pathname;
    const paid = await app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=paid',
    });
    const paymentId = new URL(paid.headers.location as string).searchParams.get('razorpay_payment_id');
    expect((await app.inject(`/api/get-razorpay-details/${link.json().payment_link_id}`)).json().status).toBe(
      'confirmed',
    );
    const headers = bearer(boss);
    expect(
      (await app.inject({ method: 'POST', url: `/api/admin/bookings/${bookingId}/cancel`, headers }))
        .statusCode,
    ).toBe(200);

    const response = await app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${bookingId}/refund`,
      headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ refund_id: expect.stringMatching(/^rfnd_/), amount: 1500 });
    const { rows } = await db.query<{ refund_id: string }>(
      'SELECT refund_id FROM sandbox_payment_links WHERE payment_id = $1',
      [paymentId],
    );
    expect(rows[0]!.refund_id).toBe(response.json().refund_id);
    const again = await app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${bookingId}/refund`,
      headers,
    });
    expect(again.statusCode).toBe(409);
  });
});
