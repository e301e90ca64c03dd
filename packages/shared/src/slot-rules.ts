import { BOOKING_WINDOW_DAYS } from './booking-rules.ts';
import { addDays } from './clinic-time.ts';

/**
 * The booking window (specification section 5): today and the next 14 days. Which times are
 * open within it is the one open-slot function's to say (open-slots.ts).
 */
export function isInBookingWindow(date: string, today: string, days = BOOKING_WINDOW_DAYS): boolean {
  return date >= today && date <= lastBookableDate(today, days);
}

/** The window's last date: today + 14 for the 15 days of BOOKING_WINDOW_DAYS. */
export function lastBookableDate(today: string, days = BOOKING_WINDOW_DAYS): string {
  return addDays(today, days - 1);
}
