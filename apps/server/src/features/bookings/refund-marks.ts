import {
  type BookingState,
  REFUNDABLE_STATES,
  REFUNDABLE_WHEN_PAID_AT_CENTRE,
} from '@therapy/shared/booking-states';
import { stateInSql, statusInSql } from '../../db/booking-state-sql.ts';
import type { Queryable } from '../../db/database.ts';
import { conflict } from '../../http/app-error.ts';
import { announce } from './booking-events.ts';

/*
 * `needs_refund`: a booking paid online that will not take place (cancelled, or paid after its
 * slot was taken), whose money a superadmin must send back. Set and cleared only here; only in
 * the table's REFUNDABLE_STATES (FAILED, CANCELLED), or COMPLETED with a standing centre payment
 * (REFUNDABLE_WHEN_PAID_AT_CENTRE: an online payment that came after the desk was paid).
 */

/** The refundable states, or paid at the centre and online too: SQL of the shared table. */
const inRefundableState = (bookings: string) =>
  `(${stateInSql(bookings, REFUNDABLE_STATES)}
    OR (${statusInSql(bookings, [REFUNDABLE_WHEN_PAID_AT_CENTRE])} AND booking_paid_at_centre(${bookings}.id)))`;

/**
 * A paid booking just cancelled: when it was paid online through the app (a captured payment,
 * not a manual booking's payment outside it) and not refunded yet, it is marked. Answers whether.
 */
export async function markPaidOnlineForRefund(tx: Queryable, id: number): Promise<boolean> {
  const { rows } = await tx.query(
    `UPDATE bookings b SET needs_refund = true, updated_at = now()
     WHERE b.id = $1 AND ${inRefundableState('b')} AND booking_paid_online(b.id, b.payment_transaction_id)
       AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.booking_id = b.id)
     RETURNING b.id`,
    [id],
  );
  return rows.length > 0;
}

/**
 * A payment that came for a booking that will not take place (`state`, read under its lock):
 * recorded on the booking, marked for refund, and the clinic told.
 */
export async function markLatePaymentForRefund(
  tx: Queryable,
  booking: { id: number; state: BookingState },
  paymentId: string,
) {
  if (!REFUNDABLE_STATES.includes(booking.state)) {
    throw conflict(`Booking ${booking.id} is ${booking.state}: its payment cannot be marked for refund.`);
  }
  await tx.query(
    `UPDATE bookings SET needs_refund = true, payment_transaction_id = $2, updated_at = now() WHERE id = $1`,
    [booking.id, paymentId],
  );
  await announce(tx, {
    kind: 'booking.paid',
    booking_id: booking.id,
    centre_payment_id: null,
    refund_needed: true,
  });
}

/**
 * An online payment (a payment link sent earlier) that came for a booking already paid at the
 * centre, under the booking's lock: the booking stays COMPLETED with its centre payment; the
 * online payment is recorded on it, marked for refund, and the clinic told. 409 unless the
 * booking is COMPLETED with a standing centre payment.
 */
export async function markPaymentAfterCentrePaymentForRefund(
  tx: Queryable,
  booking: { id: number; state: BookingState },
  paymentId: string,
) {
  const { rows } = await tx.query(
    `UPDATE bookings b SET needs_refund = true, payment_transaction_id = $2, updated_at = now()
     WHERE b.id = $1 AND ${stateInSql('b', [REFUNDABLE_WHEN_PAID_AT_CENTRE])}
       AND booking_paid_at_centre(b.id)
     RETURNING b.id`,
    [booking.id, paymentId],
  );
  if (rows.length === 0) {
    throw conflict(`Booking ${booking.id} is ${booking.state}: its payment cannot be marked for refund.`);
  }
  await announce(tx, {
    kind: 'booking.paid',
    booking_id: booking.id,
    centre_payment_id: null,
    refund_needed: true,
  });
}

/** The provider accepted the refund `refundId`: the booking no longer needs one; announced refunded. */
export async function clearRefundMark(tx: Queryable, bookingId: number, refundId: string) {
  await tx.query('UPDATE bookings SET needs_refund = false, updated_at = now() WHERE id = $1', [bookingId]);
  await announce(tx, { kind: 'booking.refunded', booking_id: bookingId, refund_id: refundId });
}

/** An accepted refund failed after all (provider's report): the money must go back again. */
export async function markRefundDueAgain(tx: Queryable, bookingId: number) {
  await tx.query(
    `UPDATE bookings SET needs_refund = true, updated_at = now() WHERE id = $1 AND ${inRefundableState('bookings')}`,
    [bookingId],
  );
}
