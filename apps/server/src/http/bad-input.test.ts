import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdminUser, JWT_SECRET, signIn } from '../test/admin-test-kit.ts';
import { BOOKING_TEST_NOW, onlineBooking } from '../test/booking-fixtures.ts';
import { signWebhook } from '../test/razorpay-double-events.ts';
import { createRazorpayTestApp } from '../test/razorpay-test-app.ts';
import { createDemoTestApp } from '../test/test-app.ts';
import { backends, type TestDatabase } from '../test/test-database.ts';

/**
 * Numbers and text the database cannot hold, and requests Fastify refuses before any route runs:
 * each is a 4xx with a JSON {"detail"}, never a 500 (issue 8, item 1).
 */

const TOO_BIG_IDS = ['2147483648', '1e308', '9007199254740993', '-1', '0', '1.5'];

describe.each(backends)('bad input on %s', (backend) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let admin: Record<string, string>;

  beforeAll(async () => {
    ({ db, app, close } = await createDemoTestApp(backend, {
      now: () => BOOKING_TEST_NOW,
      env: { JWT_SECRET },
    }));
    await createAdminUser(db, 'boss@example.com', { superadmin: true });
    admin = bearer(await signIn(app, 'boss@example.com'));
  });
  afterAll(() => close());

  async function expectRefused(options: InjectOptions | string, status?: number) {
    const response = await app.inject(options);
    const label = typeof options === 'string' ? options : `${options.method ?? 'GET'} ${options.url}`;
    expect(response.statusCode, `${label}: ${response.body}`).toBeGreaterThanOrEqual(400);
    expect(response.statusCode, `${label}: ${response.body}`).toBeLessThan(500);
    if (status !== undefined) expect(response.statusCode, label).toBe(status);
    expect(response.headers['content-type'], label).toMatch(/^application\/json/);
    expect(typeof response.json().detail, label).toBe('string');
    return response;
  }

  /** The booking payload as raw JSON text, so numbers JSON.stringify would change go through. */
  const rawBooking = (field: string, rawValue: string) => {
    const marker = '"__RAW__"';
    return JSON.stringify(onlineBooking({ [field]: '__RAW__' } as never)).replace(marker, rawValue);
  };
  const countBookings = async () =>
    Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM bookings')).rows[0]!.n);

  it('refuses ids beyond a 32-bit integer in a booking body', async () => {
    for (const field of ['therapist_id', 'service_id', 'location_id']) {
      for (const raw of ['2147483648', '1e308', '9007199254740993']) {
        await expectRefused(
          {
            method: 'POST',
            url: '/api/bookings',
            headers: { 'content-type': 'application/json' },
            payload: rawBooking(field, raw),
          },
          400,
        );
      }
    }
    for (const raw of ['2147483648', '1e308', '-5', '"1"', 'true']) {
      await expectRefused({
        method: 'POST',
        url: '/api/payment/generate-link',
        headers: { 'content-type': 'application/json' },
        payload: `{"booking_id": ${raw}}`,
      });
    }
  });

  it('refuses ids beyond a 32-bit integer, or not in plain digits, in paths and queries', async () => {
    for (const id of [...TOO_BIG_IDS, '%201', '1%20', '+1', '01', '0x1', '1e3']) {
      await expectRefused({ url: `/api/admin/therapists/${id}/slots?date=2026-11-23`, headers: admin }, 400);
      await expectRefused({ url: `/api/admin/therapists/${id}/bookings`, headers: admin }, 400);
      await expectRefused({ method: 'POST', url: `/api/admin/bookings/${id}/cancel`, headers: admin }, 400);
      await expectRefused(`/get_location_image/${id}.png`, 400);
      await expectRefused(`/booked-slots?therapist_id=${id}`, 400);
      await expectRefused(`/availability-slots?therapist_id=${id}`, 400);
      await expectRefused(`/api/bookings/${id}/confirmation?token=abc`, 400);
    }
  });

  it('refuses numbers an integer column cannot hold: ages, amounts, limits, offsets, years', async () => {
    const before = await countBookings();
    for (const age of ['2147483648', '1e308', '"99999999999999999999"', '-1']) {
      await expectRefused({
        method: 'POST',
        url: '/api/bookings',
        headers: { 'content-type': 'application/json' },
        payload: rawBooking('client_age', age),
      });
    }
    for (const query of ['limit=2147483648', 'limit=1e3', 'offset=2147483648', 'offset=-1', 'limit=%201']) {
      await expectRefused({ url: `/api/admin/bookings?${query}`, headers: admin }, 400);
    }
    await expectRefused({ url: '/api/admin/audit-log?limit=9007199254740993', headers: admin }, 400);
    for (const query of ['year=2147483648', 'year=1e308', 'month=13', 'month=%201']) {
      await expectRefused({ url: `/api/admin/reports/therapist-monthly?${query}`, headers: admin }, 400);
    }
    expect(await countBookings()).toBe(before);
  });

  it('refuses a NUL or another control character in any text', async () => {
    const before = await countBookings();
    for (const field of ['client_full_name', 'client_note', 'client_email', 'client_city']) {
      await expectRefused(
        { method: 'POST', url: '/api/bookings', payload: onlineBooking({ [field]: 'Asha\u0000Client' }) },
        400,
      );
    }
    await expectRefused(
      {
        method: 'POST',
        url: '/api/bookings',
        payload: onlineBooking({ client_full_name: 'Asha\u001bClient' }),
      },
      400,
    );
    for (const url of [
      '/api/admin/search-clients?name=%00',
      '/api/admin/clients-with-therapists?name=a%00b',
    ]) {
      await expectRefused({ url, headers: admin }, 400);
    }
    for (const form of [
      'username=boss%40example.com%00&password=x',
      'username=boss%40example.com&password=a%00b',
    ]) {
      await expectRefused(
        {
          method: 'POST',
          url: '/api/admin/login',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: form,
        },
        400,
      );
    }
    await expectRefused(
      {
        method: 'POST',
        url: '/api/admin/bookings',
        headers: admin,
        payload: { ...onlineBooking({ client_full_name: 'Nul\u0000Name' }), amount: 100 },
      },
      400,
    );
    await expectRefused({ url: '/api/bookings/1/confirmation?token=a%00b' }, 400);
    expect(await countBookings()).toBe(before);
  });

  it('keeps a multi-line note: tabs and line breaks are text', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: onlineBooking({ client_note: 'Line one\r\n\tLine two', booking_time_slot_start: '11:00' }),
    });
    expect(response.statusCode, response.body).toBe(201);
  });

  it('refuses clock times and dates that do not exist', async () => {
    for (const time of ['25:00', '25:61', '23:60', '24:00', '9:00', '10:00:60']) {
      await expectRefused(
        { method: 'POST', url: '/api/bookings', payload: onlineBooking({ booking_time_slot_start: time }) },
        400,
      );
      await expectRefused(
        {
          method: 'POST',
          url: '/api/admin/availability/block',
          headers: admin,
          payload: { therapist_id: 1, date: '2026-11-23', start_time: time },
        },
        400,
      );
    }
    for (const date of ['2026-02-30', '2026-13-01', '0000-01-01', '99999-01-01', '2026-1-1']) {
      await expectRefused(
        { method: 'POST', url: '/api/bookings', payload: onlineBooking({ booking_date: date }) },
        400,
      );
      await expectRefused({ url: `/api/admin/therapists/1/slots?date=${date}`, headers: admin }, 400);
      await expectRefused({ url: `/api/admin/reports/eod?report_date=${date}`, headers: admin }, 400);
    }
  });

  it('takes no boolean or text for the id of the block call', async () => {
    for (const therapistId of [true, '1', ' 1', 1.5, 2147483648]) {
      await expectRefused(
        {
          method: 'POST',
          url: '/api/admin/availability/block',
          headers: admin,
          payload: { therapist_id: therapistId, date: '2026-11-23', start_time: '10:00' },
        },
        400,
      );
    }
    const blocks = await db.query("SELECT 1 FROM bookings WHERE booking_type = 'ADMIN_BLOCK'");
    expect(blocks.rows).toHaveLength(0);
  });

  it('answers Fastify’s own refusals as JSON detail: long URL, big body, bad JSON, media type, unknown path', async () => {
    const tooLong = await expectRefused(`/get_specific_image/${'a'.repeat(600)}.png`, 414);
    expect(tooLong.headers['x-content-type-options']).toBe('nosniff');
    await expectRefused(`/api/admin/therapists/${'1'.repeat(600)}/slots`);
    await expectRefused(
      {
        method: 'POST',
        url: '/api/bookings',
        payload: { ...onlineBooking(), client_note: 'x'.repeat(70_000) },
      },
      413,
    );
    await expectRefused(
      {
        method: 'POST',
        url: '/api/bookings',
        headers: { 'content-type': 'application/json' },
        payload: '{"therapist_id": ',
      },
      400,
    );
    await expectRefused(
      { method: 'POST', url: '/api/bookings', headers: { 'content-type': 'text/xml' }, payload: '<a/>' },
      415,
    );
    await expectRefused('/api/no-such-call', 404);
    await expectRefused({ method: 'DELETE', url: '/api/bookings' }, 404);
    await expectRefused('/get_location_image/%E0%A4%A.png', 400);
  });
});

