import type { AdminDaySlot } from '@therapy/shared/admin-slot-schemas';
import { hasStarted } from '@therapy/shared/booking-states';
import { normalizeTime } from '@therapy/shared/clinic-time';
import type { ClinicNow, SessionSlot } from '@therapy/shared/open-slots';
import { slotId } from '@therapy/shared/slot-ids';
import type { HeldTimeRow } from './admin-views-repo.ts';

/**
 * The admin's day panel (and the manual booking form's times): the sessions the schedule offers
 * that date (sessionsOn, one row per start whatever the place), plus any time held off them (a
 * booking made before the schedule changed, say), each with what holds it: the booking or block
 * starting then, else one overlapping it. Ids as the daily slot templates' (slot-ids.ts).
 */
export function daySlots(
  therapistId: number,
  date: string,
  sessions: readonly SessionSlot[],
  held: readonly HeldTimeRow[],
  clock: ClinicNow,
): AdminDaySlot[] {
  const rows = new Map<string, { end: string; offered: boolean }>();
  for (const session of sessions) {
    const start = normalizeTime(session.start_time);
    if (!rows.has(start)) rows.set(start, { end: normalizeTime(session.end_time), offered: true });
  }
  for (const time of held) {
    if (!rows.has(time.start_time)) rows.set(time.start_time, { end: time.end_time, offered: false });
  }
  return [...rows.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([start, { end, offered }]) => {
      const holder =
        held.find((time) => time.start_time === start) ??
        held.find((time) => time.start_time < end && start < time.end_time);
      const blocked = holder?.booking_type === 'ADMIN_BLOCK';
      return {
        id: slotId(therapistId, start),
        therapist_id: therapistId,
        date,
        start_time: start,
        end_time: end,
        is_available: offered,
        admin_blocked: blocked,
        is_booked: holder !== undefined && !blocked,
        booking_id: holder?.id ?? null,
        is_past: hasStarted({ booking_date: date, booking_time_slot_start: start }, clock),
      };
    });
}
