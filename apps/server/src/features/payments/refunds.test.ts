import { addDays } from '@therapy/shared/clinic-time';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdminUser, JWT_SECRET, signIn } from '../../test/admin-test-kit.ts';
import { reactToBookingEvents } from '../../test/booking-events-kit.ts';
import { bookOnlineWithLink, onlineBooking } from '../../test/booking-fixtures.ts';
import type { RazorpayDouble } from '../../test/razorpay-double.ts';
import { createRazorpayTestApp } from '../../test/razorpay-test-app.ts';
import { createDemoTestApp, TEST_NOTES } from '../../test/test-app.ts';
import { backends, type TestDatabase } from '../../test/test-database.ts';
import { deriveManageLinkKey } from '../bookings/manage-token.ts';
import type { JobRow } from '../jobs/job-kinds.ts';
import type { OutgoingMail } from '../messages/email/mailer.ts';
import { createNotificationHandlers } from '../messages/email/notification-handlers.ts';
import { PAID_BUT_SLOT_TAKEN } from './payment-lookup.ts';
import { REFUND_UNAVAILABLE } from './refunds-service.ts';

const keys = {
  keyId: 'rzp_test_refunds',
  keySecret: 'refunds-key-secret',
  webhookSecret: 'refunds-webhook-secret',
};
const AUTHORIZATION = `Basic ${Buffer.from(`${keys.keyId}:${keys.keySecret}`).toString('base64')}`;

// Razorpay checks expire_by against its own clock, so these tests run on the real one.
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());

