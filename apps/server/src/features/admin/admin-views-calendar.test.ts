import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TODAY } from '../../test/admin-test-kit.ts';
import { type AdminViewsKit, DAY, startAdminViews } from '../../test/admin-views-kit.ts';
import { backends } from '../../test/test-database.ts';

describe.each(backends)('admin views on %s', (backend) => {
  let close: () => Promise<void>;
  let ids: AdminViewsKit['ids'];
  let get: AdminViewsKit['get'];

  beforeAll(async () => {
    ({ close, ids, get } = await startAdminViews(backend));
  });
  afterAll(() => close());

  it("marks a day's slots booked, blocked and past", async () => {
    const slots = (await get(`/api/admin/therapists/5/slots?date=${DAY}`)).json();
    const byStart = Object.fromEntries(
      slots.map((s: { start_time: string }) => [s.start_time.slice(0, 5), s]),
    );
    expect(Object.keys(byStart)).toEqual([
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
    ]);
    expect(byStart['09:00']).toEqual({
      id: expect.any(Number),
      therapist_id: 5,
      date: DAY,
      start_time: '09:00:00',
      end_time: '09:45:00',
      is_available: true,
      admin_blocked: false,
      is_booked: true,
      booking_id: ids.paid,
      is_past: false,
    });
    expect(byStart['10:00']).toMatchObject({ is_booked: true, booking_id: ids.pending });
    expect(byStart['11:00']).toMatchObject({ is_booked: false, admin_blocked: false, booking_id: null });
    expect(byStart['12:00']).toMatchObject({ is_booked: false, booking_id: null });
    expect(byStart['14:00']).toMatchObject({ is_booked: true, booking_id: ids.initiated });
    expect(byStart['15:00']).toMatchObject({ is_booked: false, admin_blocked: true, booking_id: ids.block });
    expect(byStart['16:00']).toMatchObject({ is_booked: false, admin_blocked: false, booking_id: null });

    const today = (await get(`/api/admin/therapists/5/slots?date=${TODAY}`)).json();
    expect(
      today.filter((s: { is_past: boolean }) => s.is_past).map((s: { start_time: string }) => s.start_time),
    ).toEqual(['09:00:00']);
    expect((await get('/api/admin/therapists/5/slots?date=2026-13-01')).statusCode).toBe(400);
    expect((await get('/api/admin/therapists/5/slots')).statusCode).toBe(400);
    expect((await get(`/api/admin/therapists/99/slots?date=${DAY}`)).statusCode).toBe(404);
  });

  it('gives the calendar grid per day: how many events and the first two, without cancelled, failed or blocked', async () => {
    const month = (await get('/api/admin/calendar?from=2026-11-01&to=2026-12-05')).json();
    expect(
      month.days.map((day: { date: string; total: number; events: { id: number }[] }) => [
        day.date,
        day.total,
        day.events.map((event) => event.id),
      ]),
    ).toEqual([
      [DAY, 3, [ids.paid, ids.pending]],
      ['2026-12-01', 1, [ids.other]],
    ]);
    expect((await get('/api/admin/calendar?from=2026-11-26&to=2026-11-30')).json()).toEqual({ days: [] });
    expect((await get('/api/admin/calendar?from=2026-12-05&to=2026-11-01')).statusCode).toBe(400);
    expect((await get('/api/admin/calendar?from=2026-01-01&to=2026-12-31')).statusCode).toBe(400);
    expect((await get('/api/admin/calendar?from=2026-11-01')).statusCode).toBe(400);
  });

  it("pages a day's calendar events by start time for the day's modal", async () => {
    const day = (await get(`/api/admin/calendar/day?date=${DAY}`)).json();
    expect(day).toMatchObject({ total: 3, limit: 100, next_cursor: null });
    expect(day.items.map((e: { id: number }) => e.id)).toEqual([ids.paid, ids.pending, ids.initiated]);
    const first = (await get(`/api/admin/calendar/day?date=${DAY}&limit=2`)).json();
    const rest = (
      await get(`/api/admin/calendar/day?date=${DAY}&limit=2&cursor=${first.next_cursor}`)
    ).json();
    expect([...first.items, ...rest.items].map((e: { id: number }) => e.id)).toEqual([
      ids.paid,
      ids.pending,
      ids.initiated,
    ]);
    expect(rest.next_cursor).toBeNull();
    expect((await get('/api/admin/calendar/day?date=2026-11-30')).json()).toMatchObject({
      items: [],
      total: 0,
    });
    expect((await get(`/api/admin/calendar/day?date=${DAY}&limit=201`)).statusCode).toBe(400);
    expect((await get(`/api/admin/calendar/day?date=${DAY}&cursor=1`)).statusCode).toBe(400);
    expect((await get('/api/admin/calendar/day')).statusCode).toBe(400);
  });
});
