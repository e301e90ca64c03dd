import type { CancelScope } from '@therapy/shared/series-schemas';
import type { Queryable } from '../../db/database.ts';
import { notFound } from '../../http/app-error.ts';
import { lockBooking } from './bookings-repo.ts';
import { type CancelledBy, type CancelOutcome, cancelBooking } from './cancel-booking.ts';
import { findSeriesSessions, type SeriesSessionRow } from './series-repo.ts';

/**
 * The sessions "this and every later one" cancels beside the chosen one: those after it in time
 * that still hold their slot (all of them, not only the next).
 */
export function laterSessions(
  sessions: readonly SeriesSessionRow[],
  booking: { id: number; booking_date: string; booking_time_slot_start: string },
): SeriesSessionRow[] {
  const at = `${booking.booking_date} ${booking.booking_time_slot_start}`;
  return sessions.filter(
    (session) =>
      session.booking_id !== booking.id &&
      !session.cancelled &&
      `${session.booking_date} ${session.booking_time_slot_start}` > at,
  );
}

/**
 * Cancels a booking (`this`), or it and every later session of its series that still holds its
 * time (`following`; on a booking of its own, the same as `this`), in the caller's transaction,
 * with the booking locked first. The sessions cancelled together are named in each event, so the
 * client gets one e-mail listing them (decision 056). `each` records one cancellation (its audit
 * entry) as the caller does for a single cancel; the outcomes come back in date order.
 */
export async function cancelInScope(
  tx: Queryable,
  bookingId: number,
  options: { today: string; by: CancelledBy; scope: CancelScope },
  each: (outcome: CancelOutcome) => Promise<void>,
): Promise<CancelOutcome[]> {
  const booking = await lockBooking(tx, bookingId);
  if (!booking) throw notFound(`Booking ${bookingId} not found`);
  const later =
    options.scope === 'following' ? laterSessions(await findSeriesSessions(tx, bookingId), booking) : [];
  const together = [bookingId, ...later.map((session) => session.booking_id)];
  const outcomes: CancelOutcome[] = [];
  // Bounded by the series' size (findSeriesSessions reads at most 52 rows).
  for (const id of together) {
    const outcome = await cancelBooking(tx, id, options.today, options.by, together);
    await each(outcome);
    outcomes.push(outcome);
  }
  return outcomes;
}