describe.each(backends)('bad values in a signed Razorpay webhook on %s', (backend) => {
  const keys = {
    keyId: 'rzp_test_bad',
    keySecret: 'bad-input-key-secret',
    webhookSecret: 'bad-input-webhook-secret',
  };
  let app: FastifyInstance;
  let db: TestDatabase;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ app, db, close } = await createRazorpayTestApp(backend, keys));
  });
  afterAll(() => close());

  const deliver = (body: string) =>
    app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': signWebhook(keys.webhookSecret, body),
      },
      payload: body,
    });

  it('refuses a body that is not an object, and ignores what no column can hold', async () => {
    for (const body of ['null', '[]', '"paid"', '42']) {
      const response = await deliver(body);
      expect(response.statusCode, body).toBe(400);
      expect(typeof response.json().detail).toBe('string');
    }
    const paid = (entity: Record<string, unknown>, event = 'payment_link.paid') =>
      JSON.stringify({
        event,
        payload: {
          payment_link: { entity: { id: 'plink_x', status: 'paid', amount: 150_000, ...entity } },
          payment: { entity: { id: 'pay_x', status: 'captured' } },
        },
      });
    const odd = [
      paid({ reference_id: '99999999999', amount_paid: 1e20 }),
      paid({ id: 'plink_\u0000', reference_id: '1' }),
      paid({ reference_id: '1' }, 'payment_link.paid\u0000'),
      paid({ reference_id: '2147483648' }, 'payment_link.expired'),
    ];
    for (const body of odd) {
      const response = await deliver(body);
      expect(response.statusCode, `${body}: ${response.body}`).toBe(200);
    }
    const events = await db.query<{ event: string }>(
      'SELECT event FROM payment_webhook_events ORDER BY event',
    );
    expect(events.rows.map((row) => row.event)).toEqual([
      'payment_link.expired',
      'payment_link.paid',
      'payment_link.paid',
      'unknown',
    ]);
    expect((await db.query('SELECT 1 FROM payments')).rows).toHaveLength(0);
  });
});
