import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertClientBooking } from '../../test/admin-test-kit.ts';
import { auditRows, type ScheduleTestApp, scheduleTestApp } from '../../test/schedule-test-kit.ts';
import { backends } from '../../test/test-database.ts';

// "Today" is Sunday 2026-11-22; Monday is 2026-11-23.
describe.each(backends)('bookings outside the schedule, and holidays, on %s', (backend) => {
  let t: ScheduleTestApp;
  beforeAll(async () => {
    t = await scheduleTestApp(backend);
  });
  afterAll(() => t.close());

  const outside = async (query = '') => {
    const response = await t.asStaff('GET', `/api/admin/bookings/outside-schedule${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const idsOutside = async (therapistId: number) =>
    (await outside(`?therapist_id=${therapistId}`)).items.map(
      (item: { booking_id: number }) => item.booking_id,
    );
  const bookingRow = async (id: number) =>
    (await t.db.query('SELECT payment_status, cancelled, booking_date FROM bookings WHERE id = $1', [id]))
      .rows[0];

  it('keeps a booking a schedule change leaves outside, and lists it with the client’s contact', async () => {
    const booking = await insertClientBooking(t.db, {
      therapistId: 3,
      bookingDate: '2026-11-23',
      startTime: '11:00',
      bookingType: 'OFFLINE',
      paymentStatus: 'PENDING',
      locationId: 1,
      client: { fullName: 'Kavya Sharma', email: 'kavya@example.com', mobile: '9876543210' },
    });
    expect(await idsOutside(3)).toEqual([]);
    const before = await bookingRow(booking.id);

    const week = [{ weekday: 1, start: '14:00', end: '17:00', location_id: 1 }];
    const saved = await t.asOwner('PUT', '/api/admin/therapists/3/schedule', { weekly: week });
    expect(saved.json().outside_bookings).toBe(1);
    expect(await bookingRow(booking.id)).toEqual(before);
    expect(before).toMatchObject({ payment_status: 'PENDING', cancelled: false });

    expect((await outside('?therapist_id=3')).items).toEqual([
      {
        booking_id: booking.id,
        therapist_id: 3,
        therapist_name: 'Ms.Priya Nair',
        booking_date: '2026-11-23',
        booking_time_slot_start: '11:00',
        booking_type: 'OFFLINE',
        location_id: 1,
        payment_status: 'PENDING',
        reason: 'outside hours',
        client_full_name: 'Kavya Sharma',
        client_email: 'kavya@example.com',
        client_mobile: '9876543210',
      },
    ]);
    // Hours at another place do not hold it either: an in-person booking needs its centre's hours.
    const back = [{ weekday: 1, start: '08:00', end: '13:00', location_id: 1 }];
    expect(
      (await t.asOwner('PUT', '/api/admin/therapists/3/schedule', { weekly: back })).json().outside_bookings,
    ).toBe(0);
  });

  it('lists neither admin blocks, cancelled or failed bookings, nor past ones', async () => {
    const common = { therapistId: 2, startTime: '13:00' };
    const block = {
      bookingType: 'ADMIN_BLOCK' as const,
      paymentStatus: 'BLOCKED' as const,
      client: undefined,
    };
    await insertClientBooking(t.db, { ...common, ...block, bookingDate: '2026-11-24' });
    const cancelled = await insertClientBooking(t.db, {
      ...common,
      bookingDate: '2026-11-25',
      paymentStatus: 'CANCELLED',
    });
    await t.db.query('UPDATE bookings SET cancelled = true WHERE id = $1', [cancelled.id]);
    await insertClientBooking(t.db, { ...common, bookingDate: '2026-11-26', paymentStatus: 'FAILED' });
    await insertClientBooking(t.db, { ...common, bookingDate: '2026-11-21' });
    const kept = await insertClientBooking(t.db, { ...common, bookingDate: '2026-11-27' });
    const saved = await t.asOwner('PUT', '/api/admin/therapists/2/schedule', { weekly: [] });
    expect(saved.json().outside_bookings).toBe(1);
    expect((await outside('?therapist_id=2')).items).toEqual([
      expect.objectContaining({ booking_id: kept.id, reason: 'day off' }),
    ]);
  });

  it('lists the bookings leave and a day off take', async () => {
    const online = { therapistId: 1, startTime: '10:00' };
    const onLeave = await insertClientBooking(t.db, { ...online, bookingDate: '2026-11-24' });
    const dayOff = await insertClientBooking(t.db, { ...online, bookingDate: '2026-11-30' });
    const leave = await t.asOwner('POST', '/api/admin/therapists/1/time-off', {
      from: '2026-11-24',
      to: '2026-11-25',
    });
    expect(leave.json().outside_bookings).toBe(1);
    const override = await t.asOwner('POST', '/api/admin/therapists/1/overrides', {
      date: '2026-11-30',
      hours: [],
    });
    expect(override.json().outside_bookings).toBe(2);
    expect((await outside('?therapist_id=1')).items.map((item: { reason: string }) => item.reason)).toEqual([
      'leave',
      'day off',
    ]);
    const removed = await t.asOwner('DELETE', `/api/admin/therapists/1/time-off/${leave.json().id}`);
    expect(removed.json().outside_bookings).toBe(1);
    expect(await idsOutside(1)).toEqual([dayOff.id]);
    expect(await bookingRow(onLeave.id)).toMatchObject({ payment_status: 'COMPLETED', cancelled: false });
    await t.asOwner('DELETE', '/api/admin/therapists/1/overrides/2026-11-30');
    expect(await idsOutside(1)).toEqual([]);
  });

  it('adds a holiday: everyone’s bookings that day are outside; lists and removes holidays, audited', async () => {
    const first = await insertClientBooking(t.db, {
      therapistId: 1,
      bookingDate: '2026-12-02',
      startTime: '15:00',
    });
    const second = await insertClientBooking(t.db, {
      therapistId: 8,
      bookingDate: '2026-12-02',
      startTime: '09:00',
    });
    const created = await t.asOwner('POST', '/api/admin/holidays', {
      date: '2026-12-02',
      name: 'Founders’ Day',
    });
    expect(created.statusCode, created.body).toBe(201);
    const holiday = created.json();
    expect(holiday).toEqual({
      id: expect.any(Number),
      date: '2026-12-02',
      name: 'Founders’ Day',
      outside_bookings: 2,
    });
    const listed = (await outside()).items.filter((item: { reason: string }) => item.reason === 'holiday');
    expect(listed.map((item: { booking_id: number }) => item.booking_id)).toEqual([second.id, first.id]);

    const again = await t.asOwner('POST', '/api/admin/holidays', { date: '2026-12-02', name: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toContain('date: 2026-12-02 is already a holiday');
    expect(
      (await t.asOwner('POST', '/api/admin/holidays', { date: '2026-12-03', name: '  ' })).statusCode,
    ).toBe(400);
    expect((await t.asOwner('POST', '/api/admin/holidays', { date: '2026-12-03' })).statusCode).toBe(400);

    await t.db.query(
      "INSERT INTO holidays (holiday_date, name) VALUES ('2025-01-26', 'Long ago'), ('2026-01-26', 'Republic Day')",
    );
    const holidays = (await t.asOwner('GET', '/api/admin/holidays')).json();
    expect(holidays.map((h: { date: string }) => h.date)).toEqual(['2026-01-26', '2026-12-02']);

    const removed = await t.asOwner('DELETE', `/api/admin/holidays/${holiday.id}`);
    expect(removed.json()).toMatchObject({ id: holiday.id, date: '2026-12-02', outside_bookings: 0 });
    expect((await t.asOwner('DELETE', `/api/admin/holidays/${holiday.id}`)).statusCode).toBe(404);
    expect((await auditRows(t.db, 'holiday.create')).map((row) => row.details)).toEqual([
      { holiday_id: holiday.id, date: '2026-12-02', name: 'Founders’ Day' },
    ]);
    expect(await auditRows(t.db, 'holiday.delete')).toHaveLength(1);
  });

  it('pages by date, time and id with next_cursor, bounded by limit', async () => {
    const day = { therapistId: 4, bookingType: 'OFFLINE' as const, locationId: 2 };
    const made = [
      await insertClientBooking(t.db, { ...day, bookingDate: '2026-12-04', startTime: '16:00' }),
      await insertClientBooking(t.db, { ...day, bookingDate: '2026-12-03', startTime: '17:00' }),
      await insertClientBooking(t.db, { ...day, bookingDate: '2026-12-03', startTime: '10:00' }),
    ];
    await t.asOwner('PUT', '/api/admin/therapists/4/schedule', { weekly: [] });
    const seen: number[] = [];
    let cursor = '';
    do {
      const page = await outside(`?therapist_id=4&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((item: { booking_id: number }) => item.booking_id));
      cursor = page.next_cursor ?? '';
    } while (cursor);
    expect(seen).toEqual([made[2]!.id, made[1]!.id, made[0]!.id]);
    expect((await outside('?limit=2')).limit).toBe(2);
    expect((await outside()).limit).toBe(50);
    for (const bad of ['?limit=201', '?limit=0', '?cursor=abc', '?cursor=999999']) {
      const response = await t.asStaff('GET', `/api/admin/bookings/outside-schedule${bad}`);
      expect(response.statusCode, bad).toBe(400);
    }
  });
});
