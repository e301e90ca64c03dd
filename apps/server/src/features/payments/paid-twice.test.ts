import { addDays } from '@therapy/shared/clinic-time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdminUser, JWT_SECRET, signIn } from '../../test/admin-test-kit.ts';
import {
  bookInPersonWithSharedLink,
  type Harness,
  openInPersonDate,
  payTwiceThenRefund,
  today,
} from '../../test/paid-twice-story.ts';
import type { RazorpayDouble } from '../../test/razorpay-double.ts';
import { createRazorpayTestApp } from '../../test/razorpay-test-app.ts';
import { createDemoTestApp } from '../../test/test-app.ts';
import { backends } from '../../test/test-database.ts';
import { PAID_AT_CENTRE_REFUND, PAID_BUT_SLOT_TAKEN } from './payment-lookup.ts';

/*
 * A payment link sent for an in-person booking, paid by the client after the front desk had
 * recorded a payment at the centre (decision 024): the online payment is recorded and due for a
 * refund, the booking stays paid at the centre, and the refund sends exactly that payment back.
 */

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

  it('puts the booking back to Refund due when Razorpay reports that refund failed, the booking still paid at the centre', async () => {
    const { bookingId } = await payTwiceThenRefund(h, 6);
    const refund = razorpay.refunds.at(-1)!;
    const hook = razorpay.refundWebhook('refund.failed', { ...refund, status: 'failed' });
    const response = await h.app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: hook.headers,
      payload: hook.body,
    });
    expect(response.statusCode, response.body).toBe(200);
    const { rows } = await h.db.query(
      'SELECT payment_status, cancelled, needs_refund FROM bookings WHERE id = $1',
      [bookingId],
    );
    expect(rows[0]).toEqual({ payment_status: 'COMPLETED', cancelled: false, needs_refund: true });
  });

  it('refuses the desk (409, nothing changed) once the link was paid first', async () => {
    const { db, app } = h;
    await createAdminUser(db, 'first@example.com');
    const desk = bearer(await signIn(app, 'first@example.com'));
    const { bookingId, linkId, shortUrl } = await bookInPersonWithSharedLink(
      app,
      await openInPersonDate(app, addDays(today, 7)),
      desk,
    );
    await h.payLink(linkId, shortUrl);
    const before = await db.query('SELECT * FROM bookings WHERE id = $1', [bookingId]);
    expect(before.rows[0]).toMatchObject({ payment_status: 'COMPLETED', needs_refund: false });
    const cash = await app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${bookingId}/payments`,
      headers: desk,
      payload: { method: 'cash' },
    });
    expect(cash.statusCode).toBe(409);
    expect(cash.json().detail).toContain('not pending');
    expect((await db.query('SELECT * FROM bookings WHERE id = $1', [bookingId])).rows).toEqual(before.rows);
    const centre = await db.query('SELECT 1 FROM centre_payments WHERE booking_id = $1', [bookingId]);
    expect(centre.rows).toEqual([]);
  });

  it('marks a link paid after the booking was paid at the centre and then cancelled as a late payment', async () => {
    const { db, app } = h;
    await createAdminUser(db, 'desk@example.com', { superadmin: true });
    const desk = bearer(await signIn(app, 'desk@example.com'));
    const { bookingId, linkId, shortUrl } = await bookInPersonWithSharedLink(
      app,
      await openInPersonDate(app, addDays(today, 5)),
      desk,
    );
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

    const paymentId = await h.payLink(linkId, shortUrl);
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
