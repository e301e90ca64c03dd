import { addDays } from '@therapy/shared/clinic-time';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdminUser, JWT_SECRET, signIn } from '../../test/admin-test-kit.ts';
import { offlineBooking } from '../../test/booking-fixtures.ts';
import { createRazorpayTestApp, type RazorpayDouble } from '../../test/razorpay-double.ts';
import { createDemoTestApp } from '../../test/test-app.ts';
import { backends, type TestDatabase } from '../../test/test-database.ts';
import type { JobRow } from '../jobs/job-kinds.ts';
import type { OutgoingMail } from '../notifications/mailer.ts';
import { createNotificationHandlers } from '../notifications/notification-handlers.ts';
import { PAID_AT_CENTRE_REFUND, PAID_BUT_SLOT_TAKEN } from './payments-service.ts';

/*
 * A payment link sent for an in-person booking, paid by the client after the front desk had
 * recorded a payment at the centre (decision 024): the online payment is recorded and due for a
 * refund, the booking stays paid at the centre, and the refund sends exactly that payment back.
 */

// Razorpay checks expire_by against its own clock, so these tests run on the real one.
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());

type Harness = {
  db: TestDatabase;
  app: FastifyInstance;
  /** Pays the link at the provider and lets the server hear of it (webhook or status page). */
  payLink: (linkId: string, shortUrl: string) => Promise<string>;
  /** The amounts the provider refunded for this payment. */
  refundedAt: (paymentId: string) => Promise<number[]>;
};

/** The e-mail a job of this kind sends for the booking. */
async function render(
  kind: 'email.refund_needed' | 'email.refund_issued',
  db: TestDatabase,
  bookingId: number,
) {
  const sent: OutgoingMail[] = [];
  const handlers = createNotificationHandlers(
    db,
    { send: async (mail) => void sent.push(mail), close() {} },
    {
      timeZone: 'Asia/Kolkata',
      from: 'bookings@clinic.test',
      publicUrl: 'https://book.example.in',
      productName: 'Test',
    },
  );
  await handlers[kind]!({ booking_id: bookingId }, {} as JobRow);
  expect(sent).toHaveLength(1);
  return sent[0]!;
}

