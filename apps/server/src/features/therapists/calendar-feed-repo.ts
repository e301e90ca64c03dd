import { stateInSql } from '../../db/booking-state-sql.ts';
import type { Queryable } from '../../db/database.ts';

/** One session as the feed shows it: nothing of the client but the first name. */
export type FeedSession = {
  booking_id: number;
  booking_date: string;
  start_time: string;
  end_time: string;
  booking_type: 'ONLINE' | 'OFFLINE';
  cancelled: boolean;
  client_first_name: string;
  location_name: string | null;
  invite_sequence: number;
  updated_at: Date;
};

/** At most this many events in one feed (a window of 210 days holds far fewer sessions). */
export const FEED_MAX_EVENTS = 3000;

/**
 * The therapist's client sessions from `from` to `to` (dates, both included): confirmed ones (as
 * isConfirmedSession says: paid, or in person to be paid at the visit), and cancelled ones so
 * that calendars mark them cancelled. Unpaid holds and failed payments are not
 * sessions; the clinic's blocks are not the therapist's.
 */
export async function listFeedSessions(
  db: Queryable,
  therapistId: number,
  window: { from: string; to: string },
): Promise<FeedSession[]> {
  const { rows } = await db.query<FeedSession>(
    `SELECT b.id AS booking_id, to_char(b.booking_date, 'YYYY-MM-DD') AS booking_date,
       to_char(b.booking_time_slot_start, 'HH24:MI:SS') AS start_time,
       to_char(b.booking_time_slot_end, 'HH24:MI:SS') AS end_time,
       b.booking_type, ${stateInSql('b', ['CANCELLED'])} AS cancelled,
       split_part(btrim(COALESCE(b.client_full_name, '')), ' ', 1) AS client_first_name,
       l.name AS location_name, b.invite_sequence, b.updated_at
     FROM bookings b
     LEFT JOIN locations l ON l.id = b.location_id
     WHERE b.therapist_id = $1 AND b.booking_date BETWEEN $2::date AND $3::date
       AND b.booking_type IN ('ONLINE', 'OFFLINE')
       AND (${stateInSql('b', ['CANCELLED', 'COMPLETED'])}
         OR (${stateInSql('b', ['PENDING'])} AND b.booking_type = 'OFFLINE'))
     ORDER BY b.booking_date, b.booking_time_slot_start, b.id
     LIMIT $4`,
    [therapistId, window.from, window.to, FEED_MAX_EVENTS],
  );
  return rows;
}
