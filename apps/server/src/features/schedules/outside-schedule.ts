import { BOOKING_WINDOW_DAYS, MANUAL_BOOKING_WINDOW_DAYS } from '@therapy/shared/booking-rules';
import { addDays } from '@therapy/shared/clinic-time';
import { whyOutsideSchedule } from '@therapy/shared/open-slots';
import type { OutsideScheduleBooking, OutsideSchedulePage } from '@therapy/shared/schedule-schemas';
import type { Queryable } from '../../db/database.ts';
import { holdsSlotSql } from '../../db/holds-slot-sql.ts';
import { badRequest } from '../../http/app-error.ts';
import { loadSchedules } from './schedule-reads.ts';

/**
 * Upcoming client bookings that no longer fit their therapist's schedule (a schedule change
 * never cancels or moves one: the admin tells the client). Bookings holding a slot, not admin
 * blocks, from `today` on, are read in one index-only scan of the window (migration 0022: only
 * the columns the check needs), each checked with the one open-slot function's
 * whyOutsideSchedule against schedules read once; then the details of the page's few (decision 054).
 */

export type OutsideScope = {
  today: string;
  therapistId?: number;
  /** Only bookings on this date (a holiday). */
  date?: string;
};

type Position = { date: string; time: string; id: number };
type Slot = {
  id: number;
  therapist_id: number;
  date: string;
  start: string;
  end: string;
  start_exact: string;
  location_id: number;
};
type Outside = { slot: Slot; reason: OutsideScheduleBooking['reason'] };
type Details = Omit<OutsideScheduleBooking, 'reason'>;

/** No booking can be made further ahead than either window, so none is looked for there. */
const BOOKABLE_DAYS = Math.max(BOOKING_WINDOW_DAYS, MANUAL_BOOKING_WINDOW_DAYS);

type SlotRow = {
  id: number;
  therapist_id: number;
  day: number;
  start_exact: string;
  end_exact: string;
  location_id: number;
};

/**
 * The window's bookings holding a slot, in (date, time, id) order: from the index alone. The
 * day comes as its offset from `today` and the times as their text (to_char on 12,000 rows cost
 * five times the scan itself at a million bookings).
 */
async function readSlots(db: Queryable, scope: OutsideScope): Promise<Slot[]> {
  const { rows } = await db.query<SlotRow>(
    `SELECT b.id, b.therapist_id, b.booking_date - $1::date AS day,
       b.booking_time_slot_start::text AS start_exact, b.booking_time_slot_end::text AS end_exact,
       COALESCE(b.location_id, 0) AS location_id
     FROM bookings b
     WHERE b.booking_date >= $1::date AND b.booking_date < $1::date + $4::int
       AND ${holdsSlotSql('b')} AND b.booking_type <> 'ADMIN_BLOCK'
       AND ($2::int IS NULL OR b.therapist_id = $2::int)
       AND ($3::date IS NULL OR b.booking_date = $3::date)
     ORDER BY b.booking_date, b.booking_time_slot_start, b.id`,
    [scope.today, scope.therapistId ?? null, scope.date ?? null, BOOKABLE_DAYS],
  );
  // The window's days, each worked out once.
  const dates = Array.from({ length: BOOKABLE_DAYS }, (_, day) => addDays(scope.today, day));
  return rows.map(({ day, start_exact, end_exact, ...row }) => ({
    ...row,
    date: dates[day] ?? addDays(scope.today, day),
    start: start_exact.slice(0, 5),
    end: end_exact.slice(0, 5),
    start_exact,
  }));
}

/** Every booking in scope outside the schedule now, in order, with its reason. */
async function outsideBookings(db: Queryable, scope: OutsideScope): Promise<Outside[]> {
  const slots = await readSlots(db, scope);
  if (slots.length === 0) return [];
  const range = { from: slots[0]!.date, to: slots.at(-1)!.date };
  const schedules = await loadSchedules(
    db,
    slots.map((slot) => slot.therapist_id),
    range,
  );
  const outside: Outside[] = [];
  for (const slot of slots) {
    const reason = whyOutsideSchedule(schedules.get(slot.therapist_id)!, slot);
    if (reason) outside.push({ slot, reason });
  }
  return outside;
}

/** How many bookings in scope fall outside the schedule now. */
export async function countOutside(db: Queryable, scope: OutsideScope): Promise<number> {
  return (await outsideBookings(db, scope)).length;
}

/** The shown columns of the page's bookings, with the client's contact (a few rows by id). */
async function detailsOf(db: Queryable, ids: number[]): Promise<Map<number, Details>> {
  const { rows } = await db.query<Details>(
    `SELECT b.id AS booking_id, b.therapist_id, t.name AS therapist_name,
       to_char(b.booking_date, 'YYYY-MM-DD') AS booking_date,
       to_char(b.booking_time_slot_start, 'HH24:MI') AS booking_time_slot_start,
       b.booking_type, COALESCE(b.location_id, 0) AS location_id, b.payment_status,
       b.client_full_name, b.client_email, b.client_mobile
     FROM bookings b JOIN therapists t ON t.id = b.therapist_id
     WHERE b.id = ANY($1::integer[])`,
    [ids],
  );
  return new Map(rows.map((row) => [row.booking_id, row]));
}

const isAfter = (slot: Slot, position: Position) =>
  slot.date !== position.date
    ? slot.date > position.date
    : slot.start_exact !== position.time
      ? slot.start_exact > position.time
      : slot.id > position.id;

/** One page of them; `cursor` is the id of the last booking of the page before. */
export async function pageOutside(
  db: Queryable,
  scope: OutsideScope,
  page: { limit: number; cursor?: number },
): Promise<OutsideSchedulePage> {
  const after = page.cursor === undefined ? undefined : await positionOf(db, page.cursor);
  const outside = await outsideBookings(db, scope);
  const rest = after ? outside.filter(({ slot }) => isAfter(slot, after)) : outside;
  const shown = rest.slice(0, page.limit);
  const details = await detailsOf(
    db,
    shown.map(({ slot }) => slot.id),
  );
  const items = shown.flatMap(({ slot, reason }) => {
    const row = details.get(slot.id);
    return row ? [{ ...row, reason }] : [];
  });
  const more = rest.length > page.limit;
  const last = items.at(-1);
  return {
    items,
    total: outside.length,
    limit: page.limit,
    next_cursor: more && last ? String(last.booking_id) : null,
  };
}

async function positionOf(db: Queryable, bookingId: number): Promise<Position> {
  const { rows } = await db.query<Position>(
    `SELECT to_char(booking_date, 'YYYY-MM-DD') AS date, booking_time_slot_start::text AS time, id
     FROM bookings WHERE id = $1`,
    [bookingId],
  );
  if (!rows[0]) throw badRequest(`cursor: no booking ${bookingId}; start again without a cursor.`);
  return rows[0];
}
