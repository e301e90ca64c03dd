import { toMinutes } from './open-slots.ts';

/**
 * The weekly-hours rule (issue 23): a therapist's hours never overlap on one day, whatever their
 * location. One rule for the server's schedule validation and the web's weekly-hours editor.
 * Times are 'HH:MM[:SS]'.
 */

type Hours = { start: string; end: string };

/** Two ranges overlap when each starts before the other ends (10:00–12:00 and 12:00–13:00 do not). */
export function hoursOverlap(a: Hours, b: Hours): boolean {
  return toMinutes(a.start) < toMinutes(b.end) && toMinutes(b.start) < toMinutes(a.end);
}

/**
 * The first range before `index` in `hours` that overlaps `hours[index]`, among those `sameDay`
 * says are on its day (and complete enough to compare); -1 when none does. Each clash is named once,
 * on the later of the two ranges.
 */
export function earlierOverlap<T extends Hours>(
  hours: readonly T[],
  index: number,
  sameDay: (other: T, otherIndex: number) => boolean = () => true,
): number {
  const entry = hours[index];
  if (!entry) return -1;
  return hours.findIndex(
    (other, otherIndex) => otherIndex < index && sameDay(other, otherIndex) && hoursOverlap(other, entry),
  );
}
