import type { AdminBookingPage, AdminBookingsQuery } from '@therapy/shared/admin-schemas';
import { SEARCH_COUNT_CAP } from '@therapy/shared/page-schemas';
import type { Queryable } from '../../db/database.ts';
import { type BookingRow, bookingSelect, containing, toBooking } from './admin-views-repo.ts';

/** The filters of All Bookings (ADR 025); every one optional. */
export type BookingFilters = Omit<AdminBookingsQuery, 'limit' | 'offset' | 'cursor'>;

export const DEFAULT_PAGE_SIZE = 10;

/** The WHERE clause shared by the page and its count, so "X of Y" always counts the same rows. */
const filterSql = `
  ($1::date IS NULL OR b.booking_date >= $1::date)
  AND ($2::date IS NULL OR b.booking_date <= $2::date)
  AND ($3::int IS NULL OR b.therapist_id = $3::int)
  AND ($4::text IS NULL OR b.payment_status = $4::text)
  AND ($5::text IS NULL OR b.booking_type = $5::text)
  AND ($6::text IS NULL OR b.client_full_name ILIKE $6 ESCAPE '\\' OR b.client_email ILIKE $6 ESCAPE '\\'
       OR b.client_mobile ILIKE $6 ESCAPE '\\')
  AND ($7::boolean IS NULL OR b.needs_refund = $7::boolean)`;

function filterParams(filters: BookingFilters) {
  const text = filters.q?.trim();
  return [
    filters.from ?? null,
    filters.to ?? null,
    filters.therapist_id ?? null,
    filters.status ?? null,
    filters.type ?? null,
    text ? containing(text) : null,
    filters.needs_refund ? true : null,
  ];
}

/** Filtered by dates alone (or not at all): the day counts kept by migration 0012 hold the total. */
const onlyDates = ({ therapist_id, status, type, q, needs_refund }: BookingFilters) =>
  therapist_id === undefined && !status && !type && !q?.trim() && !needs_refund;

/**
 * How many bookings the filters match: from the day counts when only dates filter; up to
 * SEARCH_COUNT_CAP (then `total_capped`) when a text search does; else counted in full.
 */
async function countBookings(db: Queryable, filters: BookingFilters, params: unknown[]) {
  if (onlyDates(filters)) {
    const { rows } = await db.query<{ total: number }>(
      `SELECT COALESCE(sum(bookings), 0)::int AS total FROM booking_day_counts
       WHERE ($1::date IS NULL OR booking_date >= $1::date) AND ($2::date IS NULL OR booking_date <= $2::date)`,
      [filters.from ?? null, filters.to ?? null],
    );
    return { total: rows[0]?.total ?? 0 };
  }
  if (filters.q?.trim()) {
    const { rows } = await db.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM (SELECT 1 FROM bookings b WHERE ${filterSql} LIMIT ${SEARCH_COUNT_CAP + 1}) matched`,
      params,
    );
    const counted = rows[0]?.total ?? 0;
    return counted > SEARCH_COUNT_CAP ? { total: SEARCH_COUNT_CAP, total_capped: true } : { total: counted };
  }
  const { rows } = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM bookings b WHERE ${filterSql}`,
    params,
  );
  return { total: rows[0]?.total ?? 0 };
}

/**
 * One page of the filtered bookings, newest (highest id) first, after the booking `cursor` names.
 * Keyset paging: a booking added between two pages has a higher id, so it never shifts the
 * later pages (no row shown twice or skipped).
 */
export async function listBookingPage(
  db: Queryable,
  filters: BookingFilters,
  page: { limit: number; cursor?: number },
): Promise<AdminBookingPage> {
  const params = filterParams(filters);
  const { rows } = await db.query<BookingRow>(
    `${bookingSelect}
     WHERE ${filterSql} AND ($8::int IS NULL OR b.id < $8::int)
     ORDER BY b.id DESC LIMIT $9`,
    [...params, page.cursor ?? null, page.limit + 1],
  );
  const total = await countBookings(db, filters, params);
  const items = rows.slice(0, page.limit).map(toBooking);
  const last = items.at(-1);
  return {
    items,
    ...total,
    limit: page.limit,
    next_cursor: rows.length > page.limit && last ? String(last.id) : null,
  };
}
