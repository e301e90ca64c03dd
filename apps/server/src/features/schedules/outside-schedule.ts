import { BOOKING_WINDOW_DAYS, MANUAL_BOOKING_WINDOW_DAYS } from '@therapy/shared/booking-rules';
import { whyOutsideSchedule } from '@therapy/shared/open-slots';
import type { OutsideScheduleBooking, OutsideSchedulePage } from '@therapy/shared/schedule-schemas';
import type { Queryable } from '../../db/database.ts';
import { holdsSlotSql } from '../../db/holds-slot-sql.ts';
import { badRequest } from '../../http/app-error.ts';
import { loadSchedules } from './schedule-reads.ts';

/**
 * Upcoming client bookings that no longer fit their therapist's schedule (a schedule change
 * never cancels or moves one: the admin tells the client). Bookings holding a slot, not admin
 * blocks, from `today` on, are read in (date, time, id) order in chunks, and each chunk is
 * checked with the one open-slot function's whyOutsideSchedule.
 */

export type OutsideScope = {
  today: string;
  therapistId?: number;
  /** Only bookings on this date (a holiday). */
  date?: string;
};

type Position = { date: string; time: string; id: number };
type Row = Omit<OutsideScheduleBooking, 'reason'> & { end_time: string; start_exact: string };

/** No booking can be made further ahead than either window, so none is looked for there. */
const BOOKABLE_DAYS = Math.max(BOOKING_WINDOW_DAYS, MANUAL_BOOKING_WINDOW_DAYS);

/** Rows read at once: a fortnight of a busy clinic in a few reads. */
const CHUNK = 500;

async function readChunk(db: Queryable, scope: OutsideScope, after: Position | undefined): Promise<Row[]> {
  const { rows } = await db.query<Row>(
    `SELECT b.id AS booking_id, b.therapist_id, t.name AS therapist_name,
       to_char(b.booking_date, 'YYYY-MM-DD') AS booking_date,
       to_char(b.booking_time_slot_start, 'HH24:MI') AS booking_time_slot_start,
       to_char(b.booking_time_slot_end, 'HH24:MI') AS end_time, b.booking_time_slot_start::text AS start_exact,
       b.booking_type, COALESCE(b.location_id, 0) AS location_id, b.payment_status,
       b.client_full_name, b.client_email, b.client_mobile
     FROM bookings b JOIN therapists t ON t.id = b.therapist_id
     WHERE b.booking_date >= $1::date AND b.booking_date < $1::date + $8::int
       AND ${holdsSlotSql('b')} AND b.booking_type <> 'ADMIN_BLOCK'
       AND ($2::int IS NULL OR b.therapist_id = $2::int)
       AND ($3::date IS NULL OR b.booking_date = $3::date)
       AND ($4::date IS NULL
            OR (b.booking_date, b.booking_time_slot_start, b.id) > ($4::date, $5::time, $6::int))
     ORDER BY b.booking_date, b.booking_time_slot_start, b.id
     LIMIT $7`,
    [
      scope.today,
      scope.therapistId ?? null,
      scope.date ?? null,
      after?.date ?? null,
      after?.time ?? null,
      after?.id ?? null,
      CHUNK,
      BOOKABLE_DAYS,
    ],
  );
  return rows;
}

/** Walks the bookings in scope after `after`, yielding those outside the schedule, in order. */
async function* outsideBookings(
  db: Queryable,
  scope: OutsideScope,
  after?: Position,
): AsyncGenerator<OutsideScheduleBooking> {
  let position = after;
  for (;;) {
    const rows = await readChunk(db, scope, position);
    if (rows.length === 0) return;
    const range = { from: rows[0]!.booking_date, to: rows.at(-1)!.booking_date };
    const schedules = await loadSchedules(
      db,
      rows.map((row) => row.therapist_id),
      range,
    );
    for (const { end_time, start_exact, ...row } of rows) {
      const schedule = schedules.get(row.therapist_id)!;
      const reason = whyOutsideSchedule(schedule, {
        date: row.booking_date,
        start: row.booking_time_slot_start,
        end: end_time,
        location_id: row.location_id,
      });
      if (reason) yield { ...row, reason };
    }
    if (rows.length < CHUNK) return;
    const last = rows.at(-1)!;
    position = { date: last.booking_date, time: last.start_exact, id: last.booking_id };
  }
}

/** How many bookings in scope fall outside the schedule now. */
export async function countOutside(db: Queryable, scope: OutsideScope): Promise<number> {
  let count = 0;
  for await (const _ of outsideBookings(db, scope)) count++;
  return count;
}

/** One page of them; `cursor` is the id of the last booking of the page before. */
export async function pageOutside(
  db: Queryable,
  scope: OutsideScope,
  page: { limit: number; cursor?: number },
): Promise<OutsideSchedulePage> {
  const after = page.cursor === undefined ? undefined : await positionOf(db, page.cursor);
  const items: OutsideScheduleBooking[] = [];
  let more = false;
  for await (const booking of outsideBookings(db, scope, after)) {
    if (items.length === page.limit) {
      more = true;
      break;
    }
    items.push(booking);
  }
  const last = items.at(-1);
  const total = more || after ? await countOutside(db, scope) : items.length;
  return { items, total, limit: page.limit, next_cursor: more && last ? String(last.booking_id) : null };
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
