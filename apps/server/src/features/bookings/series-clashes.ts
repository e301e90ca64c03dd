import { hasStarted } from '@therapy/shared/booking-states';
import { normalizeTime } from '@therapy/shared/clinic-time';
import { type ClinicNow, sessionsOn, toMinutes, workingHoursOn } from '@therapy/shared/open-slots';
import type { ClashReason, SeriesOccurrence } from '@therapy/shared/series-rules';
import type { Queryable } from '../../db/database.ts';
import { holdsSlotSql } from '../../db/holds-slot-sql.ts';
import { loadSchedule } from '../schedules/schedule-reads.ts';

/**
 * Why each session of a standing appointment could not be booked now, or null when it could: the
 * therapist's schedule (holiday, leave, outside hours), the clock, and whatever already holds the
 * time (a booking, an admin block). Read inside the series' transaction under the therapist's
 * schedule lock, it is the answer the booking acts on; read alone, it is the wizard's preview.
 */

export type CheckedOccurrence = SeriesOccurrence & {
  /** 'HH:MM:SS', when the schedule offers the session. */
  booking_time_slot_end: string | null;
  reason: ClashReason | null;
};

type HeldTime = { date: string; start: number; end: number; block: boolean };

async function heldTimes(db: Queryable, therapistId: number, from: string, to: string): Promise<HeldTime[]> {
  const { rows } = await db.query<{ date: string; start: string; end: string; block: boolean }>(
    `SELECT to_char(booking_date, 'YYYY-MM-DD') AS date, to_char(booking_time_slot_start, 'HH24:MI') AS start,
       to_char(booking_time_slot_end, 'HH24:MI') AS "end", booking_type = 'ADMIN_BLOCK' AS block
     FROM bookings
     WHERE therapist_id = $1 AND booking_date BETWEEN $2::date AND $3::date AND ${holdsSlotSql()}`,
    [therapistId, from, to],
  );
  return rows.map((row) => ({ ...row, start: toMinutes(row.start), end: toMinutes(row.end) }));
}

export async function checkSeriesOccurrences(
  db: Queryable,
  therapistId: number,
  occurrences: readonly SeriesOccurrence[],
  place: { locationId: number | null; anyLocation: boolean; clock: ClinicNow },
): Promise<CheckedOccurrence[]> {
  const dates = occurrences.map((occurrence) => occurrence.booking_date).sort();
  const range = { from: dates[0]!, to: dates.at(-1)! };
  const schedule = await loadSchedule(db, therapistId, range);
  const held = await heldTimes(db, therapistId, range.from, range.to);
  return occurrences.map((occurrence) => {
    const { booking_date: date, booking_time_slot_start: start } = occurrence;
    const off = workingHoursOn(schedule, date).off;
    if (off)
      return {
        ...occurrence,
        booking_time_slot_end: null,
        reason: off === 'day off' ? 'outside hours' : off,
      };
    const session = sessionsOn(schedule, date).find(
      (slot) =>
        normalizeTime(slot.start_time) === start &&
        (place.anyLocation || slot.location_id === (place.locationId ?? 0)),
    );
    if (!session) return { ...occurrence, booking_time_slot_end: null, reason: 'outside hours' };
    const end = normalizeTime(session.end_time);
    if (hasStarted({ booking_date: date, booking_time_slot_start: start }, place.clock)) {
      return { ...occurrence, booking_time_slot_end: end, reason: 'past' };
    }
    const [from, to] = [toMinutes(start), toMinutes(end)];
    const holder = held.find((time) => time.date === date && time.start < to && from < time.end);
    const reason = holder ? (holder.block ? 'blocked' : 'booked') : null;
    return { ...occurrence, booking_time_slot_end: end, reason };
  });
}
