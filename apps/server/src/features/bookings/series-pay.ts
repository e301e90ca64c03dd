import { stateInSql } from '../../db/booking-state-sql.ts';
import type { Queryable } from '../../db/database.ts';

/**
 * How a standing appointment booked online is paid (decision 056), as the bookings feature keeps
 * it: which session a series' payment is made on (its payer, the first session booked), what the
 * whole series comes to, and, paid session by session, how long each later session is held.
 */

/** A session of a series that is not paid yet is released this long before it starts. */
export const SERIES_UNPAID_RELEASE_HOURS = 24;

/** A session awaiting its payment (INITIATED, not cancelled). */
const AWAITING = stateInSql('b', ['INITIATED']);

export type SeriesPayment = {
  series_id: number;
  pay: 'all' | 'each';
  /** Its sessions are online (paid online); in person, each is paid at its visit whatever `pay` says. */
  online: boolean;
  /** The session the series' payment is made on: its first booked (lowest id). */
  payer_id: number;
  /** The sessions awaiting their payment (INITIATED) and what they come to together. */
  awaiting: number;
  awaiting_paise: number;
  first_date: string;
};

/** The series `bookingId` is a session of, with its payer and what is still to pay; undefined for a single booking. */
export async function seriesPaymentOf(db: Queryable, bookingId: number): Promise<SeriesPayment | undefined> {
  const { rows } = await db.query<SeriesPayment>(
    `SELECT s.id AS series_id, s.pay, bool_or(b.booking_type = 'ONLINE') AS online, min(b.id)::integer AS payer_id,
       (count(*) FILTER (WHERE ${AWAITING}))::integer AS awaiting,
       COALESCE(sum(b.amount_paise) FILTER (WHERE ${AWAITING}), 0)::integer
         AS awaiting_paise,
       to_char(min(b.booking_date), 'YYYY-MM-DD') AS first_date
     FROM booking_series s JOIN bookings b ON b.series_id = s.id
     WHERE s.id = (SELECT series_id FROM bookings WHERE id = $1)
     GROUP BY s.id, s.pay`,
    [bookingId],
  );
  return rows[0];
}

/**
 * The series whose one message (the client's confirmation, the therapist's notice) speaks for
 * `bookingId`'s confirmation; undefined when the booking is told of on its own: a single booking,
 * or a later session of a series paid session by session, paid on its own (decision 056).
 */
export async function seriesToldTogether(db: Queryable, bookingId: number): Promise<number | undefined> {
  const series = await seriesPaymentOf(db, bookingId);
  const paidOnItsOwn = series?.pay === 'each' && series.online && series.payer_id !== bookingId;
  return series && !paidOnItsOwn ? series.series_id : undefined;
}

/** The ids of every session of the series, in order (at most the pattern's limit). */
export async function seriesSessionIds(db: Queryable, seriesId: number): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    'SELECT id FROM bookings WHERE series_id = $1 ORDER BY series_position, id LIMIT 52',
    [seriesId],
  );
  return rows.map((row) => row.id);
}

/** A later session of a series paid session by session, held until its own payment is due. */
export type SessionAwaitingPayment = { id: number; starts_at: Date };

/**
 * The first session of a series paid session by session was paid (in the payment's transaction):
 * every later session still awaiting its payment is held until SERIES_UNPAID_RELEASE_HOURS before
 * it starts (the holds' sweep releases it then, unpaid). Answers those sessions, for their links
 * to be planned; none when `paidId` is not the payer of such a series.
 */
export async function holdLaterSessionsForTheirPayment(
  tx: Queryable,
  paidId: number,
  clinicTimeZone: string,
): Promise<SessionAwaitingPayment[]> {
  const series = await seriesPaymentOf(tx, paidId);
  if (series?.pay !== 'each' || series.payer_id !== paidId) return [];
  const { rows } = await tx.query<SessionAwaitingPayment>(
    `UPDATE bookings SET hold_expires_at = ((booking_date + booking_time_slot_start) AT TIME ZONE $2)
         - make_interval(hours => $3),
       updated_at = now()
     WHERE series_id = $1 AND id <> $4 AND ${stateInSql(null, ['INITIATED'])}
     RETURNING id, (booking_date + booking_time_slot_start) AT TIME ZONE $2 AS starts_at`,
    [series.series_id, clinicTimeZone, SERIES_UNPAID_RELEASE_HOURS, paidId],
  );
  return rows.map((row) => ({ id: row.id, starts_at: new Date(row.starts_at) }));
}

/**
 * A later session of a series paid session by session, released unpaid (its hold ended 24 hours
 * before it) after the series' first session was paid: its client is to be told.
 */
export async function isUnpaidLaterSessionReleased(db: Queryable, bookingId: number): Promise<boolean> {
  const { rows } = await db.query<{ released: boolean }>(
    `SELECT EXISTS (
       SELECT 1 FROM bookings b JOIN booking_series s ON s.id = b.series_id
       JOIN LATERAL (SELECT f.id, f.payment_transaction_id FROM bookings f
                     WHERE f.series_id = b.series_id ORDER BY f.id LIMIT 1) payer ON true
       WHERE b.id = $1 AND s.pay = 'each' AND ${stateInSql('b', ['FAILED'])}
         AND b.id <> payer.id AND payer.payment_transaction_id IS NOT NULL) AS released`,
    [bookingId],
  );
  return rows[0]?.released ?? false;
}
