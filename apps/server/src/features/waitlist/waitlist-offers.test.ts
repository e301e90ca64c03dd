import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createAdminUser,
  insertClientBooking,
  JWT_SECRET,
  NOW,
  signIn,
} from '../../test/admin-test-kit.ts';
import { reactToBookingEvents } from '../../test/booking-events-kit.ts';
import { createSandboxVisitor } from '../../test/sandbox-visitor.ts';
import { createDemoTestApp } from '../../test/test-app.ts';
import { backends, type TestDatabase } from '../../test/test-database.ts';
import { join, offersOf, testSweep } from '../../test/waitlist-kit.ts';
import { createBookingReadsCache } from '../catalog/booking-reads-cache.ts';

const DAY = '2026-11-23';
const MINUTE = 60_000;
const EXPIRED =
  'This offer has expired, and the time has been offered to the next person waiting. You are still on the waitlist for other times.';

/**
 * A freed slot goes to the first person waiting whom it suits, held for WAITLIST_OFFER_MINUTES; when
 * it lapses the next person gets it; taking it books online (then paid) or in person (decision 041).
 */
describe.each(backends)('waitlist offers on %s', (backend) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let clock = NOW;
  let admin: string;
  let invalidated = 0;
  // Shared with the sweep as main.ts shares it: an offer's held slot leaves the kept answers at once.
  const bookingReads = createBookingReadsCache();
  const sweep = () =>
    testSweep(db, () => {
      invalidated += 1;
      bookingReads.invalidate();
    }).run(clock);

  beforeAll(async () => {
    ({ db, app, close } = await createDemoTestApp(backend, {
      now: () => clock,
      env: { JWT_SECRET, PUBLIC_URL: 'http://book.test' },
      bookingReads,
    }));
    await createAdminUser(db, 'waitlist-desk@example.com');
    admin = await signIn(app, 'waitlist-desk@example.com');
  });
  afterAll(() => close());

  const openTimes = async (therapistId: number) =>
    (await app.inject(`/api/open-slots?therapist_id=${therapistId}&from=${DAY}&to=${DAY}`))
      .json()
      .map((slot: { start_time: string }) => slot.start_time);
  const booking = async (id: number) =>
    (
      await db.query<{ payment_status: string; client_email: string; hold_expires_at: Date | null }>(
        'SELECT payment_status, client_email, hold_expires_at FROM bookings WHERE id = $1',
        [id],
      )
    ).rows[0]!;

  const adminRead = async (id: number) =>
    (await app.inject({ method: 'GET', url: `/api/admin/bookings/${id}`, headers: bearer(admin) })).json();

  it('offers a freed slot to the first matching person only, held and no longer open', async () => {
    // Therapist 1's DAY is fully booked.
    const taken = [];
    for (const start of [
      '09:00',
      '10:00',
      '11:00',
      '12:00',
      '14:00',
      '15:00',
      '16:00',
      '17:00',
      '18:00',
      '19:00',
    ]) {
      taken.push(await insertClientBooking(db, { therapistId: 1, bookingDate: DAY, startTime: start }));
    }
    const evening = await join(app, { client_email: 'evening@example.com', times_of_day: ['evening'] });
    const first = await join(app, { client_email: 'first@example.com' });
    const second = await join(app, { client_email: 'second@example.com', client_language: 'hi' });
    expect(await sweep()).toBe(0);

    const cancelled = await app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${taken[1]!.id}/cancel`,
      headers: bearer(admin),
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await openTimes(1)).toContain('10:00');
    expect(await sweep()).toBe(1);
    expect(invalidated).toBe(1);

    const [offer] = await offersOf(db, first.id);
    expect(offer).toMatchObject({ slot: `${DAY} 10:00`, outcome: 'open' });
    expect(await offersOf(db, second.id)).toEqual([]);
    expect(await offersOf(db, evening.id)).toEqual([]);
    const held = await booking(offer!.booking_id);
    expect(held).toMatchObject({ payment_status: 'INITIATED', client_email: 'first@example.com' });
    expect(new Date(held.hold_expires_at!).getTime()).toBe(NOW.getTime() + 30 * MINUTE);
    // The front desk reads the held time as an offer to the waitlist, not as an unpaid booking.
    expect(await adminRead(offer!.booking_id)).toMatchObject({
      payment_status: 'INITIATED',
      waitlist_offer: true,
    });
    expect(await adminRead(taken[0]!.id)).not.toHaveProperty('waitlist_offer');
    const day = await app.inject({
      method: 'GET',
      url: `/api/admin/bookings?from=${DAY}&to=${DAY}&limit=100`,
      headers: bearer(admin),
    });
    expect(day.json().items).toContainEqual(
      expect.objectContaining({ booking_id: offer!.booking_id, waitlist_offer: true }),
    );
    expect(await openTimes(1)).not.toContain('10:00');
    // The offer's e-mail is on its way.
    const jobs = await db.query("SELECT payload FROM jobs WHERE kind = 'waitlist.offer'");
    expect(jobs.rows).toEqual([{ payload: { offer_id: offer!.id } }]);

    const shown = await app.inject(`/api/waitlist/offers/${offer!.token}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toEqual({
      therapist_name: 'Dr.Asha Menon',
      booking_type: 'ONLINE',
      booking_date: DAY,
      start_time: '10:00',
      end_time: '10:45',
      location_name: null,
      location_address: null,
      amount: 1500,
      expires_at: new Date(NOW.getTime() + 30 * MINUTE).toISOString(),
      client_language: 'en',
      claimed: false,
    });
    // Another sweep offers nothing more: one slot, one person.
    expect(await sweep()).toBe(0);

    // Unclaimed: once the hold lapses, the next person waiting gets it; the first is not offered it again.
    clock = new Date(NOW.getTime() + 31 * MINUTE);
    expect(await sweep()).toBe(1);
    expect((await offersOf(db, first.id)).map((o) => o.outcome)).toEqual(['expired']);
    const [next] = await offersOf(db, second.id);
    expect(next).toMatchObject({ slot: `${DAY} 10:00`, outcome: 'open' });
    expect((await booking(next!.booking_id)).client_email).toBe('second@example.com');
    const status = await db.query<{ status: string }>('SELECT status FROM waitlist_entries WHERE id = $1', [
      first.id,
    ]);
    expect(status.rows[0]!.status).toBe('waiting');

    for (const request of [
      { method: 'GET' as const, url: `/api/waitlist/offers/${offer!.token}` },
      { method: 'POST' as const, url: `/api/waitlist/offers/${offer!.token}/claim` },
    ]) {
      const late = await app.inject(request);
      expect(late.statusCode).toBe(410);
      expect(late.json()).toEqual({ detail: EXPIRED });
    }
    const unknown = await app.inject(`/api/waitlist/offers/${'x'.repeat(43)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toMatch(/^This offer link is not valid/);

    // Taken online: held for the payment, paid through the sandbox, confirmed.
    const claim = await app.inject({ method: 'POST', url: `/api/waitlist/offers/${next!.token}/claim` });
    expect(claim.statusCode, claim.body).toBe(200);
    // Taken: a booking of the client's like any other, no longer an offer; the lapsed offer neither.
    expect(await adminRead(next!.booking_id)).not.toHaveProperty('waitlist_offer');
    expect(await adminRead(offer!.booking_id)).not.toHaveProperty('waitlist_offer');
    expect(claim.json()).toMatchObject({
      booking_id: next!.booking_id,
      booking_type: 'ONLINE',
      payment_status: 'INITIATED',
      amount: 1500,
      client_email: 'second@example.com',
    });
    const again = await app.inject({ method: 'POST', url: `/api/waitlist/offers/${next!.token}/claim` });
    expect(again.json()).toEqual(claim.json());
    const visitor = createSandboxVisitor(app);
    const link = await visitor.generateLink(next!.booking_id, { customer_email: claim.json().client_email });
    expect(link.statusCode, link.body).toBe(200);
    await visitor.lookUp(await visitor.settle(link.json().short_url, 'paid'));
    expect((await booking(next!.booking_id)).payment_status).toBe('COMPLETED');
    const confirmation = await app.inject(
      `/api/bookings/${next!.booking_id}/confirmation?token=${claim.json().confirmation_token}`,
    );
    expect(confirmation.json().status).toBe('confirmed');
    expect(await sweep()).toBe(0);
    const entry = await db.query<{ status: string }>('SELECT status FROM waitlist_entries WHERE id = $1', [
      second.id,
    ]);
    expect(entry.rows[0]!.status).toBe('booked');
  });

  it('confirms an in-person offer when taken (PENDING, with its confirmation e-mails)', async () => {
    clock = NOW;
    // Ms.Priya Nair sees clients at the West Branch (1) on weekday mornings: DAY's are open.
    const waiting = await join(app, {
      therapist_id: 3,
      booking_type: 'OFFLINE',
      location_id: 1,
      client_email: 'inperson@example.com',
      times_of_day: ['afternoon'],
    });
    expect(await sweep()).toBeGreaterThanOrEqual(1);
    const [offer] = await offersOf(db, waiting.id);
    expect(offer?.slot).toMatch(new RegExp(`^${DAY} (12|13):00$`));
    const claim = await app.inject({ method: 'POST', url: `/api/waitlist/offers/${offer!.token}/claim` });
    expect(claim.statusCode, claim.body).toBe(200);
    expect(claim.json()).toMatchObject({ booking_type: 'OFFLINE', payment_status: 'PENDING', amount: 1000 });
    expect(await booking(offer!.booking_id)).toMatchObject({
      payment_status: 'PENDING',
      hold_expires_at: null,
    });
    await reactToBookingEvents(db);
    const jobs = await db.query<{ kind: string }>(
      "SELECT kind FROM jobs WHERE payload->>'booking_id' = $1 ORDER BY id",
      [String(offer!.booking_id)],
    );
    expect(jobs.rows.map((row) => row.kind)).toContain('email.booking_confirmed');
    const shown = await app.inject(`/api/waitlist/offers/${offer!.token}`);
    expect(shown.json()).toMatchObject({
      claimed: true,
      booking_type: 'OFFLINE',
      location_name: 'West Branch',
    });
  });
});
