import { offersSessionType } from '@therapy/shared/booking-rules';
import { type WorkingHours, weekdayOf } from '@therapy/shared/open-slots';
import type { DateOverride, OverrideRequest, ScheduleRequest } from '@therapy/shared/schedule-schemas';
import { earlierOverlap } from '@therapy/shared/working-hours-rules';
import type { Queryable } from '../../db/database.ts';
import { badRequest, notFound } from '../../http/app-error.ts';

/**
 * The writes of weekly hours and date overrides, with the rules the request schemas cannot
 * check alone (they need the therapist): hours never overlap on one day, online hours only for a
 * therapist who offers online sessions, a centre only one the therapist works at. The PUT of the
 * schedule and the demo loader both go through saveWeeklySchedule. Online hours are stored with
 * a NULL location (like bookings); reads give them as location 0.
 */

export type TherapistForSchedule = { id: number; name: string; type: number; location_ids: number[] };

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const offersOnline = (type: number) => offersSessionType(type, 'online');
const offersInPerson = (type: number) => offersSessionType(type, 'offline');

export async function findTherapistForSchedule(
  db: Queryable,
  therapistId: number,
): Promise<TherapistForSchedule> {
  const { rows } = await db.query<TherapistForSchedule>(
    `SELECT t.id, t.name, t.type,
       COALESCE((SELECT array_agg(location_id ORDER BY location_id) FROM therapist_locations
                 WHERE therapist_id = t.id), '{}') AS location_ids
     FROM therapists t WHERE t.id = $1`,
    [therapistId],
  );
  const therapist = rows[0];
  if (!therapist) throw notFound(`Therapist ${therapistId} not found`);
  return therapist;
}

/** Refuses a location the therapist cannot work at, naming the field. */
function checkLocation(therapist: TherapistForSchedule, locationId: number, field: string) {
  if (locationId === 0) {
    if (!offersOnline(therapist.type)) {
      throw badRequest(
        `${field}.location_id: ${therapist.name} does not offer online sessions; choose a centre.`,
      );
    }
    return;
  }
  if (!offersInPerson(therapist.type) || !therapist.location_ids.includes(locationId)) {
    throw badRequest(`${field}.location_id: ${therapist.name} does not work at centre ${locationId}.`);
  }
}

/** Refuses hours that overlap other hours of the same day (whatever their location). */
function checkNoOverlap(
  hours: readonly { start: string; end: string }[],
  field: string,
  dayName: (i: number) => string,
) {
  hours.forEach((entry, index) => {
    const clash = earlierOverlap(hours, index, (_, otherIndex) => dayName(otherIndex) === dayName(index));
    if (clash >= 0) {
      const other = hours[clash]!;
      throw badRequest(
        `${field}.${index}: ${dayName(index)} ${entry.start}–${entry.end} overlaps ${other.start}–${other.end}.`,
      );
    }
  });
}

/** Replaces the therapist's week and buffer (the caller holds the transaction). */
export async function saveWeeklySchedule(
  db: Queryable,
  therapistId: number,
  request: ScheduleRequest,
): Promise<TherapistForSchedule> {
  const therapist = await findTherapistForSchedule(db, therapistId);
  for (const [index, entry] of request.weekly.entries()) {
    checkLocation(therapist, entry.location_id, `weekly.${index}`);
  }
  checkNoOverlap(request.weekly, 'weekly', (index) => WEEKDAYS[request.weekly[index]!.weekday]!);

  await db.query(
    `INSERT INTO therapist_schedules (therapist_id, buffer_minutes) VALUES ($1, $2)
     ON CONFLICT (therapist_id) DO UPDATE SET buffer_minutes = EXCLUDED.buffer_minutes, updated_at = now()`,
    [therapistId, request.buffer_minutes],
  );
  await db.query('DELETE FROM weekly_hours WHERE therapist_id = $1', [therapistId]);
  if (request.weekly.length > 0) {
    await db.query(
      `INSERT INTO weekly_hours (therapist_id, weekday, start_time, end_time, location_id)
       SELECT $1, w.weekday, w.start_time::time, w.end_time::time, NULLIF(w.location_id, 0)
       FROM unnest($2::smallint[], $3::text[], $4::text[], $5::integer[])
         AS w (weekday, start_time, end_time, location_id)`,
      [
        therapistId,
        request.weekly.map((entry) => entry.weekday),
        request.weekly.map((entry) => entry.start),
        request.weekly.map((entry) => entry.end),
        request.weekly.map((entry) => entry.location_id),
      ],
    );
  }
  return therapist;
}

/**
 * The location hours of an override take when the request leaves it out: online for a
 * therapist who offers only online sessions, else the centre of that weekday's weekly hours,
 * else the therapist's first centre.
 */
async function defaultLocation(
  db: Queryable,
  therapist: TherapistForSchedule,
  date: string,
): Promise<number> {
  if (!offersInPerson(therapist.type)) return 0;
  const { rows } = await db.query<{ location_id: number }>(
    `SELECT location_id FROM weekly_hours
     WHERE therapist_id = $1 AND weekday = $2 AND location_id IS NOT NULL
     ORDER BY start_time LIMIT 1`,
    [therapist.id, weekdayOf(date)],
  );
  return rows[0]?.location_id ?? therapist.location_ids[0] ?? 0;
}

/** Sets that date's hours instead of its weekday's (an empty list is a day off). */
export async function saveOverride(
  db: Queryable,
  therapistId: number,
  request: OverrideRequest,
): Promise<{ therapist: TherapistForSchedule; override: DateOverride }> {
  const therapist = await findTherapistForSchedule(db, therapistId);
  const fallback = request.hours.some((entry) => entry.location_id === undefined)
    ? await defaultLocation(db, therapist, request.date)
    : 0;
  const hours: WorkingHours[] = request.hours.map((entry) => ({
    start: entry.start.slice(0, 5),
    end: entry.end.slice(0, 5),
    location_id: entry.location_id ?? fallback,
  }));
  for (const [index, entry] of hours.entries()) checkLocation(therapist, entry.location_id, `hours.${index}`);
  checkNoOverlap(hours, 'hours', () => request.date);
  hours.sort((a, b) => a.start.localeCompare(b.start));

  await db.query(
    `INSERT INTO date_overrides (therapist_id, override_date, hours) VALUES ($1, $2, $3)
     ON CONFLICT (therapist_id, override_date) DO UPDATE SET hours = EXCLUDED.hours`,
    [therapistId, request.date, JSON.stringify(hours)],
  );
  return { therapist, override: { therapist_id: therapistId, date: request.date, hours } };
}

/** Removes that date's override; undefined when it had none. */
export async function deleteOverride(
  db: Queryable,
  therapistId: number,
  date: string,
): Promise<DateOverride | undefined> {
  const { rows } = await db.query<DateOverride>(
    `DELETE FROM date_overrides WHERE therapist_id = $1 AND override_date = $2
     RETURNING therapist_id, to_char(override_date, 'YYYY-MM-DD') AS date, hours`,
    [therapistId, date],
  );
  return rows[0];
}
