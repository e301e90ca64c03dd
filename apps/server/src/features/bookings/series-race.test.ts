import { addDays } from '@therapy/shared/clinic-time';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_TEST_NOW, offlineBooking } from '../../test/booking-fixtures.ts';
import { createDemoTestApp } from '../../test/test-app.ts';
import { backends, type TestDatabase } from '../../test/test-database.ts';

const SERIES = 50;
/** The Tuesdays within the window of the tests' "now" (Sunday 2026-11-22). */
const STARTS = ['2026-11-24', '2026-12-01'];

/** A small seeded generator, so a failing seed can be run again (SERIES_RACE_SEED). */
function generator(seed: number) {
  let state = seed >>> 0 || 1;
  return (below: number) => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) % below;
  };
}

describe.each(backends)('racing standing appointments on %s', (backend) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ db, app, close } = await createDemoTestApp(backend, { now: () => BOOKING_TEST_NOW }));
  });
  afterAll(() => close());

  it(`${SERIES} visitors racing for overlapping Tuesday series: each slot to one, no partial series`, async () => {
    const seed = Number(process.env.SERIES_RACE_SEED ?? Date.now() % 100_000);
    const random = generator(seed);
    const asks = Array.from({ length: SERIES }, (_, i) => ({
      email: `racer${i}@example.com`,
      first: STARTS[random(2)]!,
      every_weeks: (random(2) + 1) as 1 | 2,
      count: 2 + random(7),
    }));
    const answers = await Promise.all(
      asks.map((ask) =>
        app.inject({
          method: 'POST',
          url: '/api/bookings',
          payload: offlineBooking({
            client_email: ask.email,
            booking_date: ask.first,
            booking_time_slot_start: '09:00',
            repeat: { every_weeks: ask.every_weeks, count: ask.count },
          }) as object,
        }),
      ),
    );
    const { rows } = await db.query<{ email: string; date: string }>(
      `SELECT client_email AS email, to_char(booking_date, 'YYYY-MM-DD') AS date FROM bookings
       WHERE therapist_id = 3 AND booking_time_slot_start = '09:00' AND NOT cancelled`,
    );
    const datesOf = (email: string) =>
      rows
        .filter((row) => row.email === email)
        .map((row) => row.date)
        .sort();
    const slotsHeld = rows.map((row) => row.date);
    expect(new Set(slotsHeld).size, `seed ${seed}`).toBe(slotsHeld.length);

    const winners = answers.filter((answer) => answer.statusCode === 201).length;
    expect(winners, `seed ${seed}`).toBeGreaterThan(0);
    for (const [i, answer] of answers.entries()) {
      const ask = asks[i]!;
      const pattern = Array.from({ length: ask.count }, (_, k) =>
        addDays(ask.first, 7 * ask.every_weeks * k),
      );
      if (answer.statusCode === 201) {
        expect(datesOf(ask.email), `seed ${seed}`).toEqual(pattern);
        continue;
      }
      expect(answer.statusCode, `seed ${seed}: ${answer.body}`).toBe(409);
      expect(datesOf(ask.email), `seed ${seed}`).toEqual([]);
      // The loser is told which of its dates were taken, and they were: by a winner.
      const taken = answer.json().clashes.map((clash: { booking_date: string; reason: string }) => {
        expect(clash.reason).toBe('booked');
        return clash.booking_date;
      });
      expect(taken.length).toBeGreaterThan(0);
      expect(taken.every((date: string) => slotsHeld.includes(date) && pattern.includes(date))).toBe(true);
    }
  });
});
