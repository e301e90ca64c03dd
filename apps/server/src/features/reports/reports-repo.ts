import type { PaymentStatus } from '@therapy/shared/booking-states';
import { centrePaymentJoinSql } from '../../db/booking-state-sql.ts';
import type { Queryable } from '../../db/database.ts';
import { decodeCursor, encodeCursor, pageAfter } from '../../http/keyset-cursor.ts';
import { A_SESSION, CANCELLED, COLLECTED, COMPLETED_SESSION, MISSED } from './report-rules-sql.ts';

/**
 * SQL of the reports. Sums and counts are done here, in whole paise (integers); the service
 * turns paise into rupees. Admin blocks are never part of a report.
 */

/**
 * The standing payment taken at the centre, if any (at most one: a unique index). Its amount is
 * what the clinic received, so it is the booking's income in place of the booking's price.
 */
const CENTRE_PAYMENT_JOIN = centrePaymentJoinSql('b', 'cp');
const COLLECTED_PAISE = 'COALESCE(cp.amount_paise, b.amount_paise)';

export type CollectedPaymentRow = {
  id: number;
  amount_paise: number;
  payment_transaction_id: string | null;
  client_name: string | null;
  client_phone: string | null;
  booking_date: string;
  start_time: string;
};

type DateRange = { from?: string; to?: string };
const COLLECTED_IN_RANGE = `${COLLECTED} AND b.booking_type <> 'ADMIN_BLOCK'
  AND ($1::date IS NULL OR b.booking_date >= $1::date) AND ($2::date IS NULL OR b.booking_date <= $2::date)`;
const collectedCursor = ['date', 'time', 'id'] as const;

/**
 * One page of the collected payments for bookings dated `from`..`to` (either open), newest
 * booking first, after `cursor` (keyset: date, start, id, the order of bookings_collected_idx).
 */
export async function listCollectedPayments(
  db: Queryable,
  range: DateRange,
  page: { limit: number; cursor?: string },
) {
  const after = page.cursor ? decodeCursor(page.cursor, collectedCursor) : null;
  const { rows } = await db.query<CollectedPaymentRow>(
    `SELECT b.id, ${COLLECTED_PAISE} AS amount_paise,
       -- The centre payment is the income even when a second, online payment (due for refund) came.
       CASE WHEN cp.id IS NULL THEN b.payment_transaction_id
         ELSE 'C-' || cp.id || ' (' || upper(cp.method) || ')' END AS payment_transaction_id,
       b.client_full_name AS client_name,
       b.client_mobile AS client_phone, to_char(b.booking_date, 'YYYY-MM-DD') AS booking_date,
       to_char(b.booking_time_slot_start, 'HH24:MI:SS') AS start_time
     FROM bookings b
     ${CENTRE_PAYMENT_JOIN}
     WHERE ${COLLECTED_IN_RANGE}
       AND ($3::date IS NULL OR (b.booking_date, b.booking_time_slot_start, b.id) < ($3::date, $4::time, $5::int))
     ORDER BY b.booking_date DESC, b.booking_time_slot_start DESC, b.id DESC
     LIMIT $6`,
    [
      range.from ?? null,
      range.to ?? null,
      after?.[0] ?? null,
      after?.[1] ?? null,
      after?.[2] ?? null,
      page.limit + 1,
    ],
  );
  return pageAfter(rows, page.limit, (row) =>
    encodeCursor([row.booking_date, row.start_time, row.id], collectedCursor),
  );
}

/**
 * How many payments were collected in the range and their sum, over every page: one row a day
 * from booking_day_counts (migration 0012), which its triggers keep equal to the listed amounts
 * (a centre payment's amount in place of the booking's).
 */
export async function sumCollectedPayments(db: Queryable, range: DateRange) {
  const { rows } = await db.query<{ total_count: number; total_paise: number }>(
    `SELECT COALESCE(sum(collected), 0)::int AS total_count, COALESCE(sum(collected_paise), 0)::bigint AS total_paise
     FROM booking_day_counts
     WHERE ($1::date IS NULL OR booking_date >= $1::date) AND ($2::date IS NULL OR booking_date <= $2::date)`,
    [range.from ?? null, range.to ?? null],
  );
  return rows[0] ?? { total_count: 0, total_paise: 0 };
}

export type DayBookingRow = {
  booking_id: number;
  client_name: string | null;
  therapist_id: number;
  therapist_name: string;
  service_id: number | null;
  payment_status: PaymentStatus;
  cancelled: boolean;
  amount_paise: number;
  /** The day's counts and income, over every row returned (the same on each). */
  day_total: number;
  day_completed: number;
  day_cancelled: number;
  day_income_paise: number;
};

/**
 * Every booking dated `date` (admin blocks and failed payment attempts left out, as in the
 * monthly report), by start time, each with the day's counts and income: one statement, so the
 * rows and the totals always agree.
 */
export async function listDayBookings(db: Queryable, date: string): Promise<DayBookingRow[]> {
  const { rows } = await db.query<DayBookingRow>(
    `SELECT b.id AS booking_id, b.client_full_name AS client_name, b.therapist_id,
       t.name AS therapist_name, b.service_id, b.payment_status, b.cancelled,
       CASE WHEN ${COLLECTED} THEN ${COLLECTED_PAISE} ELSE b.amount_paise END AS amount_paise,
       COUNT(*) OVER () AS day_total,
       COUNT(*) FILTER (WHERE ${COLLECTED}) OVER () AS day_completed,
       COUNT(*) FILTER (WHERE ${CANCELLED}) OVER () AS day_cancelled,
       COALESCE(SUM(${COLLECTED_PAISE}) FILTER (WHERE ${COLLECTED}) OVER (), 0) AS day_income_paise
     FROM bookings b
     JOIN therapists t ON t.id = b.therapist_id
     ${CENTRE_PAYMENT_JOIN}
     WHERE b.booking_date = $1::date AND ${A_SESSION}
     ORDER BY b.booking_time_slot_start, b.id`,
    [date],
  );
  return rows;
}

export type TherapistMonthRow = {
  therapist_id: number;
  therapist_name: string;
  total: number;
  completed: number;
  missed_or_cancelled: number;
  income_paise: number;
};

/**
 * Every therapist's bookings dated in `year`-`month` (admin blocks left out), one row per
 * therapist by id, zeros included. Failed payment attempts are not sessions: they count nowhere.
 * Missed counts cancellations and no-shows; a no-show is not a completed session even when paid.
 */
export async function sumTherapistMonth(
  db: Queryable,
  year: number,
  month: number,
): Promise<TherapistMonthRow[]> {
  const { rows } = await db.query<TherapistMonthRow>(
    `SELECT t.id AS therapist_id, t.name AS therapist_name,
       COUNT(b.id) AS total,
       COUNT(b.id) FILTER (WHERE ${COMPLETED_SESSION}) AS completed,
       COUNT(b.id) FILTER (WHERE ${MISSED}) AS missed_or_cancelled,
       COALESCE(SUM(${COLLECTED_PAISE}) FILTER (WHERE ${COLLECTED}), 0) AS income_paise
     FROM therapists t
     LEFT JOIN bookings b ON b.therapist_id = t.id
       AND b.booking_date >= make_date($1::int, $2::int, 1)
       AND b.booking_date < (make_date($1::int, $2::int, 1) + interval '1 month')::date
       AND ${A_SESSION}
     ${CENTRE_PAYMENT_JOIN}
     GROUP BY t.id, t.name
     ORDER BY t.id`,
    [year, month],
  );
  return rows;
}