/** The whole story, on one booking of its own day; `day` keeps the tests apart. */
async function payTwiceThenRefund(h: Harness, day: number) {
  const { db, app } = h;
  await createAdminUser(db, `staff${day}@example.com`);
  await createAdminUser(db, `boss${day}@example.com`, { superadmin: true });
  const staff = bearer(await signIn(app, `staff${day}@example.com`));
  const boss = bearer(await signIn(app, `boss${day}@example.com`));
  const date = addDays(today, day);
  const income = async () =>
    (await app.inject({ url: `/api/admin/income?from=${date}&to=${date}`, headers: boss })).json();
  const inventory = async () =>
    (await app.inject({ url: `/api/admin/reports/inventory?from=${date}&to=${date}`, headers: boss })).json()
      .total_amount;
  const row = async (id: number) =>
    (
      await db.query<{ payment_status: string; cancelled: boolean; needs_refund: boolean }>(
        'SELECT payment_status, cancelled, needs_refund FROM bookings WHERE id = $1',
        [id],
      )
    ).rows[0];
  const adminView = async (id: number) =>
    (await app.inject({ url: '/api/admin/bookings', headers: staff }))
      .json()
      .find((b: { id: number }) => b.id === id);

  const created = await app.inject({
    method: 'POST',
    url: '/api/bookings',
    payload: offlineBooking({ booking_date: date }),
  });
  expect(created.statusCode, created.body).toBe(201);
  const bookingId = created.json().booking_id as number;
  const link = await app.inject({
    method: 'POST',
    url: '/api/create-shareable-payment-link',
    headers: staff,
    payload: { booking_id: bookingId },
  });
  expect(link.statusCode, link.body).toBe(200);
  const { payment_link_id: linkId, payment_link_url: shortUrl } = link.json();

  // The desk takes ₹900 in cash (a discount on the ₹1,000 booking).
  const cash = await app.inject({
    method: 'POST',
    url: `/api/admin/bookings/${bookingId}/payments`,
    headers: staff,
    payload: { method: 'cash', amount: 900 },
  });
  expect(cash.statusCode, cash.body).toBe(200);
  const centrePaymentId = cash.json().payment.payment_id;
  const counted = { total_amount: 900 };
  expect(await income()).toMatchObject(counted);
  expect(await inventory()).toBe(900);

  // The client pays the link as well: ₹1,000 online.
  const paymentId = await h.payLink(linkId, shortUrl);
  expect(await row(bookingId)).toEqual({ payment_status: 'COMPLETED', cancelled: false, needs_refund: true });
  const payments = await db.query<{ id: string; amount_paise: number; status: string }>(
    'SELECT id, amount_paise, status FROM payments WHERE booking_id = $1',
    [bookingId],
  );
  expect(payments.rows).toEqual([{ id: paymentId, amount_paise: 100_000, status: 'captured' }]);
  const mails = await db.query(
    "SELECT 1 FROM jobs WHERE kind = 'email.refund_needed' AND payload->>'booking_id' = $1",
    [String(bookingId)],
  );
  expect(mails.rows).toHaveLength(1);
  const clinicMail = await render('email.refund_needed', db, bookingId);
  expect(clinicMail.text).toContain('the client paid twice. The session stays booked.');
  expect(await adminView(bookingId)).toMatchObject({
    payment_status: 'COMPLETED',
    needs_refund: true,
    refund_status: null,
    refund_amount: 1000,
    centre_payment_id: centrePaymentId,
    centre_payment_method: 'cash',
  });
  const page = await app.inject(`/api/get-razorpay-details/${linkId}`);
  expect(page.json()).toMatchObject({ status: 'failed', message: PAID_AT_CENTRE_REFUND });
  // Income still counts the centre payment only, under its own id.
  const afterPayment = await income();
  expect(afterPayment).toMatchObject(counted);
  expect(afterPayment.payments).toEqual([
    expect.objectContaining({
      amount: 900,
      payment_transaction_id: expect.stringMatching(/^C-\d+ \(CASH\)$/),
    }),
  ]);
  expect(await inventory()).toBe(900);
  // Undoing the centre payment would leave the online one both booked and due back: refused.
  const undo = await app.inject({
    method: 'POST',
    url: `/api/admin/bookings/${bookingId}/payments/${centrePaymentId}/void`,
    headers: boss,
  });
  expect(undo.statusCode).toBe(409);

  const refund = await app.inject({
    method: 'POST',
    url: `/api/admin/bookings/${bookingId}/refund`,
    headers: boss,
  });
  expect(refund.statusCode, refund.body).toBe(200);
  expect(refund.json()).toMatchObject({ booking_id: bookingId, amount: 1000 });
  expect(await h.refundedAt(paymentId)).toEqual([100_000]);
  expect(await row(bookingId)).toEqual({
    payment_status: 'COMPLETED',
    cancelled: false,
    needs_refund: false,
  });
  expect(await adminView(bookingId)).toMatchObject({
    needs_refund: false,
    refund_status: 'processed',
    centre_payment_id: centrePaymentId,
  });
  expect(await income()).toMatchObject(counted);
  expect(await inventory()).toBe(900);
  const clientMail = await render('email.refund_issued', db, bookingId);
  expect(clientMail.text).toContain(
    `We have refunded the ₹1,000.00 you paid online for your booking ${bookingId}: it had already been paid at the centre. Your session stays booked.`,
  );
  // A reload of the status page changes nothing and still explains.
  const reload = await app.inject(`/api/get-razorpay-details/${linkId}`);
  expect(reload.json()).toMatchObject({ status: 'failed', message: PAID_AT_CENTRE_REFUND });
  expect(await row(bookingId)).toEqual({
    payment_status: 'COMPLETED',
    cancelled: false,
    needs_refund: false,
  });
  return { bookingId };
}

