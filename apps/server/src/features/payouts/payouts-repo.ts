import { centrePaymentJoinSql, stateInSql, statusNotInSql } from '../../db/booking-state-sql.ts';
import type { Queryable } from '../../db/database.ts';

/**
 * SQL of the monthly payouts (issue 27, decision 057): each therapist's bookings dated in the
 * month, counted as the reports count them (a collected booking: paid, not cancelled; its amount
 * the centre payment's when paid there), grouped by the share in force on each session's date.
 */

export type PayoutGroupRow = {
  therapist_id: number;
  therapist_name: string;
  /** The share of this group's sessions (both null: none set then). */
  percent: number | null;
  per_session_paise: number | null;
  sessions_held: number;
  no_shows_charged: number;
  cancellations: number;
  gross_paise: number;
};

const COLLECTED = stateInSql('b', ['COMPLETED']);
const CANCELLED = stateInSql('b', ['CANCELLED']);

/** One row per therapist and share (a therapist with no booking: one row of zeros), by therapist id. */
export async function sumPayoutGroups(
  db: Queryable,
  month: { year: number; month: number; therapistId?: number },
): Promise<PayoutGroupRow[]> {
  const { rows } = await db.query<PayoutGroupRow>(
    `SELECT t.id AS therapist_id, t.name AS therapist_name, r.percent, r.per_session_paise,
       COUNT(b.id) FILTER (WHERE ${COLLECTED} AND b.attendance IS DISTINCT FROM 'no_show') AS sessions_held,
       COUNT(b.id) FILTER (WHERE ${COLLECTED} AND b.attendance = 'no_show') AS no_shows_charged,
       COUNT(b.id) FILTER (WHERE ${CANCELLED}) AS cancellations,
       COALESCE(SUM(COALESCE(cp.amount_paise, b.amount_paise)) FILTER (WHERE ${COLLECTED}), 0) AS gross_paise
     FROM therapists t
     LEFT JOIN bookings b ON b.therapist_id = t.id
       AND b.booking_date >= make_date($1::int, $2::int, 1)
       AND b.booking_date < (make_date($1::int, $2::int, 1) + interval '1 month')::date
       AND b.booking_type <> 'ADMIN_BLOCK'
       AND ${statusNotInSql('b', ['FAILED'])}
     ${centrePaymentJoinSql('b', 'cp')}
     LEFT JOIN LATERAL (
       SELECT rate.percent, rate.per_session_paise FROM therapist_payout_rates rate
       WHERE rate.therapist_id = t.id AND rate.effective_from <= b.booking_date
       ORDER BY rate.effective_from DESC LIMIT 1
     ) r ON true
     WHERE $3::integer IS NULL OR t.id = $3
     GROUP BY t.id, t.name, r.percent, r.per_session_paise
     ORDER BY t.id
     LIMIT 5000`,
    [month.year, month.month, month.therapistId ?? null],
  );
  return rows;
}
