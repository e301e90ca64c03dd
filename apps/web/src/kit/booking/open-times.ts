import { normalizeTime } from '@therapy/shared/clinic-time';
import type { OpenSlot } from '@therapy/shared/schedule-schemas';

/**
 * The open start times ('HH:MM:SS', each with its end) per date, at one place: 0 for online
 * sessions, else the chosen centre's id. The server's open-slot function has already left out
 * booked, blocked, past and off-schedule times, reckoned in the clinic's zone; dates without an
 * open time at that place are left out.
 */
export function openTimesByDate(slots: readonly OpenSlot[], place: number): Map<string, Map<string, string>> {
  const byDate = new Map<string, Map<string, string>>();
  for (const slot of slots) {
    if (slot.location_id !== place) continue;
    const times = byDate.get(slot.date) ?? new Map<string, string>();
    times.set(normalizeTime(slot.start_time), normalizeTime(slot.end_time));
    byDate.set(slot.date, times);
  }
  return byDate;
}
