import { calendarDate, dbIdText, hasControlCharacter, isClockTime } from '@therapy/shared/schema-limits';
import { badRequest } from './app-error.ts';

/**
 * The cursors of keyset paging (ADR 034): the sort key of the last row shown, its parts joined
 * by `~` (a date `2026-01-31`, a time `10:00:00`, an id `123`). The caller reads them back with
 * the kinds it wrote, so a hand-edited cursor is a 400, never a query error.
 */
export type CursorPart = 'id' | 'date' | 'time' | 'text';

// Each part must be a value the database takes as it is, or the query would fail with a 500.
const PART_CHECKS: Record<CursorPart, (part: string) => boolean> = {
  id: (part) => dbIdText.safeParse(part).success,
  date: (part) => calendarDate.safeParse(part).success,
  time: (part) => isClockTime(part),
  // Text (a lower-cased name) is carried as base64url, so it cannot contain the separator; it
  // must decode to the text it was (valid UTF-8) on one line (no NUL, which PostgreSQL refuses).
  text: (part) => {
    if (!/^[A-Za-z0-9_-]*$/.test(part)) return false;
    const text = Buffer.from(part, 'base64url').toString();
    return Buffer.from(text).toString('base64url') === part && !hasControlCharacter(text);
  },
};

export function encodeCursor(parts: readonly (string | number)[], kinds: readonly CursorPart[]): string {
  return parts
    .map((part, index) =>
      kinds[index] === 'text' ? Buffer.from(String(part)).toString('base64url') : String(part),
    )
    .join('~');
}

/** The parts of `cursor`, or a 400 when it is not one `encodeCursor` wrote with these kinds. */
export function decodeCursor(cursor: string, kinds: readonly CursorPart[]): string[] {
  const parts = cursor.split('~');
  const valid =
    parts.length === kinds.length &&
    parts.every((part, index) => PART_CHECKS[kinds[index] as CursorPart](part));
  if (!valid) throw badRequest('The cursor is not one this list gave out; start again from the first page.');
  return parts.map((part, index) =>
    kinds[index] === 'text' ? Buffer.from(part, 'base64url').toString() : part,
  );
}

/** Reads one row more than `limit` to know whether a next page exists; returns the page and its cursor. */
export function pageAfter<Row>(rows: readonly Row[], limit: number, cursorOf: (row: Row) => string) {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, next_cursor: rows.length > limit && last !== undefined ? cursorOf(last) : null };
}
