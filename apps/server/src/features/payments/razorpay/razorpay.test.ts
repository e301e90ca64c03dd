import { addDays } from '@therapy/shared/clinic-time';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reactToBookingEvents } from '../../../test/booking-events-kit.ts';
import { bookOnlineWithLink, onlineBooking } from '../../../test/booking-fixtures.ts';
import type { RazorpayDouble } from '../../../test/razorpay-double.ts';
import { createRazorpayTestApp, RAZORPAY_STALL_MS } from '../../../test/razorpay-test-app.ts';
import { backends, type TestDatabase } from '../../../test/test-database.ts';
import { LOOKUP_UNAVAILABLE, PAID_BUT_SLOT_TAKEN } from '../payment-lookup.ts';
import { PAYMENT_LINK_UNAVAILABLE } from '../payments-service.ts';

const keys = {
  keyId: 'rzp_test_double',
  keySecret: 'double-key-secret',
  webhookSecret: 'double-webhook-secret',
};

// Razorpay checks expire_by against its own clock, so these tests run on the real one.
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());

describe.each(backends)('Razorpay payment links on %s', (backend) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let razorpay: RazorpayDouble;
  let day = 0;

  beforeAll(async () => {
    ({ db, app, close, razorpay } = await createRazorpayTestApp(backend, keys));
  });
  afterAll(() => close());

  async function bookAndLink() {
    day += 1;
    return bookOnlineWithLink(app, addDays(today, day));
  }

  const booking = async (id: number) =>
    (
      await db.query<{ payment_status: string; google_meet_link: string | null; needs_refund: boolean }>(
        'SELECT payment_status, google_meet_link, needs_refund FROM bookings WHERE id = $1',
        [id],
      )
    ).rows[0]!;
  const count = async (sql: string, params: unknown[]) =>
    (await db.query<{ n: number }>(sql, params)).rows[0]!.n;
  const lookUp = (linkId: string, callback: URLSearchParams) =>
    app.inject(
      `/api/get-razorpay-details/${linkId}?${new URLSearchParams({
        payment_status: callback.get('razorpay_payment_link_status') ?? '',
        razorpay_payment_id: callback.get('razorpay_payment_id') ?? '',
        razorpay_payment_link_reference_id: callback.get('razorpay_payment_link_reference_id') ?? '',
        razorpay_signature: callback.get('razorpay_signature') ?? '',
      })}`,
    );
  const sendWebhook = (hook: { body: string; headers: Record<string, string> }) =>
    app.inject({ method: 'POST', url: '/api/payment/webhook', headers: hook.headers, payload: hook.body });

  it('creates the link with the documented request: paise, INR, customer, reference, callback, expiry', async () => {
    const { bookingId, linkId, shortUrl } = await bookAndLink();
    const request = razorpay.requests.find(
      (r) => r.method === 'POST' && (r.body as { reference_id: string }).reference_id === String(bookingId),
    )!;
    expect(request.authorization).toBe(
      `Basic ${Buffer.from(`${keys.keyId}:${keys.keySecret}`).toString('base64')}`,
    );
    expect(request.body).toMatchObject({
      amount: 150_000,
      currency: 'INR',
      accept_partial: false,
      reference_id: String(bookingId),
      customer: { name: 'Asha Client', email: 'client@example.com', contact: '+919876543210' },
      callback_url: 'https://book.example.in/payment-status',
      callback_method: 'get',
      notes: { booking_id: String(bookingId) },
    });
    const expireBy = (request.body as { expire_by: number }).expire_by;
    expect(expireBy).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) + 15 * 60);
    expect(shortUrl).toBe(razorpay.links.get(linkId)!.short_url);
  });

  it('confirms after the signed callback, having fetched the link from the API', async () => {
    const { bookingId, linkId } = await bookAndLink();
    const { callback, paymentId } = razorpay.pay(linkId);
    const response = await lookUp(linkId, callback);
    expect(response.json()).toMatchObject({
      status: 'confirmed',
      data: { booking_id: bookingId, payment_transaction_id: paymentId },
    });
    expect(
      razorpay.requests.some((r) => r.method === 'GET' && r.path === `/v1/payment_links/${linkId}`),
    ).toBe(true);
    expect((await booking(bookingId)).google_meet_link).toMatch(/^https:\/\/meet\.jit\.si\//);
  });

  it('refuses a tampered callback signature', async () => {
    const { bookingId, linkId } = await bookAndLink();
    const { callback } = razorpay.pay(linkId);
    callback.set('razorpay_payment_id', 'pay_someone_else');
    expect((await lookUp(linkId, callback)).statusCode).toBe(400);
    expect((await booking(bookingId)).payment_status).toBe('INITIATED');
  });

  it('does not confirm an unpaid link whatever the query says', async () => {
    const { bookingId, linkId } = await bookAndLink();
    const response = await app.inject(
      `/api/get-razorpay-details/${linkId}?payment_status=paid&razorpay_payment_id=pay_x`,
    );
    expect(response.json().status).toBe('failed');
    expect((await booking(bookingId)).payment_status).toBe('INITIATED');
  });

  it('refuses a webhook with a bad signature and changes nothing', async () => {
    const { bookingId, linkId } = await bookAndLink();
    razorpay.pay(linkId);
    const hook = razorpay.webhook('payment_link.paid', razorpay.links.get(linkId)!);
    hook.headers['x-razorpay-signature'] = '0'.repeat(64);
    const response = await sendWebhook(hook);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'Invalid webhook signature' });
    expect((await booking(bookingId)).payment_status).toBe('INITIATED');
  });

  it('confirms a paid booking from the webhook alone (browser closed); a replay and the late callback change nothing', async () => {
    const { bookingId, linkId } = await bookAndLink();
    const { callback } = razorpay.pay(linkId);
    const hook = razorpay.webhook('payment_link.paid', razorpay.links.get(linkId)!);
    const first = await sendWebhook(hook);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ status: 'ok' });
    const confirmed = await booking(bookingId);
    expect(confirmed.payment_status).toBe('COMPLETED');

    const replay = await sendWebhook(hook);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ status: 'duplicate' });
    const lateCallback = await lookUp(linkId, callback);
    expect(lateCallback.json().status).toBe('confirmed');
    expect(await booking(bookingId)).toEqual(confirmed);
    await reactToBookingEvents(db);
    expect(
      await count('SELECT count(*)::integer AS n FROM payments WHERE booking_id = $1', [bookingId]),
    ).toBe(1);
    expect(
      await count(
        "SELECT count(*)::integer AS n FROM jobs WHERE kind = 'email.booking_confirmed' AND payload->>'booking_id' = $1",
        [String(bookingId)],
      ),
    ).toBe(1);
  });

  it('fails the booking and frees the slot when the link expires', async () => {
    const { bookingId, linkId } = await bookAndLink();
    razorpay.expire(linkId);
    const response = await sendWebhook(razorpay.webhook('payment_link.expired', razorpay.links.get(linkId)!));
    expect(response.statusCode).toBe(200);
    expect((await booking(bookingId)).payment_status).toBe('FAILED');
  });

  it('marks a payment for a slot taken after the hold expired for refund', async () => {
    const { bookingId, date, linkId } = await bookAndLink();
    await db.query("UPDATE bookings SET payment_status = 'FAILED' WHERE id = $1", [bookingId]);
    const other = await app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: onlineBooking({ booking_date: date, client_email: 'faster@example.com' }),
    });
    expect(other.statusCode).toBe(201);
    razorpay.pay(linkId);
    await sendWebhook(razorpay.webhook('payment_link.paid', razorpay.links.get(linkId)!));
    expect(await booking(bookingId)).toMatchObject({ payment_status: 'FAILED', needs_refund: true });
    const page = await app.inject(`/api/get-razorpay-details/${linkId}`);
    expect(page.json()).toMatchObject({ status: 'failed', message: PAID_BUT_SLOT_TAKEN });
  });

  it('acknowledges events it does not handle', async () => {
    const { linkId } = await bookAndLink();
    const response = await sendWebhook(razorpay.webhook('payment.authorized', razorpay.links.get(linkId)!));
    expect(response.statusCode).toBe(200);
  });

  it('gives the specification’s messages when Razorpay times out, and the booking stays payable', async () => {
    day += 1;
    const created = await app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: onlineBooking({ booking_date: addDays(today, day) }),
    });
    const bookingId = created.json().booking_id;
    razorpay.setDelay(RAZORPAY_STALL_MS);
    const link = await app.inject({
      method: 'POST',
      url: '/api/payment/generate-link',
      payload: { booking_id: bookingId, customer_email: 'client@example.com' },
    });
    razorpay.setDelay(0);
    expect(link.statusCode).toBe(502);
    expect(link.json()).toEqual({ detail: PAYMENT_LINK_UNAVAILABLE });
    expect((await booking(bookingId)).payment_status).toBe('INITIATED');

    const retry = await app.inject({
      method: 'POST',
      url: '/api/payment/generate-link',
      payload: { booking_id: bookingId, customer_email: 'client@example.com' },
    });
    expect(retry.statusCode).toBe(200);
    razorpay.setDelay(RAZORPAY_STALL_MS);
    const lookup = await app.inject(`/api/get-razorpay-details/${retry.json().payment_link_id}`);
    razorpay.setDelay(0);
    expect(lookup.statusCode).toBe(502);
    expect(lookup.json()).toEqual({ detail: LOOKUP_UNAVAILABLE });
  });
});
