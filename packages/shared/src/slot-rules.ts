import { BOOKING_WINDOW_DAYS } from './booking-rules.ts';
import { addDays, normalizeTime } from './clinic-time.ts';

/**
 * Which start times are free on which dates (specification section 5, "Slot availability"):
 * the next 15 days from today, today's past slots dropped, held slots removed, sorted.
 * Pure: the wizard runs it on what the catalogue calls return; the server runs it on its rows.
 */

export type SlotTemplate = {
  start_time: string;
  end_time: string;
  is_available: boolean;
  admin_blocked: boolean;
};
export type HeldSlot = { booking_date: string; booking_time_slot_start: string };
export type Clock = { today: string; time: string };

/** The dates of the booking window: today and the next 14 days. */
export function bookingWindow(today: string, days = BOOKING_WINDOW_DAYS): string[] {
  return Array.from({ length: days }, (_, index) => addDays(today, index));
}

export function isInBookingWindow(date: string, today: string, days = BOOKING_WINDOW_DAYS): boolean {
  return date >= today && date <= addDays(today, days - 1);
}

/** Sorted free start times ('HH:MM:SS') of one date. */
export function freeStartTimes(
  templates: SlotTemplate[],
  held: HeldSlot[],
  date: string,
  clock: Clock,
): string[] {
  if (date < clock.today) return [];
  const taken = new Set(
    held
      .filter((slot) => slot.booking_date === date)
      .map((slot) => normalizeTime(slot.booking_time_slot_start)),
  );
  const starts = templates
    .filter((slot) => slot.is_available && !slot.admin_blocked)
    .map((slot) => normalizeTime(slot.start_time))
    .filter((start) => !taken.has(start))
    .filter((start) => date > clock.today || start > normalizeTime(clock.time));
  return [...new Set(starts)].sort();
}

/** Free start times for every date of the window, leaving out dates with none. */
export function freeSlotsByDate(
  templates: SlotTemplate[],
  held: HeldSlot[],
  clock: Clock,
  days = BOOKING_WINDOW_DAYS,
): Map<string, string[]> {
  const byDate = new Map<string, string[]>();
  for (const date of bookingWindow(clock.today, days)) {
    const starts = freeStartTimes(templates, held, date, clock);
    if (starts.length > 0) byDate.set(date, starts);
  }
  return byDate;
}
