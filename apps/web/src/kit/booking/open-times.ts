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

/**
 * The times a booking can move to (the client's manage link and the front desk's Move): the
 * therapist's open slots at the booking's own place (its centre, or 0 online), without the slot it
 * has now. Dates left with no time are left out.
 */
export function rescheduleTimes(
  slots: readonly OpenSlot[],
  booking: { location_id: number; booking_date: string; booking_time_slot_start: string },
): Map<string, Map<string, string>> {
  const byDate = openTimesByDate(slots, booking.location_id);
  const sameDay = byDate.get(booking.booking_date);
  if (sameDay) {
    sameDay.delete(normalizeTime(booking.booking_time_slot_start));
    if (sameDay.size === 0) byDate.delete(booking.booking_date);
  }
  return byDate;
}
