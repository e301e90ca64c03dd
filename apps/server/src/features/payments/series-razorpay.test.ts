import { addDays } from '@therapy/shared/clinic-time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../test/admin-test-kit.ts';
import { onlineBooking } from '../../test/booking-fixtures.ts';
import { type RefundsKit, startRefunds, today } from '../../test/refunds-kit.ts';
import { backends } from '../../test/test-database.ts';

/**
 * A standing appointment paid at once through Razorpay (decision 056): one link for the series'
 * total, confirmed for every session by the paid webhook, each session refunded its own share
 * when cancelled, and every session released by the expired webhook. Razorpay checks expire_by
 * against its own clock, so these run on the real one (dates from the clinic's today).
 */
describe.each(backends)('a standing appointment paid through Razorpay on %s', (backend) => {
  let kit: RefundsKit;

  beforeAll(async () => {
    kit = await startRefunds(backend);
  });
  afterAll(() => kit.close());

  /** A weekly online series of 3 paid at once, its first session 10 days on, and its link. */
  async function seriesWithLink(time: string) {
    const booked = await kit.app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: onlineBooking({
        booking_date: addDays(today, 10),
        booking_time_slot_start: time,
        repeat: { every_weeks: 1, count: 3 },
        pay: 'all',
      }) as object,
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const { booking_id: payer, booking_ids: ids } = booked.json() as {
      booking_id: number;
      booking_ids: number[];
    };
    const link = await kit.app.inject({
      method: 'POST',
      url: '/api/payment/generate-link',
      payload: { booking_id: payer, amount: 1, customer_email: 'client@example.com' },
    });
    expect(link.statusCode, link.body).toBe(200);
    return { payer, ids, linkId: link.json().payment_link_id as string };
  }
  const states = async (ids: number[]) =>
    Promise.all(ids.map(async (id) => (await kit.bookingRow(id)).payment_status));

  it('asks for the total; paid, confirms every session; a cancelled session is refunded its share', async () => {
    const { ids, linkId } = await seriesWithLink('14:00');
    const created = kit.razorpay.requests.find(
      (r) =>
        r.method === 'POST' &&
        r.path === '/v1/payment_links' &&
        (r.body as { reference_id: string }).reference_id === String(ids[0]),
    );
    expect(created?.body).toMatchObject({
      amount: 450_000,
      description: expect.stringContaining('3 sessions'),
    });

    const { paymentId } = kit.razorpay.pay(linkId);
    await kit.sendWebhook(kit.razorpay.webhook('payment_link.paid', kit.razorpay.links.get(linkId)!));
    expect(await states(ids)).toEqual(['COMPLETED', 'COMPLETED', 'COMPLETED']);

    for (const id of ids.slice(1)) {
      const cancelled = await kit.app.inject({
        method: 'POST',
        url: `/api/admin/bookings/${id}/cancel`,
        headers: bearer(kit.staff),
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect((await kit.bookingRow(id)).needs_refund).toBe(true);
      expect((await kit.refund(id)).statusCode).toBe(200);
    }
    // Two refunds of the one payment, each one session's fee; the first session stays paid.
    expect(kit.refundCalls(paymentId).map((call) => (call.body as { amount: number }).amount)).toEqual([
      150_000, 150_000,
    ]);
    expect(await states(ids)).toEqual(['COMPLETED', 'CANCELLED', 'CANCELLED']);
    expect((await kit.adminView(ids[1]!)).refund_amount).toBe(1500);
  });

  it('releases every session when the link expires unpaid', async () => {
    const { ids, linkId } = await seriesWithLink('15:00');
    kit.razorpay.expire(linkId);
    const response = await kit.sendWebhook(
      kit.razorpay.webhook('payment_link.expired', kit.razorpay.links.get(linkId)!),
    );
    expect(response.statusCode).toBe(200);
    expect(await states(ids)).toEqual(['FAILED', 'FAILED', 'FAILED']);
  });
});
