import { addDays } from '@therapy/shared/clinic-time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offlineBooking } from '../../test/booking-fixtures.ts';
import { createManageTestApp, type ManageTestApp } from '../../test/manage-kit.ts';
import { backends } from '../../test/test-database.ts';

/** Tuesday after the tests' "now" (Sunday 2026-11-22). */
const TUESDAY = '2026-11-24';
const tuesdays = (count: number) => Array.from({ length: count }, (_, i) => addDays(TUESDAY, 7 * i));

describe.each(backends)('a standing appointment on its manage page on %s', (backend) => {
  let t: ManageTestApp;

  beforeAll(async () => {
    t = await createManageTestApp(backend);
  });
  afterAll(() => t.close());

  /** An 8-week in-person series of therapist 3 (confirmed at once, paid at the visit). */
  async function bookSeries(time: string, email: string): Promise<number[]> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/confirm-booking',
      payload: offlineBooking({
        booking_date: TUESDAY,
        booking_time_slot_start: time,
        client_email: email,
        repeat: { every_weeks: 1, count: 8 },
      }) as object,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().booking_ids;
  }
  const liveDates = async (ids: number[]) =>
    (
      await t.db.query<{ date: string }>(
        `SELECT to_char(booking_date, 'YYYY-MM-DD') AS date FROM bookings
         WHERE id = ANY($1::int[]) AND NOT cancelled ORDER BY booking_date`,
        [ids],
      )
    ).rows.map((row) => row.date);

  it('shows every session; cancelling "this and following" from session 3 of 8 cancels 3 to 8', async () => {
    const ids = await bookSeries('09:00', 'series-a@example.com');
    const token = await t.tokenOf(ids[2]!);
    const view = await t.view(token);
    expect(view.statusCode).toBe(200);
    expect(view.json().series.count).toBe(8);
    expect(view.json().series.sessions.map((s: { booking_date: string }) => s.booking_date)).toEqual(
      tuesdays(8),
    );

    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/manage/${token}/cancel`,
      payload: { scope: 'following' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await liveDates(ids)).toEqual(tuesdays(2));
    expect(cancelled.json().view.series.sessions.map((s: { cancelled: boolean }) => s.cancelled)).toEqual([
      false,
      false,
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
  });

  it('cancelling "this" cancels only that session', async () => {
    const ids = await bookSeries('10:00', 'series-b@example.com');
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/manage/${await t.tokenOf(ids[3]!)}/cancel`,
      payload: { scope: 'this' },
    });
    expect(response.statusCode).toBe(200);
    expect(await liveDates(ids)).toEqual(tuesdays(8).filter((_, i) => i !== 3));
  });

  it('moving session 5 moves only session 5, which stays in the series', async () => {
    const ids = await bookSeries('11:00', 'series-c@example.com');
    const fifth = tuesdays(8)[4]!;
    const wednesday = addDays(fifth, 1);
    const moved = await t.reschedule(await t.tokenOf(ids[4]!), { date: wednesday, start_time: '11:00' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await liveDates(ids)).toEqual(tuesdays(8).map((date) => (date === fifth ? wednesday : date)));
    const view = await t.view(moved.json().manage_token);
    const sessions = view.json().series.sessions;
    expect(sessions).toHaveLength(8);
    expect(sessions[4]).toMatchObject({ booking_id: ids[4], position: 5, booking_date: wednesday });
  });
});
