import { offersSessionType } from '@therapy/shared/booking-rules';
import {
  type BusyTime,
  NO_SCHEDULE,
  type TherapistSchedule,
  type WorkingHours,
} from '@therapy/shared/open-slots';
import type { Queryable } from '../../db/database.ts';
import { holdsSlotSql } from '../../db/holds-slot-sql.ts';

/**
 * Reads what the open-slot function needs, for many therapists at once (the public catalogue,
 * the benchmark's 200 therapists) in four queries whatever their number. Times come back as
 * 'HH:MM'; online hours as location 0. Everything is limited to the dates asked for.
 */

type WeeklyRow = { therapist_id: number; weekday: number; start: string; end: string; location_id: number };
type OverrideRow = { therapist_id: number; date: string; hours: WorkingHours[] };
type TimeOffRow = { therapist_id: number; from: string; to: string };

export async function loadSchedules(
  db: Queryable,
  therapistIds: readonly number[],
  range: { from: string; to: string },
): Promise<Map<number, TherapistSchedule>> {
  const ids = [...new Set(therapistIds)];
  const [weekly, buffers, overrides, timeOff, holidays, places] = await Promise.all([
    db.query<WeeklyRow>(
      `SELECT therapist_id, weekday, to_char(start_time, 'HH24:MI') AS start,
         to_char(end_time, 'HH24:MI') AS "end", COALESCE(location_id, 0) AS location_id
       FROM weekly_hours WHERE therapist_id = ANY($1::integer[])
       ORDER BY therapist_id, weekday, start_time`,
      [ids],
    ),
    db.query<{ therapist_id: number; buffer_minutes: number }>(
      'SELECT therapist_id, buffer_minutes FROM therapist_schedules WHERE therapist_id = ANY($1::integer[])',
      [ids],
    ),
    db.query<OverrideRow>(
      `SELECT therapist_id, to_char(override_date, 'YYYY-MM-DD') AS date, hours
       FROM date_overrides
       WHERE therapist_id = ANY($1::integer[]) AND override_date BETWEEN $2::date AND $3::date`,
      [ids, range.from, range.to],
    ),
    db.query<TimeOffRow>(
      `SELECT therapist_id, to_char(from_date, 'YYYY-MM-DD') AS "from", to_char(to_date, 'YYYY-MM-DD') AS "to"
       FROM time_off
       WHERE therapist_id = ANY($1::integer[]) AND from_date <= $3::date AND to_date >= $2::date`,
      [ids, range.from, range.to],
    ),
    loadHolidayDates(db, range),
    loadPlaces(db, ids),
  ]);
  const schedules = new Map(
    ids.map((id) => [
      id,
      {
        weekly: [] as WeeklyRow[],
        buffer_minutes: 0,
        overrides: new Map<string, WorkingHours[]>(),
        time_off: [] as TimeOffRow[],
        holidays,
      },
    ]),
  );
  // Hours kept from before a change of type or centres (or at a deactivated centre) offer nothing.
  const usable = (therapistId: number) => (hours: { location_id: number }) =>
    places.get(therapistId)?.(hours.location_id) ?? false;
  for (const row of weekly.rows) {
    if (usable(row.therapist_id)(row)) schedules.get(row.therapist_id)?.weekly.push(row);
  }
  for (const row of overrides.rows) {
    schedules.get(row.therapist_id)?.overrides.set(row.date, row.hours.filter(usable(row.therapist_id)));
  }
  for (const row of timeOff.rows) schedules.get(row.therapist_id)?.time_off.push(row);
  for (const row of buffers.rows) {
    const schedule = schedules.get(row.therapist_id);
    if (schedule) schedule.buffer_minutes = row.buffer_minutes;
  }
  return schedules;
}

/**
 * Where each therapist can see clients now: online if their type offers it (location 0), in
 * person at their active centres. Schedules are checked against this when saved, but a later
 * change of type or centres must not leave bookable hours behind.
 */
async function loadPlaces(
  db: Queryable,
  ids: readonly number[],
): Promise<Map<number, (locationId: number) => boolean>> {
  const { rows } = await db.query<{ therapist_id: number; type: number; centres: number[] }>(
    `SELECT t.id AS therapist_id, t.type,
       COALESCE(array_agg(tl.location_id) FILTER (WHERE l.is_active), '{}') AS centres
     FROM therapists t
     LEFT JOIN therapist_locations tl ON tl.therapist_id = t.id
     LEFT JOIN locations l ON l.id = tl.location_id
     WHERE t.id = ANY($1::integer[])
     GROUP BY t.id, t.type`,
    [ids],
  );
  return new Map(
    rows.map(({ therapist_id, type, centres }) => [
      therapist_id,
      (locationId: number) =>
        locationId === 0
          ? offersSessionType(type, 'online')
          : offersSessionType(type, 'offline') && centres.includes(locationId),
    ]),
  );
}

export async function loadSchedule(
  db: Queryable,
  therapistId: number,
  range: { from: string; to: string },
): Promise<TherapistSchedule> {
  return (await loadSchedules(db, [therapistId], range)).get(therapistId) ?? NO_SCHEDULE;
}

export async function loadHolidayDates(
  db: Queryable,
  range: { from: string; to: string },
): Promise<Set<string>> {
  const { rows } = await db.query<{ date: string }>(
    `SELECT to_char(holiday_date, 'YYYY-MM-DD') AS date FROM holidays
     WHERE holiday_date BETWEEN $1::date AND $2::date`,
    [range.from, range.to],
  );
  return new Set(rows.map((row) => row.date));
}

/** Times held (bookings and admin blocks that hold their slot) per therapist, in the range. */
export async function loadBusyTimes(
  db: Queryable,
  therapistIds: readonly number[],
  range: { from: string; to: string },
): Promise<Map<number, BusyTime[]>> {
  const { rows } = await db.query<BusyTime & { therapist_id: number }>(
    `SELECT therapist_id, to_char(booking_date, 'YYYY-MM-DD') AS date,
       to_char(booking_time_slot_start, 'HH24:MI') AS start, to_char(booking_time_slot_end, 'HH24:MI') AS "end"
     FROM bookings
     WHERE therapist_id = ANY($1::integer[]) AND booking_date BETWEEN $2::date AND $3::date
       AND ${holdsSlotSql()}`,
    [[...new Set(therapistIds)], range.from, range.to],
  );
  const busy = new Map<number, BusyTime[]>();
  for (const { therapist_id, ...time } of rows) {
    const list = busy.get(therapist_id) ?? [];
    list.push(time);
    busy.set(therapist_id, list);
  }
  return busy;
}
