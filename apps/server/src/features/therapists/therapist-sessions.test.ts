import { addDays } from '@therapy/shared/clinic-time';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createAdminUser,
  insertClientBooking,
  JWT_SECRET,
  NOW,
  signIn,
  TODAY,
} from '../../test/admin-test-kit.ts';
import { createDemoTestApp, TEST_NOTES } from '../../test/test-app.ts';
import { backends, type TestDatabase } from '../../test/test-database.ts';
import { markCancelled } from '../bookings/cancel-booking.ts';

/** A therapist's own sessions and attendance (issue 25, decision 052). NOW is 09:30 in the clinic. */
describe.each(backends)("a therapist's sessions on %s", (backend) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let asha: string;
  let ravi: string;
  const ids: Record<'started' | 'later' | 'unpaid' | 'cancelled' | 'others' | 'tomorrow', number> =
    {} as never;

  beforeAll(async () => {
    ({ db, app, close } = await createDemoTestApp(backend, { now: () => NOW, env: { JWT_SECRET } }));
    await createAdminUser(db, 'asha@example.com', { therapistId: 1 });
    await createAdminUser(db, 'ravi@example.com', { therapistId: 2 });
    asha = await signIn(app, 'asha@example.com');
    ravi = await signIn(app, 'ravi@example.com');
    const client = {
      fullName: 'Kavya Sharma',
      email: 'kavya@example.com',
      mobile: '9876543210',
      note: TEST_NOTES.seal('Exams soon'),
    };
    ids.started = (
      await insertClientBooking(db, { therapistId: 1, bookingDate: TODAY, startTime: '08:00', client })
    ).id;
    ids.later = (
      await insertClientBooking(db, {
        therapistId: 1,
        bookingDate: TODAY,
        startTime: '11:00',
        bookingType: 'OFFLINE',
        paymentStatus: 'PENDING',
        locationId: 1,
        client: { ...client, email: 'KAVYA@example.com', note: null },
      })
    ).id;
    ids.tomorrow = (
      await insertClientBooking(db, {
        therapistId: 1,
        bookingDate: addDays(TODAY, 1),
        startTime: '10:00',
        client: { fullName: 'Arjun Rao', email: 'arjun@example.com', mobile: '9876500000' },
      })
    ).id;
    ids.unpaid = (
      await insertClientBooking(db, {
        therapistId: 1,
        bookingDate: TODAY,
        startTime: '13:00',
        paymentStatus: 'INITIATED',
      })
    ).id;
    ids.cancelled = (
      await insertClientBooking(db, { therapistId: 1, bookingDate: TODAY, startTime: '15:00' })
    ).id;
    await markCancelled(db, ids.cancelled, null);
    ids.others = (
      await insertClientBooking(db, { therapistId: 2, bookingDate: TODAY, startTime: '08:00' })
    ).id;
  });
  afterAll(() => close());

  const sessions = (token: string, from: string, to: string) =>
    app.inject({ url: `/api/therapist/sessions?from=${from}&to=${to}`, headers: bearer(token) });

  it("lists its own confirmed sessions in order, with the client's note and first session", async () => {
    const response = await sessions(asha, TODAY, addDays(TODAY, 13));
    expect(response.statusCode, response.body).toBe(200);
    const items = response.json().items;
    expect(items.map((item: { booking_id: number }) => item.booking_id)).toEqual([
      ids.started,
      ids.later,
      ids.tomorrow,
    ]);
    expect(items[0]).toEqual({
      booking_id: ids.started,
      booking_date: TODAY,
      start_time: '08:00:00',
      end_time: '08:45:00',
      booking_type: 'ONLINE',
      location_id: null,
      location_name: null,
      client_name: 'Kavya Sharma',
      client_note: 'Exams soon',
      first_session: true,
      meeting_url: null,
      attendance: null,
      has_note: false,
      series: null,
      // The client's questionnaires (decision 058): none made for a session inserted straight into the table.
      measures: null,
    });
    expect(items[1]).toMatchObject({
      booking_type: 'OFFLINE',
      location_id: 1,
      first_session: false,
      client_note: null,
    });
    expect(items[1].location_name).toEqual(expect.any(String));
    const other = (await sessions(ravi, TODAY, TODAY)).json().items;
    expect(other.map((item: { booking_id: number }) => item.booking_id)).toEqual([ids.others]);
  });

  it('refuses a range backwards or over 42 days, and bad dates, with a detail', async () => {
    for (const [from, to] of [
      [TODAY, addDays(TODAY, -1)],
      [TODAY, addDays(TODAY, 42)],
      ['2026-02-30', TODAY],
    ] as const) {
      const response = await sessions(asha, from, to);
      expect(response.statusCode, `${from}..${to}`).toBe(400);
      expect(response.json().detail).toEqual(expect.any(String));
    }
    expect((await sessions(asha, TODAY, addDays(TODAY, 41))).statusCode).toBe(200);
  });

  it("marks a started session by the front desk's rule, and answers another therapist's booking 404", async () => {
    const mark = (token: string, id: number, status: string) =>
      app.inject({
        method: 'POST',
        url: `/api/therapist/sessions/${id}/attendance`,
        headers: bearer(token),
        payload: { status },
      });
    const attended = await mark(asha, ids.started, 'attended');
    expect(attended.statusCode, attended.body).toBe(200);
    expect(attended.json()).toMatchObject({ booking_id: ids.started, attendance: 'attended' });
    const early = await mark(asha, ids.later, 'no_show');
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toMatch(/attendance can be marked once the session has started/);
    for (const id of [ids.others, ids.unpaid, ids.cancelled, 999_999]) {
      const refused = await mark(asha, id, 'attended');
      expect(refused.statusCode, String(id)).toBe(404);
      expect(refused.json()).toEqual({ detail: `Session ${id} not found` });
    }
    expect((await mark(asha, ids.started, 'maybe')).statusCode).toBe(400);
    const { rows } = await db.query<{ attendance: string | null; actor_label: string }>(
      `SELECT b.attendance, a.actor_label FROM bookings b JOIN audit_log a ON a.booking_id = b.id AND a.action = 'booking.attendance'
        WHERE b.id = $1`,
      [ids.started],
    );
    expect(rows).toEqual([{ attendance: 'attended', actor_label: 'asha@example.com' }]);
    expect((await sessions(asha, TODAY, TODAY)).json().items[0].attendance).toBe('attended');
  });
});
