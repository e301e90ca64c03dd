import { addDays } from '@therapy/shared/clinic-time';
import { expect } from 'vitest';
import { bearer, createAdminUser, JWT_SECRET, signIn } from './admin-test-kit.ts';
import { reactToBookingEvents } from './booking-events-kit.ts';
import { bookOnlineWithLink, onlineBooking } from './booking-fixtures.ts';
import { createRazorpayTestApp } from './razorpay-test-app.ts';
import type { Backend } from './test-database.ts';

const keys = {
  keyId: 'rzp_test_refunds',
  keySecret: 'refunds-key-secret',
  webhookSecret: 'refunds-webhook-secret',
};
export const AUTHORIZATION = `Basic ${Buffer.from(`${keys.keyId}:${keys.keySecret}`).toString('base64')}`;

// Razorpay checks expire_by against its own clock, so these tests run on the real one.
export const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());

/**
 * The app paying through the Razorpay double, with a superadmin (boss) and an admin (staff) signed
 * in, the calls and reads the refund tests make, and the bookings they refund.
 */
export async function startRefunds(backend: Backend) {
  const { db, app, close, razorpay } = await createRazorpayTestApp(backend, keys, { JWT_SECRET });
  const bossId = await createAdminUser(db, 'boss@example.com', { superadmin: true });
  await createAdminUser(db, 'staff@example.com');
  const boss = await signIn(app, 'boss@example.com');
  const staff = await signIn(app, 'staff@example.com');
  let day = 0;

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

  return {
    db,
    app,
    close,
    razorpay,
    bossId,
    staff,
    refund,
    refundCalls,
    sendWebhook,
    adminView,
    bookingRow,
    refundRow,
    jobsOf,
    auditOf,
    paidBooking,
    latePaymentForLostSlot,
  };
}

export type RefundsKit = Awaited<ReturnType<typeof startRefunds>>;
