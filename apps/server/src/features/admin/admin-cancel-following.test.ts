import { addDays } from '@therapy/shared/clinic-time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminActionsKit, startAdminActions } from '../../test/admin-actions-kit.ts';
import { reactToBookingEvents } from '../../test/booking-events-kit.ts';
import { backends, type TestDatabase } from '../../test/test-database.ts';

/** Tuesday after the tests' "now" (Sunday 2026-11-22). */
const TUESDAY = '2026-11-24';

describe.each(backends)('the front desk cancels "this and every later session" on %s', (backend) => {
  let db: TestDatabase;
  let close: () => Promise<void>;
  let post: AdminActionsKit['post'];
  let auditOf: AdminActionsKit['auditOf'];

  beforeAll(async () => {
    ({ db, close, post, auditOf } = await startAdminActions(backend));
  });
  afterAll(() => close());

  /** A weekly series of 4 booked at the front desk (in person, paid at the visit). */
  async function bookSeries(time: string, email: string): Promise<number[]> {
    const response = await post('/api/admin/bookings', {
      therapist_id: 1,
      booking_date: TUESDAY,
      booking_time_slot_start: time,
      client_full_name: 'Rahul Verma',
      client_email: email,
      client_mobile: '9123456780',
      booking_type: 'OFFLINE',
      location_id: 1,
      amount: 1500,
      repeat: { every_weeks: 1, count: 4 },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().booking_ids;
  }
  const cancelledOf = async (ids: number[]) =>
    (
      await db.query<{ cancelled: boolean }>(
        'SELECT cancelled FROM bookings WHERE id = ANY($1::int[]) ORDER BY booking_date',
        [ids],
      )
    ).rows.map((row) => row.cancelled);
  const jobsFor = async (ids: number[]) =>
    (
      await db.query<{ kind: string; payload: object }>(
        `SELECT kind, payload FROM jobs
         WHERE (kind = 'email.booking_cancelled' AND (payload->>'booking_id')::int = ANY($1::int[]))
            OR (kind LIKE 'email.series_cancelled.%' AND (payload->'booking_ids'->>0)::int = ANY($1::int[]))
         ORDER BY kind`,
        [ids],
      )
    ).rows;

  it('from session 2 of 4: cancels 2 to 4 in one call, each audited, one e-mail listing them', async () => {
    const ids = await bookSeries('10:00', 'following@example.com');
    await reactToBookingEvents(db);
    const response = await post(`/api/admin/bookings/${ids[1]}/cancel`, { scope: 'following' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      booking_id: ids[1],
      cancelled: true,
      payment_status: 'CANCELLED',
      unblocked: false,
      cancelled_count: 3,
      message: `3 sessions cancelled successfully: booking ${ids[1]} and every later session of its standing appointment.`,
    });
    expect(await cancelledOf(ids)).toEqual([false, true, true, true]);

    expect(await auditOf(ids[0]!)).not.toContainEqual(expect.objectContaining({ action: 'booking.cancel' }));
    for (const [index, id] of ids.slice(1).entries()) {
      expect(await auditOf(id)).toContainEqual(
        expect.objectContaining({
          action: 'booking.cancel',
          therapist_id: 1,
          details: {
            booking_date: addDays(TUESDAY, 7 * (index + 1)),
            start_time: '10:00:00',
            booking_type: 'OFFLINE',
            previous_payment_status: 'PENDING',
          },
        }),
      );
    }

    await reactToBookingEvents(db);
    const later = ids.slice(1);
    expect(await jobsFor(ids)).toEqual([
      { kind: 'email.series_cancelled.client', payload: { booking_ids: later } },
      { kind: 'email.series_cancelled.therapist', payload: { booking_ids: later } },
    ]);
  });

  it('"this" (or no body) cancels only that session', async () => {
    const ids = await bookSeries('11:00', 'this@example.com');
    const response = await post(`/api/admin/bookings/${ids[1]}/cancel`, { scope: 'this' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      cancelled_count: 1,
      message: `Booking ${ids[1]} cancelled successfully.`,
    });
    expect(await cancelledOf(ids)).toEqual([false, true, false, false]);

    const bare = await post(`/api/admin/bookings/${ids[2]}/cancel`);
    expect(bare.statusCode, bare.body).toBe(200);
    expect(bare.json().cancelled_count).toBe(1);
    expect(await cancelledOf(ids)).toEqual([false, true, true, false]);
  });

  it('"following" on the last session, or on a booking of its own, cancels just it', async () => {
    const ids = await bookSeries('12:00', 'last@example.com');
    const response = await post(`/api/admin/bookings/${ids[3]}/cancel`, { scope: 'following' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().cancelled_count).toBe(1);
    expect(await cancelledOf(ids)).toEqual([false, false, false, true]);
  });

  it('refuses a scope it does not know with 400, cancelling nothing', async () => {
    const ids = await bookSeries('16:00', 'bad-scope@example.com');
    for (const body of [{ scope: 'all' }, { scope: 2 }]) {
      const response = await post(`/api/admin/bookings/${ids[0]}/cancel`, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toMatch(/scope/);
    }
    expect(await cancelledOf(ids)).toEqual([false, false, false, false]);
  });
});
