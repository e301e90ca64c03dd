import { BOOKING_WINDOW_DAYS } from './booking-rules.ts';
import { addDays } from './clinic-time.ts';

/**
 * The booking window (specification section 5): today and the next 14 days. Which times are
 * open within it is the one open-slot function's to say (open-slots.ts).
 */
export function isInBookingWindow(date: string, today: string, days = BOOKING_WINDOW_DAYS): boolean {
  return date >= today && date <= addDays(today, days - 1);
}
