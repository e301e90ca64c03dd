import { statusInSql } from '../../db/booking-state-sql.ts';
import type { Queryable } from '../../db/database.ts';

export type BookingAwaitingMeetingLink = { id: number; date: string; start_time: string; end_time: string };

/** A paid online session still without its meeting link (the meeting-link job's work). */
export async function findBookingAwaitingMeetingLink(
  db: Queryable,
  bookingId: number,
): Promise<BookingAwaitingMeetingLink | undefined> {
  const { rows } = await db.query<BookingAwaitingMeetingLink>(
    `SELECT id, to_char(booking_date, 'YYYY-MM-DD') AS date,
       to_char(booking_time_slot_start, 'HH24:MI:SS') AS start_time,
       to_char(booking_time_slot_end, 'HH24:MI:SS') AS end_time
     FROM bookings
     WHERE id = $1 AND booking_type = 'ONLINE' AND ${statusInSql(null, ['COMPLETED'])} AND google_meet_link IS NULL`,
    [bookingId],
  );
  return rows[0];
}

/** Sets the meeting link unless one was set meanwhile (the first link made is the one sent). */
export async function setMeetingLink(db: Queryable, bookingId: number, link: string) {
  await db.query('UPDATE bookings SET google_meet_link = $2 WHERE id = $1 AND google_meet_link IS NULL', [
    bookingId,
    link,
  ]);
}
