import { onlinePaymentJoinSql, paidShareSql, stateInSql } from '../../db/booking-state-sql.ts';
import type { Queryable } from '../../db/database.ts';
import type { ProviderRefund } from './payment-provider.ts';

/** SQL of refunds (table `refunds`, one row per booking; migration 0004). */

export type RefundStatus = 'requested' | 'failed' | 'pending' | 'processed';

export type RefundableBooking = {
  id: number;
  therapist_id: number;
  needs_refund: boolean;
  /** The captured online payment the booking was paid with, if any. */
  payment_id: string | null;
  paid_paise: number | null;
  refund_status: RefundStatus | null;
  provider_refund_id: string | null;
  requested_at: Date | null;
  /** Paid at the centre too (decision 024): the online payment is refunded, the session stays. */
  paid_at_centre: boolean;
  /**
   * What other bookings' refunds (not failed) took of the same payment: the sessions of a standing
   * appointment paid with one payment (decision 056); 0 for a booking's own payment.
   */
  others_refunded_paise: number;
};

/** The booking, locked until the transaction ends, with its captured payment and its refund. */
export async function lockRefundableBooking(
  tx: Queryable,
  id: number,
): Promise<RefundableBooking | undefined> {
  // Lock first, read after, in two statements: a statement that waited for the lock sees the
  // locked row anew but the rest of its join as it was before the wait, so it would miss a refund
  // that the transaction holding the lock had just written (PostgreSQL, READ COMMITTED).
  await tx.query('SELECT id FROM bookings WHERE id = $1 FOR UPDATE', [id]);
  const { rows } = await tx.query<RefundableBooking>(
    `SELECT b.id, b.therapist_id, b.needs_refund, p.id AS payment_id, ${paidShareSql('b', 'p')} AS paid_paise,
       r.status AS refund_status, r.provider_refund_id, r.requested_at,
       (${stateInSql('b', ['COMPLETED'])} AND booking_paid_at_centre(b.id)) AS paid_at_centre,
       (SELECT COALESCE(sum(o.amount_paise), 0)::integer FROM refunds o
        WHERE o.payment_id = p.id AND o.booking_id <> b.id AND o.status <> 'failed') AS others_refunded_paise
     FROM bookings b
     ${onlinePaymentJoinSql('b', 'p')}
     LEFT JOIN refunds r ON r.booking_id = b.id
     WHERE b.id = $1`,
    [id],
  );
  return rows[0];
}

/**
 * Writes (or takes over a failed, or a `requested` one older than `abandonedBefore`) refund
 * request, before the provider is asked. False when another request holds the booking's refund.
 */
export async function claimRefund(
  tx: Queryable,
  refund: {
    bookingId: number;
    paymentId: string;
    provider: string;
    amountPaise: number;
    /** Null when the system refunds on its own (a client's cancellation within the notice rule). */
    adminId: number | null;
    at: Date;
    abandonedBefore: Date;
  },
): Promise<boolean> {
  const { rows } = await tx.query<{ booking_id: number }>(
    `INSERT INTO refunds (booking_id, payment_id, provider, amount_paise, status, requested_by_admin_id, requested_at)
     VALUES ($1, $2, $3, $4, 'requested', $5, $6)
     ON CONFLICT (booking_id) DO UPDATE SET payment_id = EXCLUDED.payment_id, provider = EXCLUDED.provider,
       amount_paise = EXCLUDED.amount_paise, status = 'requested', provider_refund_id = NULL,
       requested_by_admin_id = EXCLUDED.requested_by_admin_id, requested_at = EXCLUDED.requested_at,
       refunded_at = NULL, last_error = NULL
     WHERE refunds.status = 'failed' OR (refunds.status = 'requested' AND refunds.requested_at <= $7)
     RETURNING booking_id`,
    [
      refund.bookingId,
      refund.paymentId,
      refund.provider,
      refund.amountPaise,
      refund.adminId,
      refund.at,
      refund.abandonedBefore,
    ],
  );
  return rows.length > 0;
}

/** The provider refused or did not answer: the booking stays to be refunded, and may be tried again. */
export async function markRefundFailed(db: Queryable, bookingId: number, reason: string) {
  await db.query(
    `UPDATE refunds SET status = 'failed', last_error = $2 WHERE booking_id = $1 AND status = 'requested'`,
    [bookingId, reason.slice(0, 500)],
  );
}

/** The provider accepted the refund (the caller clears the booking's refund mark). */
export async function markRefunded(tx: Queryable, bookingId: number, refund: ProviderRefund, at: Date) {
  await tx.query(
    `UPDATE refunds SET status = $2, provider_refund_id = $3, refunded_at = $4, last_error = NULL
     WHERE booking_id = $1`,
    [bookingId, refund.status, refund.id, at],
  );
}

export type ProviderReportedRefund = {
  booking_id: number;
  therapist_id: number;
  payment_id: string;
  amount_paise: number;
  status: RefundStatus;
};

/**
 * The refund the provider knows by this id (Razorpay's rfnd_…), with its booking locked first and
 * then the refund row, in the order a refund request takes them.
 */
export async function lockRefundByProviderId(
  tx: Queryable,
  providerRefundId: string,
): Promise<ProviderReportedRefund | undefined> {
  const found = await tx.query<{ booking_id: number }>(
    'SELECT booking_id FROM refunds WHERE provider_refund_id = $1',
    [providerRefundId],
  );
  const bookingId = found.rows[0]?.booking_id;
  if (bookingId === undefined) return undefined;
  const booking = await tx.query<{ therapist_id: number }>(
    'SELECT therapist_id FROM bookings WHERE id = $1 FOR UPDATE',
    [bookingId],
  );
  // Read again under the lock: a new request for the booking may have replaced this refund.
  const { rows } = await tx.query<Omit<ProviderReportedRefund, 'therapist_id'>>(
    `SELECT booking_id, payment_id, amount_paise, status FROM refunds
     WHERE booking_id = $1 AND provider_refund_id = $2 FOR UPDATE`,
    [bookingId, providerRefundId],
  );
  const refund = rows[0];
  return refund && booking.rows[0] ? { ...refund, therapist_id: booking.rows[0].therapist_id } : undefined;
}

/** The provider settled a pending refund: processed, refunded at `at` unless a time is kept already. */
export async function markRefundProcessed(tx: Queryable, bookingId: number, at: Date) {
  await tx.query(
    `UPDATE refunds SET status = 'processed', refunded_at = COALESCE(refunded_at, $2), last_error = NULL
     WHERE booking_id = $1 AND status = 'pending'`,
    [bookingId, at],
  );
}

/**
 * The provider reports an accepted refund as failed after all: the money did not go back, and it
 * may be refunded anew (the refund's id stays until then; the caller marks the booking again).
 */
export async function markAcceptedRefundFailed(tx: Queryable, bookingId: number, reason: string) {
  await tx.query(
    `UPDATE refunds SET status = 'failed', refunded_at = NULL, last_error = $2
     WHERE booking_id = $1 AND status IN ('pending', 'processed')`,
    [bookingId, reason.slice(0, 500)],
  );
}
