import { describe, expect, it } from 'vitest';
import { addDays } from './clinic-time.ts';
import {
  NO_SCHEDULE,
  offeredSessionCount,
  openSlots,
  sessionsOn,
  type TherapistSchedule,
  weekdayOf,
  whyOutsideSchedule,
  workingHoursOn,
} from './open-slots.ts';
import { overrideRequestSchema, scheduleRequestSchema } from './schedule-schemas.ts';

// 2026-11-23 is a Monday.
const MONDAY = '2026-11-23';
const weekdays = [1, 2, 3, 4, 5].map((weekday) => ({
  weekday,
  start: '09:00',
  end: '12:00',
  location_id: 0,
}));
const schedule = (extra: Partial<TherapistSchedule> = {}): TherapistSchedule => ({
  ...NO_SCHEDULE,
  weekly: weekdays,
  ...extra,
});
const starts = (slots: { start_time: string }[]) => slots.map((slot) => slot.start_time);
const early = { date: '2026-11-22', time: '08:00:00' };

describe('open slots', () => {
  it('knows weekdays from plain dates', () => {
    expect(weekdayOf(MONDAY)).toBe(1);
    expect(weekdayOf('2026-11-29')).toBe(0);
    expect(weekdayOf('2027-01-02')).toBe(6);
  });

  it('cuts hours into 45-minute sessions, with the buffer after each', () => {
    expect(starts(sessionsOn(schedule(), MONDAY))).toEqual(['09:00', '09:45', '10:30', '11:15']);
    expect(starts(sessionsOn(schedule({ buffer_minutes: 15 }), MONDAY))).toEqual(['09:00', '10:00', '11:00']);
    expect(sessionsOn(schedule(), MONDAY)[0]).toEqual({
      date: MONDAY,
      start_time: '09:00',
      end_time: '09:45',
      location_id: 0,
    });
  });

  it('offers nothing on a weekday off, a leave day or a holiday, and says why', () => {
    expect(sessionsOn(schedule(), '2026-11-28')).toEqual([]);
    expect(workingHoursOn(schedule(), '2026-11-28').off).toBe('day off');
    const onLeave = schedule({ time_off: [{ from: '2026-11-24', to: '2026-11-25' }] });
    expect(sessionsOn(onLeave, '2026-11-24')).toEqual([]);
    expect(sessionsOn(onLeave, '2026-11-25')).toEqual([]);
    expect(sessionsOn(onLeave, '2026-11-26')).toHaveLength(4);
    expect(workingHoursOn(onLeave, '2026-11-25').off).toBe('leave');
    const holiday = schedule({ holidays: new Set([MONDAY]) });
    expect(workingHoursOn(holiday, MONDAY)).toEqual({ hours: [], off: 'holiday' });
  });

  it('lets an override add hours on one date (a Saturday) or take a weekday off', () => {
    const overrides = new Map([
      ['2026-11-28', [{ start: '10:00', end: '11:30', location_id: 0 }]],
      [MONDAY, []],
    ]);
    const slots = openSlots(schedule({ overrides }), [], { from: MONDAY, to: '2026-11-29' }, early);
    expect(slots.filter((slot) => slot.date === '2026-11-28').map((slot) => slot.start_time)).toEqual([
      '10:00',
      '10:45',
    ]);
    expect(slots.some((slot) => slot.date === MONDAY)).toBe(false);
    expect(slots.some((slot) => slot.date === '2026-11-29')).toBe(false);
  });

  it('takes away held times that overlap a session and sessions already begun today', () => {
    const busy = [{ date: MONDAY, start: '09:30', end: '10:15' }];
    expect(starts(openSlots(schedule(), busy, { from: MONDAY, to: MONDAY }, early))).toEqual([
      '10:30',
      '11:15',
    ]);
    const now = { date: MONDAY, time: '10:30:00' };
    expect(starts(openSlots(schedule(), [], { from: MONDAY, to: MONDAY }, now))).toEqual(['11:15']);
    const justBefore = { date: MONDAY, time: '10:29:59' };
    expect(starts(openSlots(schedule(), [], { from: MONDAY, to: MONDAY }, justBefore))).toEqual([
      '10:30',
      '11:15',
    ]);
  });

  it('reckons dates in the clinic zone whatever zone the process runs in', () => {
    // The caller passes the clinic's wall clock; the process zone (here with a DST change on
    // 2026-03-08 in New York) plays no part in weekdays or sessions.
    const before = process.env.TZ;
    process.env.TZ = 'America/New_York';
    try {
      expect(weekdayOf('2026-03-08')).toBe(0);
      expect(starts(sessionsOn(schedule(), '2026-03-09'))).toEqual(['09:00', '09:45', '10:30', '11:15']);
    } finally {
      process.env.TZ = before;
    }
  });

  it('tells which bookings no longer fit, by hours and location', () => {
    const week = schedule({
      weekly: [{ weekday: 1, start: '09:00', end: '12:00', location_id: 2 }],
      time_off: [{ from: '2026-11-30', to: '2026-11-30' }],
    });
    const booking = { date: MONDAY, start: '10:00', end: '10:45', location_id: 2 };
    expect(whyOutsideSchedule(week, booking)).toBeNull();
    expect(whyOutsideSchedule(week, { ...booking, location_id: 1 })).toBe('outside hours');
    expect(whyOutsideSchedule(week, { ...booking, start: '11:30', end: '12:15' })).toBe('outside hours');
    expect(whyOutsideSchedule(week, { ...booking, date: '2026-11-30' })).toBe('leave');
    expect(whyOutsideSchedule(week, { ...booking, date: '2026-11-24' })).toBe('day off');
  });

  it('refuses hours that end before they start, and takes a buffer by default of 0', () => {
    const bad = scheduleRequestSchema.safeParse({
      weekly: [{ weekday: 1, start: '12:00', end: '09:00', location_id: 0 }],
    });
    expect(bad.success).toBe(false);
    expect(scheduleRequestSchema.parse({ weekly: [] })).toEqual({ weekly: [], buffer_minutes: 0 });
    expect(overrideRequestSchema.safeParse({ date: MONDAY, hours: [] }).success).toBe(true);
    expect(overrideRequestSchema.safeParse({ date: '2026-02-30', hours: [] }).success).toBe(false);
  });
});

