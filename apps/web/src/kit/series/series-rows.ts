import { normalizeTime } from '@therapy/shared/clinic-time';
import { type ClashReason, type SeriesChoice, seriesDates } from '@therapy/shared/series-rules';
import type { SeriesClash, SeriesPreview } from '@therapy/shared/series-schemas';

/**
 * One line of a standing appointment's list before it is booked (the wizard's and the front
 * desk's): the pattern's date, where the session is now (moved or not), and what is known of it.
 */
export type SeriesRow = {
  position: number;
  /** The pattern's own date (what a drop or a move names). */
  patternDate: string;
  booking_date: string;
  /** 'HH:MM:SS' */
  booking_time_slot_start: string;
  moved: boolean;
  /** 'open': free when last checked; 'unchecked': not checked yet; 'dropped': left out by choice. */
  state: 'open' | 'unchecked' | 'dropped' | ClashReason;
};

export type SeriesPattern = SeriesChoice & { first: string; start: string };

const slotKey = (date: string, start: string) => `${date} ${normalizeTime(start)}`;

/**
 * The rows of `pattern`: each date of the pattern, dropped or at its (moved) time, with the
 * preview's verdict (by position) or, after a refused booking, the clashes the server named.
 */
export function seriesRows(
  pattern: SeriesPattern,
  checked: { preview?: SeriesPreview | null; clashes?: readonly SeriesClash[] | null } = {},
): SeriesRow[] {
  const skip = new Set(pattern.skip ?? []);
  const moves = new Map((pattern.moves ?? []).map((move) => [move.from_date, move]));
  const verdicts = new Map(checked.preview?.sessions.map((session) => [session.position, session]) ?? []);
  const clashes = new Map(
    (checked.clashes ?? []).map((clash) => [
      slotKey(clash.booking_date, clash.booking_time_slot_start),
      clash.reason,
    ]),
  );
  return seriesDates(pattern.first, pattern.every_weeks, pattern.count).map((date, index) => {
    const move = moves.get(date);
    const row = {
      position: index + 1,
      patternDate: date,
      booking_date: move?.booking_date ?? date,
      booking_time_slot_start: normalizeTime(move?.booking_time_slot_start ?? pattern.start),
      moved: move !== undefined,
    };
    if (skip.has(date)) return { ...row, state: 'dropped' as const };
    const clash = clashes.get(slotKey(row.booking_date, row.booking_time_slot_start));
    if (clash) return { ...row, state: clash };
    const verdict = verdicts.get(row.position);
    // A verdict for another time (the list changed since) says nothing of this one.
    if (
      !verdict ||
      slotKey(verdict.booking_date, verdict.booking_time_slot_start) !==
        slotKey(row.booking_date, row.booking_time_slot_start)
    ) {
      return { ...row, state: clashes.size > 0 ? ('open' as const) : ('unchecked' as const) };
    }
    return { ...row, state: verdict.reason ?? ('open' as const) };
  });
}

/** The rows that still need the visitor's (or the desk's) choice: neither free nor dropped. */
export function unresolvedRows(rows: readonly SeriesRow[]): SeriesRow[] {
  return rows.filter((row) => row.state !== 'open' && row.state !== 'dropped' && row.state !== 'unchecked');
}

/** The sessions that would be booked. */
export const keptRows = (rows: readonly SeriesRow[]) => rows.filter((row) => row.state !== 'dropped');

/** The pattern with `date` dropped (and any move of it forgotten). */
export function dropDate(pattern: SeriesPattern, date: string): SeriesPattern {
  return {
    ...pattern,
    skip: [...new Set([...(pattern.skip ?? []), date])],
    moves: (pattern.moves ?? []).filter((move) => move.from_date !== date),
  };
}

/** The pattern with `date` back in it, at the pattern's own time. */
export function restoreDate(pattern: SeriesPattern, date: string): SeriesPattern {
  return {
    ...pattern,
    skip: (pattern.skip ?? []).filter((skipped) => skipped !== date),
    moves: (pattern.moves ?? []).filter((move) => move.from_date !== date),
  };
}

/** The pattern with `date`'s session moved to `to` (a time of the same week). */
export function moveDate(
  pattern: SeriesPattern,
  date: string,
  to: { date: string; start: string },
): SeriesPattern {
  const others = (pattern.moves ?? []).filter((move) => move.from_date !== date);
  return {
    ...pattern,
    skip: (pattern.skip ?? []).filter((skipped) => skipped !== date),
    moves: [
      ...others,
      {
        from_date: date,
        booking_date: to.date,
        booking_time_slot_start: normalizeTime(to.start).slice(0, 5),
      },
    ],
  };
}

/** The payload's `repeat` for `pattern` (empty lists left out). */
export function repeatOf(pattern: SeriesPattern) {
  return {
    every_weeks: pattern.every_weeks,
    count: pattern.count,
    ...(pattern.skip?.length ? { skip: [...pattern.skip] } : {}),
    ...(pattern.moves?.length ? { moves: pattern.moves.map((move) => ({ ...move })) } : {}),
  };
}