describe.each(backends)('refunds through Razorpay on %s', (backend) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let razorpay: RazorpayDouble;
  let boss: string;
  let staff: string;
  let bossId: number;
  let day = 0;

  beforeAll(async () => {
    ({ db, app, close, razorpay } = await createRazorpayTestApp(backend, keys, { JWT_SECRET }));
    bossId = await createAdminUser(db, 'boss@example.com', { superadmin: true });
    await createAdminUser(db, 'staff@example.com');
    boss = await signIn(app, 'boss@example.com');
    staff = await signIn(app, 'staff@example.com');
  });
  afterAll(() => close());

  const refund = (bookingId: number, token = boss) =>
    app.inject({ method: 'POST', url: `/api/admin/bookings/${bookingId}/refund`, headers: bearer(token) });
  const refundCalls = (paymentId: string) =>
    razorpay.requests.filter((r) => r.method === 'POST' && r.path === `/v1/payments/${paymentId}/refund`);
  const sendWebhook = (hook: { body: string; headers: Record<string, string> }) =>
    app.inject({ method: 'POST', url: '/api/payment/webhook', headers: hook.headers, payload: hook.body });
  const adminView = async (bookingId: number) =>
    (
      await app.inject({ method: 'GET', url: `/api/admin/bookings/${bookingId}`, headers: bearer(staff) })
    ).json();
  const bookingRow = async (bookingId: number) =>
    (
      await db.query<{ payment_status: string; cancelled: boolean; needs_refund: boolean }>(
        'SELECT payment_status, cancelled, needs_refund FROM bookings WHERE id = $1',
        [bookingId],
      )
    ).rows[0]!;
  const refundRow = async (bookingId: number) =>
    (
      await db.query<{
        status: string;
        provider_refund_id: string | null;
        amount_paise: number;
        last_error: string | null;
      }>('SELECT status, provider_refund_id, amount_paise, last_error FROM refunds WHERE booking_id = $1', [
        bookingId,
      ])
    ).rows[0];
  // The reactions to the booking's events first: the jobs they write are what is counted.
  const jobsOf = async (kind: string, bookingId: number) => {
    await reactToBookingEvents(db);
    const { rows } = await db.query("SELECT 1 FROM jobs WHERE kind = $1 AND payload->>'booking_id' = $2", [
      kind,
      String(bookingId),
    ]);
    return rows.length;
  };
  const auditOf = async (bookingId: number) =>
    (
      await db.query<{ action: string; actor_admin_id: number; details: Record<string, unknown> }>(
        "SELECT action, actor_admin_id, details FROM audit_log WHERE booking_id = $1 AND action <> 'client_data.view' ORDER BY id",
        [bookingId],
      )
    ).rows;

  /** An online booking of its own day with its Razorpay payment link. */
  async function bookAndLink() {
    day += 1;
    return bookOnlineWithLink(app, addDays(today, day));
  }

  /** Paid on time and confirmed by Razorpay's webhook. */
  async function paidBooking() {
    const booked = await bookAndLink();
    const { paymentId } = razorpay.pay(booked.linkId);
    await sendWebhook(razorpay.webhook('payment_link.paid', razorpay.links.get(booked.linkId)!));
    expect((await bookingRow(booked.bookingId)).payment_status).toBe('COMPLETED');
    return { ...booked, paymentId };
  }

  /** Paid after its hold ran out, when someone else had taken the slot: marked for refund. */
  async function latePaymentForLostSlot() {
    const booked = await bookAndLink();
    await db.query("UPDATE bookings SET payment_status = 'FAILED' WHERE id = $1", [booked.bookingId]);
    const other = await app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: onlineBooking({ booking_date: booked.date, client_email: 'faster@example.com' }),
    });
    expect(other.statusCode).toBe(201);
    const { paymentId } = razorpay.pay(booked.linkId);
    await sendWebhook(razorpay.webhook('payment_link.paid', razorpay.links.get(booked.linkId)!));
    expect(await bookingRow(booked.bookingId)).toMatchObject({
      payment_status: 'FAILED',
      needs_refund: true,
    });
    return { ...booked, paymentId };
  }

  it('refunds a late payment for a lost slot in full through Razorpay: refunded, audited, client e-mailed', async () => {
    const { bookingId, linkId, paymentId } = await latePaymentForLostSlot();
    expect(await adminView(bookingId)).toMatchObject({
      needs_refund: true,
      refund_status: null,
      refund_id: null,
      refunded_at: null,
      refund_amount: 1500,
    });

    const response = await refund(bookingId);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json();
    expect(result).toEqual({
      booking_id: bookingId,
      refund_id: expect.stringMatching(/^rfnd_/),
      refund_status: 'processed',
      amount: 1500,
      message: `Refund of ₹1,500.00 issued for booking ${bookingId} (refund ${result.refund_id}).`,
    });

    const calls = refundCalls(paymentId);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.authorization).toBe(AUTHORIZATION);
    expect(calls[0]!.body).toEqual({
      amount: 150_000,
      speed: 'normal',
      notes: { booking_id: String(bookingId), reason: expect.any(String) },
    });
    expect(razorpay.refunds.filter((r) => r.payment_id === paymentId)).toEqual([
      expect.objectContaining({ id: result.refund_id, amount: 150_000 }),
    ]);

    expect(await bookingRow(bookingId)).toMatchObject({ payment_status: 'FAILED', needs_refund: false });
    expect(await refundRow(bookingId)).toEqual({
      status: 'processed',
      provider_refund_id: result.refund_id,
      amount_paise: 150_000,
      last_error: null,
    });
    expect(await adminView(bookingId)).toMatchObject({
      needs_refund: false,
      refund_status: 'processed',
      refund_id: result.refund_id,
      refunded_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      refund_amount: 1500,
    });
    expect((await auditOf(bookingId)).at(-1)).toEqual({
      action: 'booking.refund',
      actor_admin_id: bossId,
      details: {
        payment_id: paymentId,
        refund_id: result.refund_id,
        refund_status: 'processed',
        amount_paise: 150_000,
      },
    });
    expect(await jobsOf('email.refund_issued', bookingId)).toBe(1);

    // The e-mail the job sends the client, in text and HTML.
    const sent: OutgoingMail[] = [];
    const handlers = createNotificationHandlers(
      db,
      { send: async (mail) => void sent.push(mail), close() {} },
      {
        timeZone: 'Asia/Kolkata',
        from: 'bookings@clinic.test',
        publicUrl: 'https://book.example.in',
        productName: 'Test',
        manageLinkKey: deriveManageLinkKey('test-secret'),
        cancellationNoticeHours: 24,
        notes: TEST_NOTES,
      },
    );
    await handlers['email.refund_issued']!({ booking_id: bookingId }, {} as JobRow);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe('client@example.com');
    expect(sent[0]!.subject).toBe(`Refund issued for booking ${bookingId}`);
    expect(sent[0]!.text).toContain('Amount refunded: ₹1,500.00');
    expect(sent[0]!.text).toContain(`Refund reference: ${result.refund_id}`);
    expect(sent[0]!.html).toContain(result.refund_id);
    expect(sent[0]!.html).toContain('₹1,500.00');

    // A replayed webhook and the status page change nothing: not confirmed, not flagged again.
    await sendWebhook(razorpay.webhook('payment_link.paid', razorpay.links.get(linkId)!));
    const page = await app.inject(`/api/get-razorpay-details/${linkId}`);
    expect(page.json()).toMatchObject({ status: 'failed', message: PAID_BUT_SLOT_TAKEN });
    expect(await bookingRow(bookingId)).toMatchObject({ payment_status: 'FAILED', needs_refund: false });
  });

  it('refuses a second refund of the same booking with 409: Razorpay is asked once, even by five at a time', async () => {
    const first = await latePaymentForLostSlot();
    expect((await refund(first.bookingId)).statusCode).toBe(200);
    const again = await refund(first.bookingId);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toMatch(new RegExp(`^Booking ${first.bookingId} was already refunded`));
    expect(refundCalls(first.paymentId)).toHaveLength(1);

    const second = await latePaymentForLostSlot();
    const answers = await Promise.all(Array.from({ length: 5 }, () => refund(second.bookingId)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(refundCalls(second.paymentId)).toHaveLength(1);
    expect(await jobsOf('email.refund_issued', second.bookingId)).toBe(1);
  });

  it('refuses a booking that needs no refund (409) and an unknown one (404), asking Razorpay nothing', async () => {
    const { bookingId, paymentId } = await paidBooking();
    const response = await refund(bookingId);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail: `Booking ${bookingId} does not need a refund.` });
    expect(refundCalls(paymentId)).toHaveLength(0);
    expect(await refundRow(bookingId)).toBeUndefined();
    expect((await refund(999_999)).statusCode).toBe(404);
  });

  it('keeps the booking refundable when Razorpay refuses or does not answer, and refunds it on a retry', async () => {
    const { bookingId, paymentId } = await latePaymentForLostSlot();
    razorpay.refuseRefunds('Your account does not have enough balance to carry out the refund operation.');
    const refused = await refund(bookingId);
    razorpay.refuseRefunds(null);
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toEqual({ detail: REFUND_UNAVAILABLE });
    expect((await bookingRow(bookingId)).needs_refund).toBe(true);
    expect(await refundRow(bookingId)).toMatchObject({
      status: 'failed',
      provider_refund_id: null,
      last_error: expect.stringContaining('does not have enough balance'),
    });
    expect((await auditOf(bookingId)).at(-1)).toMatchObject({
      action: 'booking.refund_failed',
      actor_admin_id: bossId,
      details: { payment_id: paymentId, amount_paise: 150_000, reason: expect.stringContaining('balance') },
    });
    expect(await jobsOf('email.refund_issued', bookingId)).toBe(0);
    expect(await adminView(bookingId)).toMatchObject({ needs_refund: true, refund_status: 'failed' });

    razorpay.setDelay(1000);
    const timedOut = await refund(bookingId);
    razorpay.setDelay(0);
    expect(timedOut.statusCode).toBe(502);
    expect((await bookingRow(bookingId)).needs_refund).toBe(true);

    const retry = await refund(bookingId);
    expect(retry.statusCode, retry.body).toBe(200);
    expect((await bookingRow(bookingId)).needs_refund).toBe(false);
    expect(razorpay.refunds.filter((r) => r.payment_id === paymentId)).toHaveLength(1);
    expect((await auditOf(bookingId)).at(-1)).toMatchObject({
      action: 'booking.refund',
      details: { retry: true },
    });
  });

  it('counts a refund already made in Razorpay’s Dashboard instead of refunding again', async () => {
    const { bookingId, paymentId } = await latePaymentForLostSlot();
    const outside = razorpay.refundInDashboard(paymentId, 150_000);
    const response = await refund(bookingId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().refund_id).toBe(outside.id);
    expect(refundCalls(paymentId)).toHaveLength(0);
    expect((await bookingRow(bookingId)).needs_refund).toBe(false);
  });

  it('marks a paid online booking an admin cancels for refund, which only a superadmin may refund', async () => {
    const { bookingId, paymentId } = await paidBooking();
    const cancelled = await app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${bookingId}/cancel`,
      headers: bearer(staff),
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().message).toBe(
      `Booking ${bookingId} cancelled successfully. It was paid online: its payment is now due for a refund.`,
    );
    expect(await bookingRow(bookingId)).toMatchObject({
      payment_status: 'CANCELLED',
      cancelled: true,
      needs_refund: true,
    });
    expect(await jobsOf('email.refund_needed', bookingId)).toBe(1);
    expect((await auditOf(bookingId)).at(-1)).toMatchObject({
      action: 'booking.cancel',
      details: { previous_payment_status: 'COMPLETED', needs_refund: true },
    });

    const byStaff = await refund(bookingId, staff);
    expect(byStaff.statusCode).toBe(403);
    expect(byStaff.json()).toEqual({ detail: 'This action needs a superadmin.' });
    expect(refundCalls(paymentId)).toHaveLength(0);
    expect((await bookingRow(bookingId)).needs_refund).toBe(true);

    expect((await refund(bookingId)).statusCode).toBe(200);
    expect(await bookingRow(bookingId)).toMatchObject({ payment_status: 'CANCELLED', needs_refund: false });
  });

  it('does not mark a manual online booking (paid outside the app) for refund when cancelled', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/admin/bookings',
      headers: bearer(staff),
      payload: {
        therapist_id: 8,
        booking_date: addDays(today, 3),
        booking_time_slot_start: '10:00',
        client_full_name: 'Manual Client',
        client_email: 'manual@example.com',
        client_mobile: '9876543210',
        booking_type: 'ONLINE',
        amount: 800,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const bookingId = created.json().booking_id;
    const cancelled = await app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${bookingId}/cancel`,
      headers: bearer(staff),
    });
    expect(cancelled.json().message).toBe(`Booking ${bookingId} cancelled successfully.`);
    expect((await bookingRow(bookingId)).needs_refund).toBe(false);
    expect(await adminView(bookingId)).toMatchObject({ needs_refund: false, refund_amount: null });
    expect((await refund(bookingId)).statusCode).toBe(409);
  });
});

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
