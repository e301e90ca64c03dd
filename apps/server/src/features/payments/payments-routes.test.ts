import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reactToBookingEvents } from '../../test/booking-events-kit.ts';
import { BOOKING_TEST_NOW, onlineBooking } from '../../test/booking-fixtures.ts';
import { createSandboxVisitor } from '../../test/sandbox-visitor.ts';
import { createTestApp } from '../../test/test-app.ts';
import { backends, createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { PAYMENT_NOT_PROCESSED } from '../bookings/booking-confirmation.ts';
import { loadDemoData } from '../demo-data/load-demo-data.ts';
import { PAID_BUT_SLOT_TAKEN } from './payment-lookup.ts';
import { signCallback } from './payment-provider.ts';

type Visitor = ReturnType<typeof createSandboxVisitor>;

describe.each(backends)('payments through the sandbox provider on %s', (backend) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let close: () => Promise<void>;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    await loadDemoData(db);
    ({ app, close } = await createTestApp(db, {
      now: () => BOOKING_TEST_NOW,
      env: { PUBLIC_URL: 'http://book.test' },
    }));
    ({ book, generateLink, settle, lookUp } = createSandboxVisitor(app));
  });
  afterAll(async () => {
    await close();
    await db.drop();
  });

  let book: Visitor['book'];
  let generateLink: Visitor['generateLink'];
  let settle: Visitor['settle'];
  let lookUp: Visitor['lookUp'];

  const status = async (id: number) =>
    (
      await db.query<{
        payment_status: string;
        google_meet_link: string | null;
        needs_refund: boolean;
        payment_transaction_id: string | null;
      }>(
        'SELECT payment_status, google_meet_link, needs_refund, payment_transaction_id FROM bookings WHERE id = $1',
        [id],
      )
    ).rows[0]!;

  it('charges the booking’s own amount, whatever the request says, and records the link on it', async () => {
    const { booking_id, date } = await book();
    const response = await generateLink(booking_id);
    expect(response.statusCode).toBe(200);
    const link = response.json();
    expect(link.short_url).toBe(`http://book.test/sandbox/pay/${link.payment_link_id}`);
    const page = await app.inject(new URL(link.short_url).pathname);
    expect(page.body).toContain('Pay ₹1,500.00');
    expect(page.body).toContain('Fail payment');
    // The session in the forms of the rest of the app: 'Tue, Nov 24' and a 12-hour time.
    const shortDate = new Intl.DateTimeFormat('en-US', {
      timeZone: 'UTC',
      weekday: 'short',
      month: 'short',
      day: 'numeric',
    }).format(new Date(`${date}T00:00:00Z`));
    expect(page.body).toContain(`on ${shortDate} at 10:00 AM`);
    expect(page.body).not.toContain(date);
    const { rows } = await db.query('SELECT payment_link_id, payment_link_url FROM bookings WHERE id = $1', [
      booking_id,
    ]);
    expect(rows[0]).toEqual({ payment_link_id: link.payment_link_id, payment_link_url: link.short_url });

    const again = await generateLink(booking_id);
    expect(again.json()).toEqual(link);
  });

  it('refuses a link for someone else’s booking (e-mail does not match) as if it did not exist', async () => {
    const { booking_id } = await book();
    const response = await generateLink(booking_id, { customer_email: 'someone@example.com' });
    expect(response.statusCode).toBe(404);
  });

  it('records only the link generated for that booking', async () => {
    const { booking_id } = await book();
    const link = (await generateLink(booking_id)).json();
    const record = (payload: object) =>
      app.inject({ method: 'POST', url: `/api/bookings/${booking_id}/payment-link`, payload });
    const same = await record({
      payment_link_url: link.short_url,
      razorpay_payment_link_id: link.payment_link_id,
    });
    expect(same.statusCode).toBe(200);
    const planted = await record({
      payment_link_url: 'https://evil.example/pay',
      razorpay_payment_link_id: 'plink_evil',
    });
    expect(planted.statusCode).toBe(409);
    expect(planted.json()).toEqual({ detail: 'This payment link does not belong to this booking.' });
  });

  it('confirms a paid booking with a meeting link after verifying the signed callback', async () => {
    const { booking_id } = await book();
    const link = (await generateLink(booking_id)).json();
    const params = await settle(link.short_url, 'paid');
    expect([...params.keys()].sort()).toEqual([
      'razorpay_payment_id',
      'razorpay_payment_link_id',
      'razorpay_payment_link_reference_id',
      'razorpay_payment_link_status',
      'razorpay_signature',
    ]);
    expect(params.get('razorpay_payment_link_status')).toBe('paid');
    expect(params.get('razorpay_payment_link_reference_id')).toBe(String(booking_id));

    const response = await lookUp(params);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.status).toBe('confirmed');
    expect(body.data).toMatchObject({
      booking_id,
      booking_type: 'ONLINE',
      payment_status: 'COMPLETED',
      therapist_name: 'Dr.Asha Menon',
      amount: 1500,
      payment_transaction_id: params.get('razorpay_payment_id'),
      location_name: null,
    });
    expect(body.data.google_meet_link).toMatch(/^https:\/\/meet\.jit\.si\/TherapySession-\d+-\w{10,}$/);
    expect(body.data).not.toHaveProperty('client_email');

    // Looking up again (a reload) changes nothing and enqueues one confirmation e-mail only.
    expect((await lookUp(params)).json().data.google_meet_link).toBe(body.data.google_meet_link);
    await reactToBookingEvents(db);
    const { rows } = await db.query<{ n: number }>(
      "SELECT count(*)::integer AS n FROM jobs WHERE kind = 'email.booking_confirmed' AND payload->>'booking_id' = $1",
      [String(booking_id)],
    );
    expect(rows[0]!.n).toBe(1);
    const payments = await db.query('SELECT amount_paise, status FROM payments WHERE booking_id = $1', [
      booking_id,
    ]);
    expect(payments.rows).toEqual([{ amount_paise: 150_000, status: 'captured' }]);
  });

  it('refuses a forged signature and confirms nothing', async () => {
    const { booking_id } = await book();
    const link = (await generateLink(booking_id)).json();
    const params = new URLSearchParams({
      razorpay_payment_id: 'pay_forged',
      razorpay_payment_link_id: link.payment_link_id,
      razorpay_payment_link_reference_id: String(booking_id),
      razorpay_payment_link_status: 'paid',
      razorpay_signature: signCallback('not-the-secret', {
        paymentLinkId: link.payment_link_id,
        referenceId: String(booking_id),
        status: 'paid',
        paymentId: 'pay_forged',
      }),
    });
    const response = await lookUp(params);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'The payment details could not be verified.' });
    expect((await status(booking_id)).payment_status).toBe('INITIATED');
  });

  it('does not trust status “paid” in the query when the provider says the link is unpaid', async () => {
    const { booking_id } = await book();
    const link = (await generateLink(booking_id)).json();
    const response = await app.inject(
      `/api/get-razorpay-details/${link.payment_link_id}?payment_status=paid`,
    );
    expect(response.json()).toMatchObject({ status: 'failed', message: PAYMENT_NOT_PROCESSED });
    expect((await status(booking_id)).payment_status).toBe('INITIATED');
  });

  it('does not confirm when the provider collected less than the booking’s amount', async () => {
    const { booking_id } = await book();
    const link = (await generateLink(booking_id)).json();
    await db.query('UPDATE sandbox_payment_links SET amount_paise = 100 WHERE id = $1', [
      link.payment_link_id,
    ]);
    const params = await settle(link.short_url, 'paid');
    expect((await lookUp(params)).json().status).toBe('failed');
    expect((await status(booking_id)).payment_status).toBe('INITIATED');
  });

  it('marks a failed payment FAILED and frees the slot', async () => {
    const { booking_id, date } = await book();
    const link = (await generateLink(booking_id)).json();
    const params = await settle(link.short_url, 'failed');
    expect(params.get('razorpay_payment_link_status')).not.toBe('paid');
    const response = await lookUp(params);
    expect(response.json()).toMatchObject({ status: 'failed', message: PAYMENT_NOT_PROCESSED });
    expect((await status(booking_id)).payment_status).toBe('FAILED');
    const slots = (await app.inject('/booked-slots?therapist_id=1')).json();
    expect(slots).not.toContainEqual({ booking_date: date, booking_time_slot_start: '10:00:00' });
  });

  it('confirms a late payment whose slot is still free', async () => {
    const { booking_id } = await book();
    const link = (await generateLink(booking_id)).json();
    await db.query("UPDATE bookings SET payment_status = 'FAILED' WHERE id = $1", [booking_id]);
    const params = await settle(link.short_url, 'paid');
    expect((await lookUp(params)).json().status).toBe('confirmed');
    expect((await status(booking_id)).payment_status).toBe('COMPLETED');
  });

  it('marks a late payment for a slot taken meanwhile for refund, without a double booking', async () => {
    const { booking_id, date } = await book();
    const link = (await generateLink(booking_id)).json();
    await db.query("UPDATE bookings SET payment_status = 'FAILED' WHERE id = $1", [booking_id]);
    const other = await app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: onlineBooking({ booking_date: date, client_email: 'second@example.com' }),
    });
    expect(other.statusCode).toBe(201);
    const params = await settle(link.short_url, 'paid');
    const response = await lookUp(params);
    expect(response.json()).toMatchObject({ status: 'failed', message: PAID_BUT_SLOT_TAKEN });
    expect(await status(booking_id)).toMatchObject({
      payment_status: 'FAILED',
      needs_refund: true,
      payment_transaction_id: params.get('razorpay_payment_id'),
    });
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::integer AS n FROM bookings WHERE booking_date = $1 AND therapist_id = 1
         AND payment_status NOT IN ('FAILED', 'CANCELLED') AND NOT cancelled`,
      [date],
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('marks a payment for a booking the clinic cancelled meanwhile for refund', async () => {
    const { booking_id } = await book();
    const link = (await generateLink(booking_id)).json();
    await db.query("UPDATE bookings SET cancelled = true, payment_status = 'CANCELLED' WHERE id = $1", [
      booking_id,
    ]);
    const params = await settle(link.short_url, 'paid');
    expect((await lookUp(params)).json()).toMatchObject({ status: 'failed', message: PAID_BUT_SLOT_TAKEN });
    expect(await status(booking_id)).toMatchObject({ payment_status: 'CANCELLED', needs_refund: true });
    await reactToBookingEvents(db);
    const { rows } = await db.query(
      "SELECT 1 FROM jobs WHERE kind = 'email.refund_needed' AND payload->>'booking_id' = $1",
      [String(booking_id)],
    );
    expect(rows).toHaveLength(1);
  });

  it('answers unknown links with 404 and bad ids with 400', async () => {
    expect((await app.inject('/api/get-razorpay-details/plink_nothing')).statusCode).toBe(404);
    expect((await app.inject('/api/get-razorpay-details/..%2Fetc')).statusCode).toBe(400);
    expect((await app.inject('/sandbox/pay/plink_nothing')).statusCode).toBe(404);
    expect((await generateLink(999_999)).statusCode).toBe(404);
  });
});
