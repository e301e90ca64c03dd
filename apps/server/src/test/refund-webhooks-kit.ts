import { addDays } from '@therapy/shared/clinic-time';
import { expect } from 'vitest';
import { bearer, createAdminUser, JWT_SECRET, signIn } from './admin-test-kit.ts';
import { reactToBookingEvents } from './booking-events-kit.ts';
import { bookOnlineWithLink } from './booking-fixtures.ts';
import { createRazorpayTestApp } from './razorpay-test-app.ts';
import type { Backend } from './test-database.ts';

const keys = {
  keyId: 'rzp_test_refund_webhooks',
  keySecret: 'refund-webhooks-key-secret',
  webhookSecret: 'refund-webhooks-webhook-secret',
};

// Razorpay checks expire_by against its own clock, so these tests run on the real one.
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());

/**
 * The app paying through the Razorpay double with a superadmin (boss) signed in, the reads the
 * refund webhook tests make, and bookings whose refund Razorpay answered `pending`.
 */
export async function startRefundWebhooks(backend: Backend) {
  const { db, app, close, razorpay } = await createRazorpayTestApp(backend, keys, { JWT_SECRET });
  const bossId = await createAdminUser(db, 'boss@example.com', { superadmin: true });
  const boss = await signIn(app, 'boss@example.com');
  let day = 0;

  const refund = (bookingId: number) =>
    app.inject({ method: 'POST', url: `/api/admin/bookings/${bookingId}/refund`, headers: bearer(boss) });
  const refundCalls = (paymentId: string) =>
    razorpay.requests.filter((r) => r.method === 'POST' && r.path === `/v1/payments/${paymentId}/refund`);
  const sendWebhook = (hook: { body: string; headers: Record<string, string> }) =>
    app.inject({ method: 'POST', url: '/api/payment/webhook', headers: hook.headers, payload: hook.body });
  const adminView = async (bookingId: number) =>
    (
      await app.inject({ method: 'GET', url: `/api/admin/bookings/${bookingId}`, headers: bearer(boss) })
    ).json();
  const needsRefund = async (bookingId: number) =>
    (
      await db.query<{ needs_refund: boolean }>('SELECT needs_refund FROM bookings WHERE id = $1', [
        bookingId,
      ])
    ).rows[0]!.needs_refund;
  const refundRow = async (bookingId: number) =>
    (
      await db.query<{
        status: string;
        provider_refund_id: string | null;
        refunded_at: Date | null;
        last_error: string | null;
      }>('SELECT status, provider_refund_id, refunded_at, last_error FROM refunds WHERE booking_id = $1', [
        bookingId,
      ])
    ).rows[0]!;
  const auditOf = async (bookingId: number) =>
    (
      await db.query<{
        action: string;
        actor_admin_id: number | null;
        actor_label: string;
        details: Record<string, unknown>;
      }>(
        "SELECT action, actor_admin_id, actor_label, details FROM audit_log WHERE booking_id = $1 AND action <> 'client_data.view' ORDER BY id",
        [bookingId],
      )
    ).rows;
  // The reactions to the booking's events first: the jobs they write are what is counted.
  const jobsOf = async (kind: string, bookingId: number) => {
    await reactToBookingEvents(db);
    const { rows } = await db.query<{ dedupe_key: string }>(
      "SELECT dedupe_key FROM jobs WHERE kind = $1 AND payload->>'booking_id' = $2 ORDER BY id",
      [kind, String(bookingId)],
    );
    return rows.map((row) => row.dedupe_key);
  };
  /** Everything a refund webhook could change about a booking. */
  const snapshot = async (bookingId: number) => {
    await reactToBookingEvents(db);
    return {
      needsRefund: await needsRefund(bookingId),
      refund: await refundRow(bookingId),
      audit: await auditOf(bookingId),
      jobs: (await db.query('SELECT kind, dedupe_key FROM jobs ORDER BY id')).rows,
    };
  };

  /** A booking paid online and then cancelled by an admin: it needs a refund. */
  async function bookingDueForRefund() {
    day += 1;
    const { bookingId, linkId } = await bookOnlineWithLink(app, addDays(today, day));
    const { paymentId } = razorpay.pay(linkId);
    await sendWebhook(razorpay.webhook('payment_link.paid', razorpay.links.get(linkId)!));
    const cancelled = await app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${bookingId}/cancel`,
      headers: bearer(boss),
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await needsRefund(bookingId)).toBe(true);
    return { bookingId, paymentId };
  }

  /** Refunded through the API, Razorpay answering `pending`. */
  async function pendingRefund() {
    const booking = await bookingDueForRefund();
    razorpay.answerRefundsAs('pending');
    const response = await refund(booking.bookingId);
    razorpay.answerRefundsAs('processed');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ refund_status: 'pending' });
    expect(await refundRow(booking.bookingId)).toMatchObject({ status: 'pending' });
    return { ...booking, refundId: response.json().refund_id as string };
  }

  return {
    db,
    close,
    razorpay,
    bossId,
    refund,
    refundCalls,
    sendWebhook,
    adminView,
    needsRefund,
    refundRow,
    auditOf,
    jobsOf,
    snapshot,
    pendingRefund,
  };
}

export type RefundWebhooksKit = Awaited<ReturnType<typeof startRefundWebhooks>>;
