import type { AvailabilitySlot } from '@therapy/shared/catalog-schemas';
import { addDays, normalizeTime } from '@therapy/shared/clinic-time';
import { NO_SCHEDULE, sessionsOn, type TherapistSchedule } from '@therapy/shared/open-slots';
import { slotId } from '@therapy/shared/slot-ids';

/**
 * The specification's daily slot templates (GET /availability-slots), derived from weekly hours
 * (decision 031): the distinct session start times of the therapist's week, as the open-slot
 * function cuts them. Overrides, leave and holidays are dated, so they are left to the dated
 * open slots; a start offered on some weekdays only is still one of the therapist's slots.
 * locationId is the centre when every session at that start is at the same one, else null
 * (online, or at different centres on different days), as the old templates said "any".
 */
export function dailySlotTemplates(
  therapistId: number,
  schedule: TherapistSchedule,
  today: string,
): AvailabilitySlot[] {
  const week: TherapistSchedule = {
    ...NO_SCHEDULE,
    weekly: schedule.weekly,
    buffer_minutes: schedule.buffer_minutes,
  };
  const byStart = new Map<string, { end: string; locations: Set<number> }>();
  // Any seven consecutive dates hold each weekday once.
  for (let day = 0; day < 7; day++) {
    for (const session of sessionsOn(week, addDays(today, day))) {
      const entry = byStart.get(session.start_time) ?? { end: session.end_time, locations: new Set() };
      entry.locations.add(session.location_id);
      byStart.set(session.start_time, entry);
    }
  }
  return [...byStart.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([start, { end, locations }]) => {
      const [only] = locations;
      return {
        id: slotId(therapistId, start),
        therapist_id: therapistId,
        start_time: normalizeTime(start),
        end_time: normalizeTime(end),
        is_available: true,
        admin_blocked: false,
        locationId: locations.size === 1 && only ? only : null,
      };
    });
}
