import { addDays } from '@therapy/shared/clinic-time';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdminUser, JWT_SECRET, signIn } from '../../test/admin-test-kit.ts';
import { reactToBookingEvents } from '../../test/booking-events-kit.ts';
import { bookOnlineWithLink } from '../../test/booking-fixtures.ts';
import type { RazorpayDouble } from '../../test/razorpay-double.ts';
import type { DoubleRefund } from '../../test/razorpay-double-events.ts';
import { createRazorpayTestApp } from '../../test/razorpay-test-app.ts';
import { TEST_NOTES } from '../../test/test-app.ts';
import { backends, type TestDatabase } from '../../test/test-database.ts';
import { deriveManageLinkKey } from '../bookings/manage-token.ts';
import type { JobRow } from '../jobs/job-kinds.ts';
import type { OutgoingMail } from '../messages/email/mailer.ts';
import { createNotificationHandlers } from '../messages/email/notification-handlers.ts';
import { REFUND_FAILED_BY_PROVIDER } from './refunds-service.ts';

const keys = {
  keyId: 'rzp_test_refund_webhooks',
  keySecret: 'refund-webhooks-key-secret',
  webhookSecret: 'refund-webhooks-webhook-secret',
};

// Razorpay checks expire_by against its own clock, so these tests run on the real one.
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());