describe.each(backends)('a payment link paid after a centre payment, through Razorpay on %s', (backend) => {
  let h: Harness;
  let razorpay: RazorpayDouble;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const keys = { keyId: 'rzp_test_twice', keySecret: 'twice-key-secret', webhookSecret: 'twice-webhook' };
    const started = await createRazorpayTestApp(backend, keys, { JWT_SECRET });
    ({ razorpay, close } = started);
    h = {
      db: started.db,
      app: started.app,
      async payLink(linkId) {
        const { paymentId } = razorpay.pay(linkId);
        const hook = razorpay.webhook('payment_link.paid', razorpay.links.get(linkId)!);
        const response = await started.app.inject({
          method: 'POST',
          url: '/api/payment/webhook',
          headers: hook.headers,
          payload: hook.body,
        });
        expect(response.statusCode, response.body).toBe(200);
        return paymentId;
      },
      refundedAt: async (paymentId) => {
        const refunds = razorpay.refunds.filter((r) => r.payment_id === paymentId);
        expect(refunds.map((r) => r.notes.reason)).toEqual(['Already paid at the centre']);
        return refunds.map((r) => r.amount);
      },
    };
  });
  afterAll(() => close());

  it('records the online payment for refund, refunds exactly it, and leaves the centre payment and income alone', async () => {
    await payTwiceThenRefund(h, 3);
  });

  it('marks a link paid after the booking was paid at the centre and then cancelled as a late payment', async () => {
    const { db, app } = h;
    await createAdminUser(db, 'desk@example.com', { superadmin: true });
    const desk = bearer(await signIn(app, 'desk@example.com'));
    const created = await app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: offlineBooking({ booking_date: addDays(today, 5) }),
    });
    const bookingId = created.json().booking_id as number;
    const link = await app.inject({
      method: 'POST',
      url: '/api/create-shareable-payment-link',
      headers: desk,
      payload: { booking_id: bookingId },
    });
    const linkId = link.json().payment_link_id;
    const paid = await app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${bookingId}/payments`,
      headers: desk,
      payload: { method: 'upi' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const cancel = await app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${bookingId}/cancel`,
      headers: desk,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);

    const paymentId = await h.payLink(linkId, link.json().payment_link_url);
    const { rows } = await db.query<{
      cancelled: boolean;
      needs_refund: boolean;
      payment_transaction_id: string;
    }>('SELECT cancelled, needs_refund, payment_transaction_id FROM bookings WHERE id = $1', [bookingId]);
    expect(rows[0]).toEqual({ cancelled: true, needs_refund: true, payment_transaction_id: paymentId });
    const page = await app.inject(`/api/get-razorpay-details/${linkId}`);
    expect(page.json()).toMatchObject({ status: 'failed', message: PAID_BUT_SLOT_TAKEN });
  });
});

describe.each(backends)('a payment link paid after a centre payment, in the sandbox on %s', (backend) => {
  let h: Harness;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const started = await createDemoTestApp(backend, { env: { JWT_SECRET, PUBLIC_URL: 'http://book.test' } });
    close = started.close;
    h = {
      db: started.db,
      app: started.app,
      // The sandbox's page, then the status page the visitor lands on (no webhook in the sandbox).
      async payLink(_linkId, shortUrl) {
        const paid = await started.app.inject({
          method: 'POST',
          url: new URL(shortUrl).pathname,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'outcome=paid',
        });
        expect(paid.statusCode).toBe(303);
        const back = new URL(paid.headers.location as string).searchParams;
        const signed = new URLSearchParams({
          payment_status: back.get('razorpay_payment_link_status') ?? '',
          razorpay_payment_id: back.get('razorpay_payment_id') ?? '',
          razorpay_payment_link_reference_id: back.get('razorpay_payment_link_reference_id') ?? '',
          razorpay_signature: back.get('razorpay_signature') ?? '',
        });
        const page = await started.app.inject(
          `/api/get-razorpay-details/${back.get('razorpay_payment_link_id')}?${signed}`,
        );
        expect(page.json()).toMatchObject({ status: 'failed', message: PAID_AT_CENTRE_REFUND });
        return back.get('razorpay_payment_id')!;
      },
      refundedAt: async (paymentId) =>
        (
          await started.db.query<{ amount_paise: number }>(
            'SELECT amount_paise FROM sandbox_payment_links WHERE payment_id = $1 AND refund_id IS NOT NULL',
            [paymentId],
          )
        ).rows.map((r) => Number(r.amount_paise)),
    };
  });
  afterAll(() => close());

  it('records the online payment for refund, refunds exactly it, and leaves the centre payment and income alone', async () => {
    await payTwiceThenRefund(h, 4);
  });
});
