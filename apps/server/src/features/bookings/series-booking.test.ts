import { addDays } from '@therapy/shared/clinic-time';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertClientBooking } from '../../test/admin-test-kit.ts';
import { BOOKING_TEST_NOW, offlineBooking } from '../../test/booking-fixtures.ts';
import { createDemoTestApp } from '../../test/test-app.ts';
import { backends, type TestDatabase } from '../../test/test-database.ts';
import { SERIES_CLASH_MESSAGE } from './book-series.ts';

/** Tuesday 2026-11-24, two days after the tests' "now": within the booking window. */
const TUESDAY = '2026-11-24';
const tuesdays = (count: number, from = TUESDAY) =>
  Array.from({ length: count }, (_, i) => addDays(from, 7 * i));

describe.each(backends)('standing appointments on %s', (backend) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ db, app, close } = await createDemoTestApp(backend, { now: () => BOOKING_TEST_NOW }));
  });
  afterAll(() => close());

  const book = (change: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: offlineBooking({ booking_date: TUESDAY, ...change }) as object,
    });
  /** The therapist's sessions at `time` from TUESDAY on that hold their slot, by date. */
  const heldAt = async (time: string, email?: string) =>
    (
      await db.query<{ date: string; series_id: number | null; series_position: number | null }>(
        `SELECT to_char(booking_date, 'YYYY-MM-DD') AS date, series_id, series_position FROM bookings
         WHERE therapist_id = 3 AND booking_time_slot_start = $1 AND booking_date >= $2
           AND NOT cancelled AND payment_status NOT IN ('FAILED', 'CANCELLED')
           AND ($3::text IS NULL OR client_email = $3)
         ORDER BY booking_date`,
        [time, TUESDAY, email ?? null],
      )
    ).rows;

  it('books an 8-week series as 8 sessions of one series, one token for its status page', async () => {
    const response = await book({ booking_time_slot_start: '10:00', repeat: { every_weeks: 1, count: 8 } });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.booking_ids).toHaveLength(8);
    expect(body).toMatchObject({
      booking_id: body.booking_ids[0],
      // In person: each session is paid at its visit.
      amount: 1000,
      payment_status: 'PENDING',
    });
    const held = await heldAt('10:00:00');
    expect(held.map((row) => row.date)).toEqual(tuesdays(8));
    expect(new Set(held.map((row) => row.series_id))).toEqual(new Set([body.series_id]));
    expect(held.map((row) => row.series_position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const last = await app.inject(
      `/api/bookings/${body.booking_ids[7]}/confirmation?token=${body.confirmation_token}`,
    );
    expect(last.json().data).toMatchObject({ booking_date: tuesdays(8)[7] });
    // The status page lists every date of the series.
    expect(last.json().data.series_sessions.map((s: { booking_date: string }) => s.booking_date)).toEqual(
      tuesdays(8),
    );
  });

  it('answers 409 naming exactly the date on leave and books none; without it, books 7', async () => {
    const [, , third] = tuesdays(8);
    await db.query(
      `INSERT INTO time_off (therapist_id, from_date, to_date, reason) VALUES (3, $1, $1, 'x')`,
      [third],
    );
    const refused = await book({ booking_time_slot_start: '11:00', repeat: { every_weeks: 1, count: 8 } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      detail: SERIES_CLASH_MESSAGE,
      clashes: [{ booking_date: third, booking_time_slot_start: '11:00:00', reason: 'leave' }],
    });
    expect(await heldAt('11:00:00')).toEqual([]);

    const preview = await app.inject({
      method: 'POST',
      url: '/api/bookings/series-preview',
      payload: {
        therapist_id: 3,
        booking_type: 'OFFLINE',
        location_id: 1,
        booking_date: TUESDAY,
        booking_time_slot_start: '11:00',
        repeat: { every_weeks: 1, count: 8 },
      },
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().sessions.map((s: { reason: string | null }) => s.reason)).toEqual([
      null,
      null,
      'leave',
      null,
      null,
      null,
      null,
      null,
    ]);

    const accepted = await book({
      booking_time_slot_start: '11:00',
      repeat: { every_weeks: 1, count: 8, skip: [third] },
    });
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json().booking_ids).toHaveLength(7);
    expect((await heldAt('11:00:00')).map((row) => row.date)).toEqual(tuesdays(8).filter((d) => d !== third));
  });

  it('a fortnightly series with a clash on its last session books nothing; moved that week, it books', async () => {
    const first = addDays(TUESDAY, 7);
    const dates = Array.from({ length: 6 }, (_, i) => addDays(first, 14 * i));
    const last = dates[5]!;
    await insertClientBooking(db, {
      therapistId: 3,
      bookingDate: last,
      startTime: '12:00:00',
      bookingType: 'OFFLINE',
      paymentStatus: 'PENDING',
      locationId: 1,
    });
    const repeat = { every_weeks: 2, count: 6 };
    const refused = await book({ booking_date: first, booking_time_slot_start: '12:00', repeat });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().clashes).toEqual([
      { booking_date: last, booking_time_slot_start: '12:00:00', reason: 'booked' },
    ]);
    expect(await heldAt('12:00:00', 'client@example.com')).toEqual([]);

    const wednesday = addDays(last, 1);
    const moved = await book({
      booking_date: first,
      booking_time_slot_start: '12:00',
      repeat: {
        ...repeat,
        moves: [{ from_date: last, booking_date: wednesday, booking_time_slot_start: '13:00' }],
      },
    });
    expect(moved.statusCode).toBe(201);
    expect((await heldAt('12:00:00', 'client@example.com')).map((row) => row.date)).toEqual(
      dates.slice(0, 5),
    );
    expect(
      (await heldAt('13:00:00', 'client@example.com')).map((row) => [row.date, row.series_position]),
    ).toEqual([[wednesday, 6]]);
  });

  it.each([
    ['a count of 1', { every_weeks: 1, count: 1 }, {}],
    ['a count above SERIES_MAX_SESSIONS', { every_weeks: 1, count: 13 }, {}],
    ['every 3 weeks', { every_weeks: 3, count: 4 }, {}],
    ['a start outside the window', { every_weeks: 1, count: 4 }, { booking_date: addDays(TUESDAY, 21) }],
    [
      'a move out of its week',
      {
        every_weeks: 1,
        count: 4,
        moves: [{ from_date: TUESDAY, booking_date: addDays(TUESDAY, 7), booking_time_slot_start: '08:00' }],
      },
      {},
    ],
  ])('refuses %s with 400 and holds nothing', async (_name, repeat, change) => {
    const response = await book({ booking_time_slot_start: '08:00', repeat, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toEqual(expect.any(String));
    expect(await heldAt('08:00:00')).toEqual([]);
  });
});
