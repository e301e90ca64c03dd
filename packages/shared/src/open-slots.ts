import { SESSION_MINUTES } from './booking-rules.ts';
import { hasStarted } from './booking-states.ts';
import { addDays } from './clinic-time.ts';

/**
 * The one place that says when a therapist can be booked: weekly hours cut into 45-minute
 * sessions (plus an optional buffer after each), a date's override instead of its weekday's
 * hours, leave and clinic holidays taking whole days, then whatever already holds a slot
 * (bookings, admin blocks) and today's past sessions taken away.
 *
 * Everything is reckoned in wall-clock dates and times of the clinic's zone, which is how
 * bookings are stored; the caller passes "now" already in that zone (zonedNow), so the zone the
 * server or browser runs in never matters. Pure, so the server (public open slots, the booking
 * rule, the admin panels) and tests run the very same code.
 */

/** Working hours: 'HH:MM' (or 'HH:MM:SS') from start to end; location_id 0 for online. */
export type WorkingHours = { start: string; end: string; location_id: number };
export type WeeklyHours = WorkingHours & { weekday: number };

export type TherapistSchedule = {
  weekly: readonly WeeklyHours[];
  buffer_minutes: number;
  /** A date's hours instead of its weekday's; an empty list is a day off. */
  overrides: ReadonlyMap<string, readonly WorkingHours[]>;
  /** Leave, both dates included. */
  time_off: readonly { from: string; to: string }[];
  /** Clinic holidays: no sessions for anyone. */
  holidays: ReadonlySet<string>;
};

/** A time something already holds (a booking or an admin block), on one date. */
export type BusyTime = { date: string; start: string; end: string };

/** A bookable session: 'HH:MM' times in the clinic's zone; location_id 0 for online. */
export type SessionSlot = { date: string; start_time: string; end_time: string; location_id: number };

/** Wall-clock 'now' in the clinic's zone: 'YYYY-MM-DD' and 'HH:MM[:SS]'. */
export type ClinicNow = { date: string; time: string };

/** Why a date offers no hours, or why a booking no longer fits. */
export type OffReason = 'holiday' | 'leave' | 'day off' | 'outside hours';

export function toMinutes(time: string): number {
  // Slices, not split(':').map(Number): this runs for every session of every therapist.
  const colon = time.indexOf(':');
  return Number(time.slice(0, colon)) * 60 + Number(time.slice(colon + 1, colon + 3));
}

