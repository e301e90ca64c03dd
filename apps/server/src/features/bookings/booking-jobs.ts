import type { Queryable } from '../../db/database.ts';
import { announce } from './booking-events.ts';

/**
 * A booking moved to another time (`sequence`: its invite_sequence after the move; `from`: where it
 * was), announced in the move's transaction: its subscribers tell the client and the therapist
 * (the old and new time, an updated invite, once per move) and plan the reminders again.
 */
export async function enqueueBookingMovedJobs(
  db: Queryable,
  bookingId: number,
  sequence: number,
  from: { date: string; start_time: string; therapist_id: number },
) {
  await announce(db, {
    kind: 'booking.moved',
    booking_id: bookingId,
    sequence,
    from_date: from.date,
    from_start_time: from.start_time,
    therapist_id: from.therapist_id,
  });
}
