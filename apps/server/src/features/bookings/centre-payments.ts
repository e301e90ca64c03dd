import {
  bookingState,
  hasStarted,
  isAdminBlock,
  isFailedAttempt,
  isPaidOnline,
} from '@therapy/shared/booking-states';
import { formatSlotMoment } from '@therapy/shared/display-format';
import type { CentrePaymentMethod } from '@therapy/shared/front-desk-schemas';
import type { Queryable } from '../../db/database.ts';
import { conflict, notFound } from '../../http/app-error.ts';
import { type IssueClock, issueCreditNote, issueReceipt } from '../receipts/issue-documents.ts';
import { announce } from './booking-events.ts';
import { assertTransition } from './booking-transitions.ts';
import * as repo from './bookings-repo.ts';

export type CentrePaymentRow = {
  id: number;
  booking_id: number;
  method: CentrePaymentMethod;
  amount_paise: number;
  reference: string | null;
  recorded_at: Date;
};

export type RecordedCentrePayment = { booking: repo.LockedBooking; payment: CentrePaymentRow };

const PAYMENT_COLUMNS = 'id, booking_id, method, amount_paise, reference, recorded_at';

/**
 * A payment taken at the centre (cash, card, UPI or other) for a pending in-person booking, in
 * the caller's transaction: the payment is recorded and the booking becomes COMPLETED. The amount
 * is the booking's when `amountPaise` is null. Its receipt is issued in the same transaction. 409 for any booking not PENDING (paid, cancelled,
 * an online booking whose payment is under way) or not in person.
 */
export async function recordCentrePayment(
  tx: Queryable,
  bookingId: number,
  payment: {
    method: CentrePaymentMethod;
    amountPaise: number | null;
    reference: string | null;
    adminId: number;
  },
  clock: IssueClock,
): Promise<RecordedCentrePayment> {
  const booking = await repo.lockBooking(tx, bookingId);
  if (!booking) throw notFound(`Booking ${bookingId} not found`);
  if (booking.booking_type !== 'OFFLINE') {
    throw conflict(`Booking ${bookingId} is not an in-person booking: it is not paid at the centre.`);
  }
  const state = bookingState(booking);
  if (state !== 'PENDING') {
    throw conflict(`Booking ${bookingId} is ${state}, not pending: no payment can be recorded for it.`);
  }
  assertTransition(bookingId, state, 'COMPLETED');
  const { rows: amounts } = await tx.query<{ amount_paise: number }>(
    'SELECT amount_paise FROM bookings WHERE id = $1',
    [bookingId],
  );
  const amountPaise = payment.amountPaise ?? Number(amounts[0]?.amount_paise ?? 0);
  if (amountPaise <= 0) throw conflict(`Booking ${bookingId} has no amount: please enter the amount paid.`);
  const { rows } = await tx.query<CentrePaymentRow>(
    `INSERT INTO centre_payments (booking_id, method, amount_paise, reference, recorded_by_admin_id)
     VALUES ($1, $2, $3, $4, $5) RETURNING ${PAYMENT_COLUMNS}`,
    [bookingId, payment.method, amountPaise, payment.reference, payment.adminId],
  );
  const recorded = rows[0]!;
  // Its receipt, numbered in this transaction: the payment and its document stand or fall together.
  await issueReceipt(tx, { source: { kind: 'centre', id: recorded.id }, bookingId, amountPaise }, clock);
  await tx.query(
    `UPDATE bookings SET payment_status = 'COMPLETED', hold_expires_at = NULL, updated_at = now() WHERE id = $1`,
    [bookingId],
  );
  await announce(tx, {
    kind: 'booking.paid',
    booking_id: bookingId,
    centre_payment_id: recorded.id,
    refund_needed: false,
  });
  return { booking, payment: recorded };
}

/**
 * Voids a payment recorded at the centre by mistake (a superadmin's call), in the caller's
 * transaction: the booking goes back to PENDING. 404 for a payment that is not this booking's
 * or was voided already; 409 when the booking is no longer COMPLETED (cancelled since).
 */
