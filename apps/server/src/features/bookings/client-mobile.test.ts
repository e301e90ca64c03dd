import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_TEST_NOW, onlineBooking } from '../../test/booking-fixtures.ts';
import { createTestApp } from '../../test/test-app.ts';
import { backends, createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { loadDemoData } from '../demo-data/load-demo-data.ts';

/** The visitor's mobile is stored as its 10 digits however it was typed, or refused: never cut. */
describe.each(backends)('a visitor’s mobile number on %s', (backend) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let close: () => Promise<void>;
  const times = ['10:00', '11:00', '12:00', '14:00', '15:00'];

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    await loadDemoData(db);
    ({ app, close } = await createTestApp(db, { now: () => BOOKING_TEST_NOW }));
  });
  afterAll(async () => {
    await close();
    await db.drop();
  });

  const book = (mobile: string, time: string) =>
    app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: onlineBooking({
        client_mobile: mobile,
        booking_date: '2026-11-24',
        booking_time_slot_start: time,
      }),
    });

  it.each(
    ['+91 98765 43210', '+919876543210', '91-98765-43210', '098765 43210'].map((m, i) => [m, times[i]!]),
  )('stores %j as 9876543210', async (typed, time) => {
    const response = await book(typed, time);
    expect(response.statusCode).toBe(201);
    const { rows } = await db.query<{ client_mobile: string }>(
      'SELECT client_mobile FROM bookings WHERE id = $1',
      [response.json().booking_id],
    );
    expect(rows[0]!.client_mobile).toBe('9876543210');
  });

  it('refuses a number that is not 10 digits with the specification’s words, booking nothing', async () => {
    const before = await db.query<{ n: number }>('SELECT count(*)::integer AS n FROM bookings');
    const response = await book('+91 98765 4321', times[4]!);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ detail: 'Mobile number must be 10 digits' });
    const after = await db.query<{ n: number }>('SELECT count(*)::integer AS n FROM bookings');
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });
});