describe.each(backends)('Razorpay refund webhooks on %s', (backend) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let razorpay: RazorpayDouble;
  let boss: string;
  let bossId: number;
  let day = 0;

  beforeAll(async () => {
    ({ db, app, close, razorpay } = await createRazorpayTestApp(backend, keys, { JWT_SECRET }));
    bossId = await createAdminUser(db, 'boss@example.com', { superadmin: true });
    boss = await signIn(app, 'boss@example.com');
  });
  afterAll(() => close());

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

  it('marks a pending refund processed on refund.processed, keeping its time or setting a missing one', async () => {
    const { bookingId, refundId } = await pendingRefund();
    expect(await adminView(bookingId)).toMatchObject({
      needs_refund: false,
      refund_status: 'pending',
      refund_id: refundId,
    });
    const acceptedAt = (await refundRow(bookingId)).refunded_at;
    expect(acceptedAt).not.toBeNull();
    const auditBefore = await auditOf(bookingId);

    const response = await sendWebhook(razorpay.settleRefund(refundId, 'processed'));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(await refundRow(bookingId)).toEqual({
      status: 'processed',
      provider_refund_id: refundId,
      refunded_at: acceptedAt,
      last_error: null,
    });
    expect(await needsRefund(bookingId)).toBe(false);
    expect(await adminView(bookingId)).toMatchObject({ refund_status: 'processed', refund_id: refundId });
    expect(await auditOf(bookingId)).toEqual(auditBefore);

    // A refund without a time (none kept when it was accepted) gets the time it was processed.
    const other = await pendingRefund();
    await db.query('UPDATE refunds SET refunded_at = NULL WHERE booking_id = $1', [other.bookingId]);
    expect((await sendWebhook(razorpay.settleRefund(other.refundId, 'processed'))).statusCode).toBe(200);
    expect(await refundRow(other.bookingId)).toMatchObject({
      status: 'processed',
      refunded_at: expect.any(Date),
    });
  });

  it('puts a booking whose refund failed back to "Refund due": audited, clinic e-mailed once, refunded again on a retry', async () => {
    const { bookingId, paymentId, refundId } = await pendingRefund();
    expect(await jobsOf('email.refund_needed', bookingId)).toEqual([`refund-needed:${bookingId}`]);

    const failed = razorpay.settleRefund(refundId, 'failed');
    const response = await sendWebhook(failed);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });

    expect(await needsRefund(bookingId)).toBe(true);
    expect(await refundRow(bookingId)).toEqual({
      status: 'failed',
      provider_refund_id: refundId,
      refunded_at: null,
      last_error: REFUND_FAILED_BY_PROVIDER,
    });
    expect(await adminView(bookingId)).toMatchObject({
      needs_refund: true,
      refund_status: 'failed',
      refunded_at: null,
    });
    expect((await auditOf(bookingId)).at(-1)).toEqual({
      action: 'booking.refund_failed',
      actor_admin_id: null,
      actor_label: 'razorpay',
      details: {
        payment_id: paymentId,
        refund_id: refundId,
        amount_paise: 150_000,
        reason: REFUND_FAILED_BY_PROVIDER,
      },
    });
    const expectedJobs = [`refund-needed:${bookingId}`, `refund-needed:${bookingId}:${refundId}`];
    expect(await jobsOf('email.refund_needed', bookingId)).toEqual(expectedJobs);

    // The same delivery again, and the same news in a new delivery: nothing changes.
    const before = await snapshot(bookingId);
    const replay = await sendWebhook(failed);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ status: 'duplicate' });
    const again = razorpay.refundWebhook('refund.failed', razorpay.refunds.find((r) => r.id === refundId)!);
    expect((await sendWebhook(again)).statusCode).toBe(200);
    expect(await snapshot(bookingId)).toEqual(before);

    // A superadmin refunds again: Razorpay lists the failed refund as failed, so it is refunded anew.
    const retry = await refund(bookingId);
    expect(retry.statusCode, retry.body).toBe(200);
    const secondId = retry.json().refund_id as string;
    expect(secondId).not.toBe(refundId);
    expect(retry.json()).toMatchObject({ refund_status: 'processed', amount: 1500 });
    expect(refundCalls(paymentId)).toHaveLength(2);
    expect(razorpay.refunds.filter((r) => r.payment_id === paymentId).map((r) => [r.id, r.status])).toEqual([
      [refundId, 'failed'],
      [secondId, 'processed'],
    ]);
    expect(await needsRefund(bookingId)).toBe(false);
    expect(await refundRow(bookingId)).toMatchObject({
      status: 'processed',
      provider_refund_id: secondId,
      last_error: null,
    });
    // The client is told of each refund made, so of the one that went through too.
    expect(await jobsOf('email.refund_issued', bookingId)).toEqual([
      `email.refund_issued:${bookingId}:${refundId}`,
      `email.refund_issued:${bookingId}:${secondId}`,
    ]);
    // The first refund's e-mail, if still waiting, is not sent: it would name the failed refund.
    const sent: OutgoingMail[] = [];
    const handlers = createNotificationHandlers(
      db,
      { send: async (mail) => void sent.push(mail), close() {} },
      {
        timeZone: 'Asia/Kolkata',
        from: 'bookings@clinic.test',
        publicUrl: 'https://book.test',
        productName: 'Test',
        manageLinkKey: deriveManageLinkKey('test-secret'),
        cancellationNoticeHours: 24,
        notes: TEST_NOTES,
      },
    );
    await handlers['email.refund_issued']!({ booking_id: bookingId, refund_id: refundId }, {} as JobRow);
    expect(sent).toEqual([]);
    await handlers['email.refund_issued']!({ booking_id: bookingId, refund_id: secondId }, {} as JobRow);
    expect(sent.map((mail) => mail.text.includes(`Refund reference: ${secondId}`))).toEqual([true]);
    expect((await auditOf(bookingId)).at(-1)).toMatchObject({
      action: 'booking.refund',
      actor_admin_id: bossId,
      details: { refund_id: secondId, retry: true },
    });

    // A late delivery about the first refund finds it replaced: acknowledged, nothing changes.
    const settled = await snapshot(bookingId);
    const late = await sendWebhook(
      razorpay.refundWebhook('refund.failed', razorpay.refunds.find((r) => r.id === refundId)!),
    );
    expect(late.statusCode).toBe(200);
    expect(await snapshot(bookingId)).toEqual(settled);
  });

  it('refuses a refund webhook with a bad signature and changes nothing', async () => {
    const { bookingId, refundId } = await pendingRefund();
    const before = await snapshot(bookingId);
    const hook = razorpay.settleRefund(refundId, 'failed');
    const tampered = { ...hook, headers: { ...hook.headers, 'x-razorpay-signature': '0'.repeat(64) } };
    const response = await sendWebhook(tampered);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'Invalid webhook signature' });
    expect(await snapshot(bookingId)).toEqual(before);
  });

  it('acknowledges refund.created and a refund it does not know, changing nothing', async () => {
    const { bookingId, refundId } = await pendingRefund();
    const before = await snapshot(bookingId);
    const created = razorpay.refundWebhook(
      'refund.created',
      razorpay.refunds.find((r) => r.id === refundId)!,
    );
    expect((await sendWebhook(created)).statusCode).toBe(200);

    const unknown: DoubleRefund = {
      id: 'rfnd_unknown000001',
      entity: 'refund',
      amount: 50_000,
      currency: 'INR',
      payment_id: 'pay_unknown0000001',
      notes: {},
      speed_requested: 'normal',
      status: 'failed',
      created_at: Math.floor(Date.now() / 1000),
    };
    for (const event of ['refund.failed', 'refund.processed']) {
      const response = await sendWebhook(razorpay.refundWebhook(event, unknown));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
    }
    // A known refund id with another payment's id is not taken for this booking's refund.
    const mismatched = {
      ...razorpay.refunds.find((r) => r.id === refundId)!,
      payment_id: 'pay_other000000001',
    };
    expect((await sendWebhook(razorpay.refundWebhook('refund.failed', mismatched))).statusCode).toBe(200);
    expect(await snapshot(bookingId)).toEqual(before);
  });
});
