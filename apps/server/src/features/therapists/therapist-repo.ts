import { stateNotInSql } from '../../db/booking-state-sql.ts';
import type { Queryable } from '../../db/database.ts';
import { type SeriesPlaceColumns, seriesPlaceSql } from '../bookings/series-repo.ts';

/*
 * The therapist's own reads (decision 052): every query is bounded by the therapist's id, so
 * another therapist's booking is as unknown as a booking that does not exist.
 */

/** The login's e-mail and its therapist's name. */
export async function findTherapistLogin(
  db: Queryable,
  adminId: number,
  therapistId: number,
): Promise<{ email: string; name: string } | undefined> {
  const { rows } = await db.query<{ email: string; name: string }>(
    `SELECT a.email, t.name FROM admin_users a JOIN therapists t ON t.id = a.therapist_id
      WHERE a.id = $1 AND a.therapist_id = $2`,
    [adminId, therapistId],
  );
  return rows[0];
}

export type SessionRow = {
  booking_id: number;
  booking_date: string;
  start_time: string;
  end_time: string;
  booking_type: 'ONLINE' | 'OFFLINE' | 'ADMIN_BLOCK';
  payment_status: string;
  cancelled: boolean;
  location_id: number | null;
  location_name: string | null;
  client_full_name: string | null;
  client_email: string | null;
  client_note: string | null;
  google_meet_link: string | null;
  attendance: 'attended' | 'no_show' | null;
  earlier_sessions: number;
  has_note: boolean;
} & SeriesPlaceColumns;

/** Bookings (table alias `a`) that hold a slot (neither cancelled nor failed) and are not a block. */
const live = (a: string) =>
  `${stateNotInSql(a, ['CANCELLED', 'FAILED', 'BLOCKED'])} AND ${a}.booking_type <> 'ADMIN_BLOCK'`;

/**
 * The therapist's bookings from `from` to `to` (clinic dates, inclusive), by start; at most
 * `limit`. The caller keeps the confirmed sessions (isConfirmedSession, the one rule).
 */
export async function listTherapistSessions(
  db: Queryable,
  therapistId: number,
  range: { from: string; to: string },
  limit: number,
): Promise<SessionRow[]> {
  const { rows } = await db.query<SessionRow>(
    `SELECT b.id AS booking_id, to_char(b.booking_date, 'YYYY-MM-DD') AS booking_date,
            to_char(b.booking_time_slot_start, 'HH24:MI:SS') AS start_time,
            to_char(b.booking_time_slot_end, 'HH24:MI:SS') AS end_time,
            b.booking_type, b.payment_status, b.cancelled, b.location_id, l.name AS location_name,
            b.client_full_name, b.client_email, b.client_note, b.google_meet_link, b.attendance,
            (SELECT count(*)::integer FROM bookings e
              WHERE e.therapist_id = b.therapist_id AND lower(e.client_email) = lower(b.client_email)
                AND ${live('e')}
                AND (e.booking_date, e.booking_time_slot_start) < (b.booking_date, b.booking_time_slot_start)
            ) AS earlier_sessions,
            EXISTS (SELECT 1 FROM session_notes n WHERE n.booking_id = b.id AND n.therapist_id = b.therapist_id) AS has_note,
            ${seriesPlaceSql('b')}
       FROM bookings b LEFT JOIN locations l ON l.id = b.location_id
      WHERE b.therapist_id = $1 AND b.booking_date BETWEEN $2 AND $3 AND ${live('b')}
      ORDER BY b.booking_date, b.booking_time_slot_start, b.id
      LIMIT $4`,
    [therapistId, range.from, range.to, limit],
  );
  return rows;
}

export type OwnBooking = { id: number; payment_status: string; cancelled: boolean; booking_type: string };

/**
 * The therapist's own booking (any state), or undefined: another therapist's answers as unknown.
 * `lock` holds the row until the transaction ends (a note's next version is numbered under it).
 */
export async function findOwnBooking(
  db: Queryable,
  therapistId: number,
  bookingId: number,
  lock = false,
): Promise<OwnBooking | undefined> {
  const { rows } = await db.query<OwnBooking>(
    `SELECT id, payment_status, cancelled, booking_type FROM bookings WHERE id = $1 AND therapist_id = $2
     ${lock ? 'FOR UPDATE' : ''}`,
    [bookingId, therapistId],
  );
  return rows[0];
}
