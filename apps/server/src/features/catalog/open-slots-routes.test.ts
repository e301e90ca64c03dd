import { addDays } from '@therapy/shared/clinic-time';
import { OPEN_SLOTS_MAX_DAYS } from '@therapy/shared/schedule-schemas';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertClientBooking } from '../../test/admin-test-kit.ts';
import { BOOKING_TEST_NOW, offlineBooking, onlineBooking } from '../../test/booking-fixtures.ts';
import { addScheduledTherapist } from '../../test/schedule-fixtures.ts';
import { createDemoTestApp } from '../../test/test-app.ts';
import { backends, type TestDatabase } from '../../test/test-database.ts';
import { SLOT_IN_PAST, SLOT_NOT_OFFERED } from '../bookings/bookings-service.ts';

// "Now" is Sunday 2026-11-22, 09:30 in Kolkata.
const ONLINE = 20;
const IN_PERSON = 21;
const INACTIVE = 22;
const weekdays = (start: string, end: string): [number, string, string, number][] =>
  [1, 2, 3, 4, 5].map((weekday) => [weekday, start, end, 0]);

describe.each(backends)('open slots from the weekly schedule on %s', (backend) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ db, app, close } = await createDemoTestApp(backend, { now: () => BOOKING_TEST_NOW }));
    // Weekdays 10:00 to 12:00 online with a 15-minute buffer: sessions at 10:00 and 11:00.
    await addScheduledTherapist(db, {
      id: ONLINE,
      type: 1,
      weekly: weekdays('10:00', '12:00'),
      buffer: 15,
      overrides: {
        '2026-11-22': [{ start: '09:00', end: '11:00', location_id: 0 }],
        '2026-11-27': [],
        '2026-11-28': [{ start: '14:00', end: '15:00', location_id: 0 }],
      },
      leave: [['2026-11-24', '2026-11-25']],
    });
    // Mondays at West Branch, Tuesdays at East Branch.
    await addScheduledTherapist(db, {
      id: IN_PERSON,
      type: 2,
      locations: [1, 2],
      weekly: [
        [1, '09:00', '09:45', 1],
        [2, '09:00', '09:45', 2],
      ],
    });
    await addScheduledTherapist(db, {
      id: INACTIVE,
      type: 1,
      weekly: weekdays('10:00', '12:00'),
      active: false,
    });
    const at = (bookingDate: string, startTime: string) => ({ therapistId: ONLINE, bookingDate, startTime });
    await insertClientBooking(db, at('2026-11-23', '10:00:00'));
    await insertClientBooking(db, {
      ...at('2026-11-26', '11:00:00'),
      bookingType: 'ADMIN_BLOCK',
      paymentStatus: 'BLOCKED',
    });
    const cancelled = await insertClientBooking(db, at('2026-11-26', '10:00:00'));
    await db.query("UPDATE bookings SET cancelled = true, payment_status = 'CANCELLED' WHERE id = $1", [
      cancelled.id,
    ]);
  });
  afterAll(() => close());

  const openSlots = async (query: string) => {
    const response = await app.inject(`/api/open-slots?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { date: string; start_time: string; end_time: string; location_id: number }[];
  };
  const byDate = (slots: { date: string; start_time: string }[]) => {
    const dates: Record<string, string[]> = {};
    for (const slot of slots) dates[slot.date] = [...(dates[slot.date] ?? []), slot.start_time];
    return dates;
  };

  it('offers the window from today: weekdays off, leave, a day-off override, held and past slots give none; an override adds', async () => {
    const slots = await openSlots(`therapist_id=${ONLINE}`);
    expect(slots[0]).toEqual({ date: '2026-11-22', start_time: '10:00', end_time: '10:45', location_id: 0 });
    const both = ['10:00', '11:00'];
    expect(byDate(slots)).toEqual({
      '2026-11-22': ['10:00'], // a Sunday override; 09:00 has begun
      '2026-11-23': ['11:00'], // 10:00 is booked
      '2026-11-26': ['10:00'], // 11:00 blocked; the cancelled booking frees 10:00
      '2026-11-28': ['14:00'], // a Saturday override
      '2026-11-30': both,
      '2026-12-01': both,
      '2026-12-02': both,
      '2026-12-03': both,
      '2026-12-04': both,
    });
  });

  it('takes from and to, both included; dates before today simply have none', async () => {
    expect(byDate(await openSlots(`therapist_id=${ONLINE}&from=2026-11-23&to=2026-11-24`))).toEqual({
      '2026-11-23': ['11:00'],
    });
    expect(await openSlots(`therapist_id=${ONLINE}&from=2026-11-01&to=2026-11-21`)).toEqual([]);
    const fromPast = await openSlots(`therapist_id=${ONLINE}&from=2026-11-20&to=2026-11-23`);
    expect(fromPast.map((slot) => slot.date)).toEqual(['2026-11-22', '2026-11-23']);
    // Only from: the 15 days from it.
    const later = byDate(await openSlots(`therapist_id=${ONLINE}&from=2026-12-07`));
    expect([Object.keys(later)[0], Object.keys(later).at(-1)]).toEqual(['2026-12-07', '2026-12-21']);
    // At most OPEN_SLOTS_MAX_DAYS days at once.
    const longest = await openSlots(
      `therapist_id=${ONLINE}&to=${addDays('2026-11-22', OPEN_SLOTS_MAX_DAYS - 1)}`,
    );
    expect(longest.length).toBeGreaterThan(30);
  });

  it('gives in-person sessions with their centre', async () => {
    const slots = await openSlots(`therapist_id=${IN_PERSON}&from=2026-11-23&to=2026-11-24`);
    expect(slots).toEqual([
      { date: '2026-11-23', start_time: '09:00', end_time: '09:45', location_id: 1 },
      { date: '2026-11-24', start_time: '09:00', end_time: '09:45', location_id: 2 },
    ]);
  });

  it('answers 404 for an unknown or deactivated therapist and 400 for bad ranges', async () => {
    for (const id of [INACTIVE, 999]) {
      const response = await app.inject(`/api/open-slots?therapist_id=${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().detail).toBe(`Therapist ${id} not found`);
    }
    const tooLong = `from=2026-11-22&to=${addDays('2026-11-22', OPEN_SLOTS_MAX_DAYS)}`;
    for (const [query, field] of [
      ['from=2026-11-25&to=2026-11-24', '"to"'],
      [tooLong, '"to"'],
      ['from=2026-02-30', 'from'],
      ['to=tomorrow', 'to'],
      ['', 'therapist_id'],
    ] as const) {
      const id = query.includes('therapist') || field === 'therapist_id' ? '' : `therapist_id=${ONLINE}&`;
      const response = await app.inject(`/api/open-slots?${id}${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().detail, query).toContain(field);
    }
  });

  it('keeps the specification’s daily templates, cut from the weekly hours, with stable ids', async () => {
    const online = (await app.inject(`/availability-slots?therapist_id=${ONLINE}`)).json();
    expect(online).toEqual(
      ['10:00', '11:00'].map((start) => ({
        id: ONLINE * 1440 + Number(start.slice(0, 2)) * 60,
        therapist_id: ONLINE,
        start_time: `${start}:00`,
        end_time: `${start.slice(0, 2)}:45:00`,
        is_available: true,
        admin_blocked: false,
        locationId: null,
      })),
    );
    // Sessions at 09:00 at two centres on different days: not tied to one.
    const inPerson = (await app.inject(`/availability-slots?therapist_id=${IN_PERSON}`)).json();
    expect(inPerson).toMatchObject([
      { id: IN_PERSON * 1440 + 540, start_time: '09:00:00', locationId: null },
    ]);
    expect((await app.inject(`/availability-slots?therapist_id=${INACTIVE}`)).statusCode).toBe(404);
    const all = (await app.inject('/availability-slots')).json() as { therapist_id: number }[];
    expect(new Set(all.map((slot) => slot.therapist_id))).toEqual(new Set([1, 2, 3, 4, 5, 6, 7, 8, 20, 21]));
  });

  describe('the booking rule', () => {
    const book = (change: Parameters<typeof onlineBooking>[0]) =>
      app.inject({
        method: 'POST',
        url: '/api/bookings',
        payload: onlineBooking({ therapist_id: ONLINE, ...change }),
      });

    it('refuses a free time the schedule does not offer: off the grid, a weekday off, leave, a day-off override', async () => {
      for (const [date, time] of [
        ['2026-11-23', '10:30'],
        ['2026-11-23', '12:00'],
        ['2026-11-29', '10:00'],
        ['2026-11-24', '10:00'],
        ['2026-11-27', '11:00'],
      ]) {
        const response = await book({ booking_date: date, booking_time_slot_start: time });
        expect(response.statusCode, `${date} ${time}`).toBe(409);
        expect(response.json().detail).toBe(SLOT_NOT_OFFERED);
      }
      const begun = await book({ booking_date: '2026-11-22', booking_time_slot_start: '09:00' });
      expect(begun.json().detail).toBe(SLOT_IN_PAST);
    });

    it('books a session an override adds, which then leaves the open slots', async () => {
      const response = await book({ booking_date: '2026-11-28', booking_time_slot_start: '14:00' });
      expect(response.statusCode, response.body).toBe(201);
      expect(await openSlots(`therapist_id=${ONLINE}&from=2026-11-28&to=2026-11-28`)).toEqual([]);
      const row = await db.query<{ end: string }>(
        "SELECT to_char(booking_time_slot_end, 'HH24:MI') AS end FROM bookings WHERE id = $1",
        [response.json().booking_id],
      );
      expect(row.rows[0]!.end).toBe('14:45');
    });

    it('books in person only at the centre the therapist has hours at that day', async () => {
      const inPerson = (location_id: number, booking_date: string) =>
        app.inject({
          method: 'POST',
          url: '/confirm-booking',
          payload: offlineBooking({
            therapist_id: IN_PERSON,
            location_id,
            booking_date,
            booking_time_slot_start: '09:00',
          }),
        });
      const elsewhere = await inPerson(2, '2026-11-23');
      expect(elsewhere.statusCode).toBe(409);
      expect(elsewhere.json().detail).toBe(SLOT_NOT_OFFERED);
      expect((await inPerson(1, '2026-11-23')).statusCode).toBe(201);
      expect((await inPerson(2, '2026-11-24')).statusCode).toBe(201);
    });

    it('refuses a deactivated therapist', async () => {
      const response = await book({ therapist_id: INACTIVE, booking_time_slot_start: '10:00' });
      expect(response.statusCode).toBe(404);
    });
  });
});