describe('offeredSessionCount (the overview)', () => {
  it('counts what sessionsOn offers on each date, leave, holidays and overrides included', () => {
    const schedule: TherapistSchedule = {
      weekly: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '10:00', end: '12:15', location_id: 0 })),
      buffer_minutes: 0,
      overrides: new Map([
        ['2026-09-05', [{ start: '10:00', end: '10:45', location_id: 0 }]],
        ['2026-09-07', []],
      ]),
      time_off: [{ from: '2026-09-20', to: '2026-10-10' }],
      holidays: new Set(['2026-09-15', '2026-08-01']),
    };
    for (const range of [
      { from: '2026-09-01', to: '2026-09-30' },
      { from: '2026-08-02', to: '2026-08-31' },
      { from: '2026-09-03', to: '2026-09-03' },
      { from: '2025-12-01', to: '2026-11-30' },
    ]) {
      let byDate = 0;
      for (let date = range.from; date <= range.to; date = addDays(date, 1))
        byDate += sessionsOn(schedule, date).length;
      expect(offeredSessionCount(schedule, range), JSON.stringify(range)).toBe(byDate);
    }
    // September: 22 weekdays, less the holiday (15th), Monday 7th off, leave from Sunday 20th
    // (21–25, 28–30: 8 weekdays) = 12 days of 3 sessions, and Saturday 5th's one.
    expect(offeredSessionCount(schedule, { from: '2026-09-01', to: '2026-09-30' })).toBe(37);
  });
});