export async function voidCentrePayment(
  tx: Queryable,
  bookingId: number,
  paymentId: number,
  adminId: number,
  clock: IssueClock,
): Promise<RecordedCentrePayment> {
  const booking = await repo.lockBooking(tx, bookingId);
  if (!booking) throw notFound(`Booking ${bookingId} not found`);
  const { rows } = await tx.query<CentrePaymentRow>(
    `SELECT ${PAYMENT_COLUMNS} FROM centre_payments
     WHERE id = $1 AND booking_id = $2 AND voided_at IS NULL`,
    [paymentId, bookingId],
  );
  const payment = rows[0];
  if (!payment) throw notFound(`Booking ${bookingId} has no standing payment ${paymentId}.`);
  const { rows: marks } = await tx.query<{ needs_refund: boolean; paid_online: boolean }>(
    `SELECT b.needs_refund,
            booking_paid_online(b.id, b.payment_transaction_id) AS paid_online
     FROM bookings b WHERE b.id = $1`,
    [bookingId],
  );
  // A payment link paid on top is due for a refund, or was refunded (decision 024): the booking is
  // settled by the centre payment for good. Undoing it would leave a PENDING booking whose old
  // link is paid, and a refund that fails later could no longer be marked due again.
  if (marks[0]?.needs_refund) {
    throw conflict(
      `Booking ${bookingId} has an online payment due for a refund: refund it before undoing this payment.`,
    );
  }
  if (marks[0] && isPaidOnline(marks[0])) {
    throw conflict(
      `Booking ${bookingId} was also paid online: its payment at the centre can no longer be undone.`,
    );
  }
  assertTransition(
    bookingId,
    bookingState(booking),
    'PENDING',
    `Booking ${bookingId} is ${bookingState(booking)}: its payment can no longer be undone.`,
  );
  await tx.query('UPDATE centre_payments SET voided_at = now(), voided_by_admin_id = $2 WHERE id = $1', [
    paymentId,
    adminId,
  ]);
  await tx.query(`UPDATE bookings SET payment_status = 'PENDING', updated_at = now() WHERE id = $1`, [
    bookingId,
  ]);
  // The undone payment's receipt is reversed by a credit note (issued documents never change).
  await issueCreditNote(tx, { kind: 'centre', id: payment.id }, clock);
  return { booking, payment };
}

/**
 * A booking's attendance mark (a change of mark is allowed), once its session has started by the
 * clinic's clock `now`. 409 before the start, and for a cancelled booking, a block or a failed attempt.
 */
export async function markAttendance(
  tx: Queryable,
  bookingId: number,
  attendance: 'attended' | 'no_show',
  now: { date: string; time: string },
): Promise<{ booking: repo.LockedBooking; previous: string | null }> {
  const booking = await repo.lockBooking(tx, bookingId);
  if (!booking) throw notFound(`Booking ${bookingId} not found`);
  if (!hasStarted(booking, now)) {
    const starts = formatSlotMoment(booking.booking_date, booking.booking_time_slot_start);
    throw conflict(
      `Booking ${bookingId} starts on ${starts}: attendance can be marked once the session has started.`,
    );
  }
  if (isAdminBlock(booking)) {
    throw conflict(`Booking ${bookingId} is an admin block: it has no attendance.`);
  }
  if (bookingState(booking) === 'CANCELLED') {
    throw conflict(`Booking ${bookingId} is cancelled: it has no attendance.`);
  }
  if (isFailedAttempt(booking)) {
    throw conflict(`Booking ${bookingId} is a failed payment attempt: it has no attendance.`);
  }
  const { rows } = await tx.query<{ previous: string | null }>(
    `UPDATE bookings b SET attendance = $2, attendance_marked_at = now(), updated_at = now()
     FROM (SELECT attendance AS previous FROM bookings WHERE id = $1) old
     WHERE b.id = $1 RETURNING old.previous`,
    [bookingId, attendance],
  );
  return { booking, previous: rows[0]?.previous ?? null };
}