export function fromMinutes(total: number): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(total / 60))}:${pad(total % 60)}`;
}

/** 0 (Sunday) to 6 (Saturday) of a 'YYYY-MM-DD' date: calendar arithmetic, no zone involved. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** The hours a therapist works on `date`, or why none. */
export function workingHoursOn(
  schedule: TherapistSchedule,
  date: string,
): { hours: readonly WorkingHours[]; off?: OffReason } {
  if (schedule.holidays.has(date)) return { hours: [], off: 'holiday' };
  if (schedule.time_off.some((leave) => leave.from <= date && date <= leave.to)) {
    return { hours: [], off: 'leave' };
  }
  const override = schedule.overrides.get(date);
  const weekday = override ? -1 : weekdayOf(date);
  const hours = override ?? schedule.weekly.filter((entry) => entry.weekday === weekday);
  return hours.length > 0 ? { hours } : { hours: [], off: 'day off' };
}

/** 'HH:MM' strings sort as times: a plain comparison, much cheaper than localeCompare. */
function byStart(a: SessionSlot, b: SessionSlot): number {
  if (a.start_time === b.start_time) return a.location_id - b.location_id;
  return a.start_time < b.start_time ? -1 : 1;
}

/** Whether [start, end) in minutes overlaps any of `held`. */
function isHeld(held: readonly [number, number][], start: number, end: number): boolean {
  for (const [from, to] of held) if (from < end && start < to) return true;
  return false;
}

/** The sessions the schedule offers on `date`, sorted by start, before bookings and the clock. */
export function sessionsOn(schedule: TherapistSchedule, date: string): SessionSlot[] {
  const step = SESSION_MINUTES + schedule.buffer_minutes;
  const sessions: SessionSlot[] = [];
  for (const hours of workingHoursOn(schedule, date).hours) {
    const end = toMinutes(hours.end);
    for (let start = toMinutes(hours.start); start + SESSION_MINUTES <= end; start += step) {
      sessions.push({
        date,
        start_time: fromMinutes(start),
        end_time: fromMinutes(start + SESSION_MINUTES),
        location_id: hours.location_id,
      });
    }
  }
  return sessions.sort(byStart);
}

/**
 * The open slots of `from` to `to` (both included): offered by the schedule, not overlapping
 * anything in `busy`, not begun by `now`. Sorted by date and time.
 */
export function openSlots(
  schedule: TherapistSchedule,
  busy: readonly BusyTime[],
  range: { from: string; to: string },
  now: ClinicNow,
): SessionSlot[] {
  // Held times per date in minutes, read once (this runs for a whole clinic's fortnight).
  const held = new Map<string, [number, number][]>();
  for (const entry of busy) {
    const list = held.get(entry.date) ?? [];
    list.push([toMinutes(entry.start), toMinutes(entry.end)]);
    held.set(entry.date, list);
  }
  // Today's sessions that have begun are gone: a session at 10:00 is open until 09:59:59.
  const open: SessionSlot[] = [];
  for (let date = range.from; date <= range.to; date = addDays(date, 1)) {
    if (date < now.date) continue;
    const heldToday = held.get(date) ?? [];
    for (const slot of sessionsOn(schedule, date)) {
      const start = toMinutes(slot.start_time);
      const end = start + SESSION_MINUTES;
      if (
        date === now.date &&
        hasStarted({ booking_date: date, booking_time_slot_start: slot.start_time }, now)
      )
        continue;
      if (isHeld(heldToday, start, end)) continue;
      open.push(slot);
    }
  }
  return open;
}

/**
 * Why a booking (its date, times and location, 0 for online) does not fit the schedule, or null
 * when it lies wholly within hours at its location. A booking off the session grid but within
 * hours fits: nothing about it needs rearranging.
 */
export function whyOutsideSchedule(
  schedule: TherapistSchedule,
  booking: { date: string; start: string; end: string; location_id: number },
): OffReason | null {
  const { hours, off } = workingHoursOn(schedule, booking.date);
  if (off) return off;
  const start = toMinutes(booking.start);
  const end = toMinutes(booking.end);
  const fits = hours.some(
    (entry) =>
      entry.location_id === booking.location_id &&
      toMinutes(entry.start) <= start &&
      end <= toMinutes(entry.end),
  );
  return fits ? null : 'outside hours';
}

/** An empty schedule: a therapist nobody gave hours yet offers no slot. */
export const NO_SCHEDULE: TherapistSchedule = {
  weekly: [],
  buffer_minutes: 0,
  overrides: new Map(),
  time_off: [],
  holidays: new Set(),
};

/** How many of each weekday (0 Sunday to 6) lie from `from` to `to`, both included. */
function weekdayCounts(range: { from: string; to: string }): number[] {
  const days = (Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${range.from}T00:00:00Z`)) / 86_400_000 + 1;
  const first = weekdayOf(range.from);
  return [0, 1, 2, 3, 4, 5, 6].map(
    (weekday) => Math.floor(days / 7) + ((weekday - first + 7) % 7 < days % 7 ? 1 : 0),
  );
}

/**
 * How many sessions the schedule offers from `from` to `to` (both included): sessionsOn's count
 * for each date, leave, holidays and overrides as it reckons them (the owner's overview's
 * utilisation). Only the dates those touch are worked out one by one; every other date offers
 * its weekday's sessions, counted once per weekday (a year of 200 therapists in a few ms).
 */
export function offeredSessionCount(
  schedule: TherapistSchedule,
  range: { from: string; to: string },
): number {
  if (range.to < range.from) return 0;
  const within = (date: string) => range.from <= date && date <= range.to;
  const special = new Set<string>();
  for (const date of schedule.holidays) if (within(date)) special.add(date);
  for (const date of schedule.overrides.keys()) if (within(date)) special.add(date);
  for (const leave of schedule.time_off) {
    const last = leave.to < range.to ? leave.to : range.to;
    for (
      let date = leave.from > range.from ? leave.from : range.from;
      date <= last;
      date = addDays(date, 1)
    ) {
      special.add(date);
    }
  }
  const plain = weekdayCounts(range);
  let total = 0;
  for (const date of special) {
    total += sessionsOn(schedule, date).length;
    plain[weekdayOf(date)]! -= 1;
  }
  const perWeekday = weekdaySessionCounts(schedule);
  plain.forEach((count, weekday) => {
    total += count * perWeekday[weekday]!;
  });
  return total;
}

const weekdaySessions = new WeakMap<TherapistSchedule, number[]>();

/** Each weekday's sessions (0 Sunday to 6): the same rule on a date of that weekday with nothing special. */
function weekdaySessionCounts(schedule: TherapistSchedule): number[] {
  let counts = weekdaySessions.get(schedule);
  if (!counts) {
    const weekly = { ...schedule, holidays: new Set<string>(), overrides: new Map(), time_off: [] };
    // 4 January 1970 was a Sunday.
    counts = [0, 1, 2, 3, 4, 5, 6].map(
      (weekday) => sessionsOn(weekly, addDays('1970-01-04', weekday)).length,
    );
    weekdaySessions.set(schedule, counts);
  }
  return counts;
}
