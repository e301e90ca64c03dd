import { type BookingFacts, bookingState } from '@therapy/shared/booking-states';
import { EXCLUSION_VIOLATION, isDatabaseError, type Queryable } from '../../db/database.ts';
import { announce } from './booking-events.ts';
import { assertTransition } from './booking-transitions.ts';
import { lockTherapistSchedule } from './bookings-repo.ts';

export type PaidBooking = Pick<BookingFacts, 'payment_status' | 'cancelled'> & {
  id: number;
  therapist_id: number;
};

/**
 * A booking's payment came (the caller holds the booking's lock and read `booking` after it):
 * COMPLETED, with its payment and meeting link, and announced confirmed (`meetingLinkMissing`: an
 * online session whose link is to be made by a job). A booking
 * whose hold had run out (FAILED) takes its slot back only if it is still free: 'slot_taken'
 * otherwise, the booking unchanged (the caller marks it for refund).
 */
export async function markBookingPaid(
  tx: Queryable,
  booking: PaidBooking,
  payment: { paymentId: string; meetingLink: string | null; meetingLinkMissing?: boolean },
): Promise<'confirmed' | 'slot_taken'> {
  assertTransition(booking.id, bookingState(booking), 'COMPLETED');
  await lockTherapistSchedule(tx, booking.therapist_id);
  await tx.query('SAVEPOINT confirm_booking');
  try {
    await tx.query(
      `UPDATE bookings SET payment_status = 'COMPLETED', payment_transaction_id = $2,
         google_meet_link = COALESCE(google_meet_link, $3), hold_expires_at = NULL, needs_refund = false,
         updated_at = now()
       WHERE id = $1`,
      [booking.id, payment.paymentId, payment.meetingLink],
    );
    await tx.query('RELEASE SAVEPOINT confirm_booking');
  } catch (error) {
    if (!isDatabaseError(error, EXCLUSION_VIOLATION)) throw error;
    await tx.query('ROLLBACK TO SAVEPOINT confirm_booking');
    return 'slot_taken';
  }
  await announce(tx, {
    kind: 'booking.confirmed',
    booking_id: booking.id,
    meeting_link_missing: payment.meetingLinkMissing ?? false,
  });
  return 'confirmed';
}
