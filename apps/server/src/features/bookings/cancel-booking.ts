import { type BookingState, bookingState, isAdminBlock, isPaid } from '@therapy/shared/booking-states';
import { formatShortDate } from '@therapy/shared/display-format';
import type { Queryable } from '../../db/database.ts';
import { conflict, notFound } from '../../http/app-error.ts';
import { announce } from './booking-events.ts';
import { assertTransition } from './booking-transitions.ts';
import * as repo from './bookings-repo.ts';
import { markPaidOnlineForRefund } from './refund-marks.ts';

export type CancelOutcome = {
  /** The booking as it was before the cancellation. */
  booking: repo.LockedBooking;
  /** An admin block: its slot is free again, nobody is told. */
  unblocked: boolean;
  /** Paid online through the app: its payment is now due for a refund. */
  needsRefund: boolean;
};

/**
 * Sets the cancelled flag; `paymentStatus` null keeps the status (an unblocked admin block stays
 * BLOCKED, as the specification's lists show it).
 */
export async function markCancelled(
  tx: Queryable,
  id: number,
  paymentStatus: 'CANCELLED' | null,
  by: CancelledBy | null = null,
) {
  // A cancellation raises the invite's SEQUENCE: the METHOD:CANCEL invite must supersede the last one.
  await tx.query(
    `UPDATE bookings SET cancelled = true, payment_status = COALESCE($2, payment_status),
       cancelled_by = COALESCE($3, cancelled_by),
       invite_sequence = invite_sequence + (CASE WHEN $3::text IS NULL THEN 0 ELSE 1 END), updated_at = now()
     WHERE id = $1`,
    [id, paymentStatus, by],
  );
}

/** Who cancelled a booking (bookings.cancelled_by): the client from their manage link, or the clinic. */
export type CancelledBy = 'client' | 'clinic';

/** Why a booking cannot become CANCELLED, in the words the dashboard shows. */
function refusedCancelMessage(bookingId: number, state: BookingState): string {
  if (state === 'FAILED') {
    return `Booking ${bookingId} is a failed payment attempt: it holds no slot and took no payment, so there is nothing to cancel.`;
  }
  return `Booking ${bookingId} is already cancelled.`;
}

/**
 * Cancels a booking, or unblocks the slot of an admin block (specification section 4: "A BLOCKED
 * entry offers Unblock, using the same cancel call"), in the caller's transaction. Refused (409)
 * when the table does not let it become CANCELLED, or its date (clinic's `today`) has passed.
 * A paid online booking is marked for refund (refunded by a job when the client cancelled, the
 * clinic told otherwise); the client and therapist are told of a cancellation.
 */
export async function cancelBooking(
  tx: Queryable,
  bookingId: number,
  today: string,
  by: CancelledBy = 'clinic',
  /** Sessions of a series cancelled together with it, in one transaction (the event names them). */
  together?: number[],
): Promise<CancelOutcome> {
  const booking = await repo.lockBooking(tx, bookingId);
  if (!booking) throw notFound(`Booking ${bookingId} not found`);
  const state = bookingState(booking);
  assertTransition(bookingId, state, 'CANCELLED', refusedCancelMessage(bookingId, state));
  if (booking.booking_date < today) {
    throw conflict(
      `Booking ${bookingId} was on ${formatShortDate(booking.booking_date)}, in the past: it can no longer be cancelled.`,
    );
  }
  if (isAdminBlock(booking)) {
    // No event here: a block unblocked through the cancel call writes no job at all (its test);
    // the waitlist's sweep offers the slot on its next turn.
    await markCancelled(tx, bookingId, null);
    return { booking, unblocked: true, needsRefund: false };
  }

  await markCancelled(tx, bookingId, 'CANCELLED', by);
  // Paid online through the app: the money must go back. The booking is marked for refund. A
  // clinic's cancellation: a superadmin refunds it from the dashboard and the clinic is told, as
  // for a late payment. A client's (within the notice rule): a job refunds it in full at once.
  const needsRefund = isPaid(booking) && (await markPaidOnlineForRefund(tx, bookingId));
  const refund = !needsRefund ? 'none' : by === 'client' ? 'automatic' : 'by_clinic';
  const therapist_id = booking.therapist_id;
  await announce(tx, {
    kind: 'booking.cancelled',
    booking_id: bookingId,
    by,
    refund,
    therapist_id,
    ...(together && together.length > 1 ? { together } : {}),
  });
  return { booking, unblocked: false, needsRefund };
}
