import { addDays, normalizeTime } from './clinic-time.ts';
import { weekdayOf } from './open-slots.ts';

/**
 * Standing appointments (issue 26, decision 055): one booking repeated every week or every two
 * weeks, as one series. The one place that says which dates a series has and what may be changed
 * in that list before it is booked; the server and the wizard both use it.
 */

/** The default most sessions of one series (the server's SERIES_MAX_SESSIONS). */
export const SERIES_DEFAULT_MAX_SESSIONS = 12;
/** The fewest sessions a series has: one session is a plain booking. */
export const SERIES_MIN_SESSIONS = 2;
/** What SERIES_MAX_SESSIONS may be set to at most (the payload's own bound). */
export const SERIES_MAX_SESSIONS_LIMIT = 52;
/** The default hours before each session its payment link goes out (SERIES_PAY_AHEAD_HOURS). */
export const SERIES_DEFAULT_PAY_AHEAD_HOURS = 72;

/** Why an occurrence of a series cannot be booked as it is. */
export type ClashReason = 'booked' | 'blocked' | 'leave' | 'holiday' | 'outside hours' | 'past';

export type SeriesOccurrence = {
  /** 1 for the first date of the pattern. */
  position: number;
  booking_date: string;
  /** 'HH:MM:SS' */
  booking_time_slot_start: string;
};

export type SeriesChoice = {
  every_weeks: 1 | 2;
  count: number;
  /** Dates of the pattern the visitor dropped. */
  skip?: readonly string[];
  /** Dates of the pattern moved to another time that week. */
  moves?: readonly { from_date: string; booking_date: string; booking_time_slot_start: string }[];
};

/** The pattern's dates: the first, then every `everyWeeks` weeks, `count` in all. */
export function seriesDates(first: string, everyWeeks: 1 | 2, count: number): string[] {
  return Array.from({ length: count }, (_, index) => addDays(first, index * 7 * everyWeeks));
}

/** Monday of the week `date` falls in (weeks run Monday to Sunday). */
export function mondayOf(date: string): string {
  return addDays(date, -((weekdayOf(date) + 6) % 7));
}

/**
 * What a series choice asks for: every date of its pattern at `startTime`, less the dropped ones,
 * with the moved ones at their new time. Null with a reason when the choice itself is not one the
 * rules allow (a drop or move of a date not in the pattern, a move out of its week, too few left).
 */
export function seriesOccurrences(
  first: string,
  startTime: string,
  choice: SeriesChoice,
): { occurrences: SeriesOccurrence[] } | { invalid: string } {
  const dates = seriesDates(first, choice.every_weeks, choice.count);
  const skip = new Set(choice.skip ?? []);
  const moves = new Map((choice.moves ?? []).map((move) => [move.from_date, move]));
  for (const date of [...skip, ...moves.keys()]) {
    if (!dates.includes(date)) return { invalid: `${date} is not one of the series' dates.` };
  }
  const occurrences: SeriesOccurrence[] = [];
  for (const [index, date] of dates.entries()) {
    if (skip.has(date)) continue;
    const move = moves.get(date);
    if (move && mondayOf(move.booking_date) !== mondayOf(date)) {
      return { invalid: `A session may only be moved within its own week (${date}).` };
    }
    occurrences.push({
      position: index + 1,
      booking_date: move?.booking_date ?? date,
      booking_time_slot_start: normalizeTime(move?.booking_time_slot_start ?? startTime),
    });
  }
  if (occurrences.length < SERIES_MIN_SESSIONS) {
    return { invalid: `A standing appointment needs at least ${SERIES_MIN_SESSIONS} sessions.` };
  }
  return { occurrences };
}
