import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_TEST_NOW, onlineBooking } from '../../test/booking-fixtures.ts';
import { createSandboxVisitor } from '../../test/sandbox-visitor.ts';
import { createDemoTestApp } from '../../test/test-app.ts';
import { backends, type TestDatabase } from '../../test/test-database.ts';
import { BOOKING_CANNOT_BE_PAID, SLOT_CANNOT_BE_HELD_AGAIN } from '../bookings/hold-again.ts';
import { PAID_BUT_SLOT_TAKEN } from './payment-lookup.ts';

/** "Try payment again": a failed or lapsed online booking gets a new link while its slot can be held. */
describe.each(backends)('trying a payment again on %s', (backend) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let clock = BOOKING_TEST_NOW;
  let book: ReturnType<typeof createSandboxVisitor>['book'];
  let generateLink: ReturnType<typeof createSandboxVisitor>['generateLink'];

  beforeAll(async () => {
    ({ db, app, close } = await createDemoTestApp(backend, {
      now: () => clock,
      env: { PUBLIC_URL: 'http://book.test' },
    }));
    ({ book, generateLink } = createSandboxVisitor(app));
  });
  afterAll(() => close());

  /** Fails or pays on the sandbox page and lets the status page look the link up. */
  async function settleAndLookUp(linkUrl: string, outcome: 'paid' | 'failed') {
    const visitor = createSandboxVisitor(app);
    const lookup = await visitor.lookUp(await visitor.settle(linkUrl, outcome));
    return lookup.json() as { status: string; data: { payment_status: string } };
  }

  const stateOf = async (id: number) =>
    (
      await db.query<{ payment_status: string; hold_expires_at: Date | null }>(
        'SELECT payment_status, hold_expires_at FROM bookings WHERE id = $1',
        [id],
      )
    ).rows[0]!;

  it('holds the slot again after a failed payment, with a new link that confirms the booking', async () => {
    const { booking_id: bookingId } = await book();
    const first = (await generateLink(bookingId)).json();
    expect((await settleAndLookUp(first.short_url, 'failed')).status).toBe('failed');
    expect((await stateOf(bookingId)).payment_status).toBe('FAILED');

    clock = new Date(BOOKING_TEST_NOW.getTime() + 5 * 60_000);
    const again = await generateLink(bookingId);
    expect(again.statusCode).toBe(200);
    expect(again.json().payment_link_id).not.toBe(first.payment_link_id);
    const held = await stateOf(bookingId);
    expect(held.payment_status).toBe('INITIATED');
    expect(new Date(held.hold_expires_at!).getTime()).toBeGreaterThan(clock.getTime());

    const outcome = await settleAndLookUp(again.json().short_url, 'paid');
    expect(outcome).toMatchObject({ status: 'confirmed', data: { payment_status: 'COMPLETED' } });
    clock = BOOKING_TEST_NOW;
  });

  it('gives an abandoned but still held booking its open link again', async () => {
    const { booking_id: bookingId } = await book();
    const first = (await generateLink(bookingId)).json();
    const again = await generateLink(bookingId);
    expect(again.json()).toEqual(first);
  });

  it('holds again a booking whose hold ran out while the slot is free', async () => {
    const { booking_id: bookingId } = await book();
    const first = (await generateLink(bookingId)).json();
    clock = new Date(BOOKING_TEST_NOW.getTime() + 24 * 60 * 60_000);
    const again = await generateLink(bookingId);
    clock = BOOKING_TEST_NOW;
    expect(again.statusCode).toBe(200);
    expect(again.json().payment_link_id).not.toBe(first.payment_link_id);
    expect((await stateOf(bookingId)).payment_status).toBe('INITIATED');
  });

  it('refuses with 409 when someone else booked the slot meanwhile', async () => {
    const { booking_id: bookingId, date } = await book();
    const first = (await generateLink(bookingId)).json();
    await settleAndLookUp(first.short_url, 'failed');
    const other = await app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: onlineBooking({ booking_date: date, client_email: 'second@example.com' }),
    });
    expect(other.statusCode).toBe(201);
    const again = await generateLink(bookingId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: SLOT_CANNOT_BE_HELD_AGAIN });
    expect((await stateOf(bookingId)).payment_status).toBe('FAILED');
  });

  it('refuses with 409 once the session has begun', async () => {
    const { booking_id: bookingId, date } = await book();
    const first = (await generateLink(bookingId)).json();
    await settleAndLookUp(first.short_url, 'failed');
    clock = new Date(`${date}T05:00:00Z`); // 10:30 in Kolkata, after the 10:00 start
    const again = await generateLink(bookingId);
    clock = BOOKING_TEST_NOW;
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: SLOT_CANNOT_BE_HELD_AGAIN });
    expect((await stateOf(bookingId)).payment_status).toBe('FAILED');
  });

  it('refuses a booking the clinic cancelled, and a stranger as if it did not exist', async () => {
    const { booking_id: bookingId } = await book();
    const first = (await generateLink(bookingId)).json();
    await settleAndLookUp(first.short_url, 'failed');
    expect((await generateLink(bookingId, { customer_email: 'someone@example.com' })).statusCode).toBe(404);
    await db.query('UPDATE bookings SET cancelled = true WHERE id = $1', [bookingId]);
    const again = await generateLink(bookingId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: BOOKING_CANNOT_BE_PAID });
  });

  it('tells a visitor whose old link was paid after its slot was taken that the payment will be refunded', async () => {
    const { booking_id: bookingId, date } = await book();
    const first = (await generateLink(bookingId)).json();
    // Paid in time, but nobody looked it up (the browser closed); the hold runs out and someone
    // else takes the time before the visitor comes back to try again.
    clock = new Date(BOOKING_TEST_NOW.getTime() + 5 * 60_000);
    await app.inject({
      method: 'POST',
      url: new URL(first.short_url).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=paid',
    });
    clock = new Date(BOOKING_TEST_NOW.getTime() + 30 * 60_000);
    const other = await app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: onlineBooking({ booking_date: date, client_email: 'third@example.com' }),
    });
    expect(other.statusCode).toBe(201);
    const again = await generateLink(bookingId);
    clock = BOOKING_TEST_NOW;
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: PAID_BUT_SLOT_TAKEN });
    const marked = await db.query<{ needs_refund: boolean }>(
      'SELECT needs_refund FROM bookings WHERE id = $1',
      [bookingId],
    );
    expect(marked.rows[0]?.needs_refund).toBe(true);
  });
});
