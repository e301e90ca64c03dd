import { toMinutes } from './open-slots.ts';

/**
 * The waitlist's matching rules (issue 15, decision 041), pure so the join form and the server's
 * sweep read a time of day the same way. Times are the clinic's wall clock, as slots are.
 */

export const TIMES_OF_DAY = ['morning', 'afternoon', 'evening'] as const;
export type TimeOfDay = (typeof TIMES_OF_DAY)[number];

/** A client waits for at most this many dates, all within the booking window. */
export const WAITLIST_MAX_DATES = 15;

/** Where each part of the day begins, in minutes after midnight: morning until 12:00, evening from 17:00. */
const AFTERNOON_FROM = 12 * 60;
const EVENING_FROM = 17 * 60;

/** The part of the day a session starting at `start` ('HH:MM[:SS]') falls in. */
export function timeOfDayOf(start: string): TimeOfDay {
  const minutes = toMinutes(start);
  if (minutes < AFTERNOON_FROM) return 'morning';
  return minutes < EVENING_FROM ? 'afternoon' : 'evening';
}

/** What a waiting client asked for: the kind of session, where, which dates and parts of the day. */
export type WaitlistWish = {
  booking_type: 'ONLINE' | 'OFFLINE';
  /** 0 for online. */
  location_id: number;
  preferred_dates: readonly string[];
  times_of_day: readonly TimeOfDay[];
};

/** Whether an open slot (location 0 is online) is one the client waits for. */
export function slotSuitsWish(
  slot: { date: string; start_time: string; location_id: number },
  wish: WaitlistWish,
): boolean {
  const place = wish.booking_type === 'ONLINE' ? 0 : wish.location_id;
  return (
    slot.location_id === place &&
    wish.preferred_dates.includes(slot.date) &&
    wish.times_of_day.includes(timeOfDayOf(slot.start_time))
  );
}
