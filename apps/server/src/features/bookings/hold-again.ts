import { bookingState, hasStarted } from '@therapy/shared/booking-states';
import { zonedNow } from '@therapy/shared/clinic-time';
import { stateInSql } from '../../db/booking-state-sql.ts';
import { EXCLUSION_VIOLATION, isDatabaseError, type Queryable } from '../../db/database.ts';
import { conflict } from '../../http/app-error.ts';
import { assertTransition } from './booking-transitions.ts';
import { lockBooking, lockTherapistSchedule } from './bookings-repo.ts';
import { seriesPaymentOf } from './series-pay.ts';

export const SLOT_CANNOT_BE_HELD_AGAIN =
  'This time can no longer be held for you: it has been booked by someone else or has passed. Please choose another time.';
export const BOOKING_CANNOT_BE_PAID = 'This booking can no longer be paid. Please book again.';

/**
 * The visitor tries to pay again for an online booking whose payment failed or whose hold ran out
 * (FAILED): it holds its slot again (INITIATED, a fresh hold, no payment link) while that slot is
 * still free and still to come; otherwise 409 with a detail the status page shows. A booking paid
 * after its slot was taken (marked for refund) is never held again.
 */
export async function holdFailedBookingAgain(
  tx: Queryable,
  bookingId: number,
  { now, holdMinutes, clinicTimeZone }: { now: Date; holdMinutes: number; clinicTimeZone: string },
) {
  const booking = await lockBooking(tx, bookingId);
  if (booking?.booking_type !== 'ONLINE') throw conflict(BOOKING_CANNOT_BE_PAID);
  assertTransition(booking.id, bookingState(booking), 'INITIATED', BOOKING_CANNOT_BE_PAID);
  const clock = zonedNow(clinicTimeZone, now);
  if (hasStarted(booking, clock)) throw conflict(SLOT_CANNOT_BE_HELD_AGAIN);

  await lockTherapistSchedule(tx, booking.therapist_id);
  await tx.query('SAVEPOINT hold_again');
  try {
    const { rows } = await tx.query(
      `UPDATE bookings SET payment_status = 'INITIATED', hold_expires_at = $2,
         payment_link_id = NULL, payment_link_url = NULL, updated_at = now()
       WHERE id = $1 AND NOT needs_refund RETURNING id`,
      [booking.id, new Date(now.getTime() + holdMinutes * 60_000)],
    );
    await tx.query('RELEASE SAVEPOINT hold_again');
    if (rows.length === 0) throw conflict(BOOKING_CANNOT_BE_PAID);
  } catch (error) {
    if (!isDatabaseError(error, EXCLUSION_VIOLATION)) throw error;
    await tx.query('ROLLBACK TO SAVEPOINT hold_again');
    throw conflict(SLOT_CANNOT_BE_HELD_AGAIN);
  }
}

/**
 * "Try payment again" on the first session of a standing appointment paid at once (decision 056):
 * every session whose hold ran out with it holds its time again, all of them or none (a session
 * whose time was taken meanwhile makes the whole attempt a 409). A single booking: as above.
 */
export async function holdFailedBookingOrSeriesAgain(
  tx: Queryable,
  bookingId: number,
  options: { now: Date; holdMinutes: number; clinicTimeZone: string },
) {
  await holdFailedBookingAgain(tx, bookingId, options);
  const series = await seriesPaymentOf(tx, bookingId);
  if (series?.pay !== 'all' || series.payer_id !== bookingId) return;
  const { rows } = await tx.query<{ id: number }>(
    `SELECT id FROM bookings WHERE series_id = $1 AND id <> $2 AND ${stateInSql(null, ['FAILED'])}
       AND NOT needs_refund ORDER BY id LIMIT 52`,
    [series.series_id, bookingId],
  );
  for (const { id } of rows) await holdFailedBookingAgain(tx, id, options);
}
