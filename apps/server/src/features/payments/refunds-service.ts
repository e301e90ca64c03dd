import type { AdminRefundResult } from '@therapy/shared/admin-schemas';
import { formatPaise, toRupees } from '@therapy/shared/money';
import type { Database } from '../../db/database.ts';
import { AppError, conflict, notFound } from '../../http/app-error.ts';
import type { AdminPrincipal } from '../admin-auth/admin-guard.ts';
import { insertAudit } from '../audit/audit-repo.ts';
import { clearRefundMark, markRefundDueAgain } from '../bookings/refund-marks.ts';
import { enqueueJob } from '../jobs/jobs-repo.ts';
import { issueCreditNote } from '../receipts/issue-documents.ts';
import { type PaymentProvider, type ProviderRefund, ProviderUnavailableError } from './payment-provider.ts';
import * as repo from './refunds-repo.ts';

/** Who refunds: an admin, or the system acting for a client ('client', no admin id). */
export type RefundActor = { actorAdminId: number | null; actorLabel: string };

/** The system's refund of a client's own cancellation (decision 032). */
export const CLIENT_CANCELLATION_REFUND: RefundActor = { actorAdminId: null, actorLabel: 'client' };

export type RefundsDeps = {
  db: Database;
  provider: PaymentProvider;
  /** The clinic's zone: the credit note's date and financial year. */
  clinicTimeZone: string;
  now?: () => Date;
};

export const REFUND_UNAVAILABLE =
  'The payment provider did not make the refund. The booking still needs a refund: please try again later, or check the payment in the provider’s dashboard.';

/** The refund's reason, as noted at the provider. */
const SESSION_NOT_TAKING_PLACE = 'The booked session will not take place';
const PAID_AT_CENTRE_TOO = 'Already paid at the centre';

/**
 * A refund request left `requested` this long (the server stopped while asking the provider) may
 * be taken over; the provider is asked for the payment's refunds first, so it is not refunded twice.
 */
export const ABANDONED_REQUEST_MS = 10 * 60_000;

/**
 * Refunds of online payments for bookings that will not take place (`needs_refund`). Never twice:
 * the request is written, with the booking locked, before the provider is asked, and a booking
 * with a request under way or a refund done is refused; a retry after a failure first asks the
 * provider which refunds the payment already has.
 */
export function createRefundsService({ db, provider, clinicTimeZone, now = () => new Date() }: RefundsDeps) {
  const clock = { timeZone: clinicTimeZone, now };
  /** Writes the request, or says why this booking cannot be refunded now. */
  async function claim(actor: RefundActor, bookingId: number) {
    return db.transaction(async (tx) => {
      const booking = await repo.lockRefundableBooking(tx, bookingId);
      if (!booking) throw notFound(`Booking ${bookingId} not found`);
      if (booking.refund_status === 'pending' || booking.refund_status === 'processed') {
        throw conflict(`Booking ${bookingId} was already refunded (refund ${booking.provider_refund_id}).`);
      }
      const abandoned =
        booking.requested_at &&
        now().getTime() - new Date(booking.requested_at).getTime() > ABANDONED_REQUEST_MS;
      if (booking.refund_status === 'requested' && !abandoned) {
        throw conflict(`A refund of booking ${bookingId} is already under way.`);
      }
      if (!booking.needs_refund) throw conflict(`Booking ${bookingId} does not need a refund.`);
      if (!booking.payment_id || !booking.paid_paise) {
        throw conflict(`Booking ${bookingId} has no online payment to refund here.`);
      }
      const at = now();
      const claimed = await repo.claimRefund(tx, {
        bookingId,
        paymentId: booking.payment_id,
        provider: provider.name,
        amountPaise: booking.paid_paise,
        adminId: actor.actorAdminId,
        at,
        abandonedBefore: new Date(at.getTime() - ABANDONED_REQUEST_MS),
      });
      // The lock above makes this unreachable; the condition in the SQL keeps it so regardless.
      if (!claimed) throw conflict(`A refund of booking ${bookingId} is already under way.`);
      return {
        therapistId: booking.therapist_id,
        paymentId: booking.payment_id,
        amountPaise: booking.paid_paise,
        retry: booking.refund_status !== null,
        othersRefundedPaise: booking.others_refunded_paise,
        reason: booking.paid_at_centre ? PAID_AT_CENTRE_TOO : SESSION_NOT_TAKING_PLACE,
      };
    });
  }

  /**
   * Asks the provider. A refund already on the payment (an earlier attempt whose answer was lost,
   * or one made in the provider's dashboard) counts; otherwise what is left of the amount is refunded.
   */
  async function askProvider(
    bookingId: number,
    paymentId: string,
    amountPaise: number,
    reason: string,
    othersRefundedPaise: number,
  ) {
    const earlier = (await provider.fetchRefunds(paymentId)).filter((refund) => refund.status !== 'failed');
    // Of a standing appointment's one payment, only what was not the other sessions' refunds.
    const refunded = Math.max(
      0,
      earlier.reduce((sum, refund) => sum + refund.amountPaise, 0) - othersRefundedPaise,
    );
    if (earlier.length > 0 && refunded >= amountPaise) return earlier.at(-1)!;
    const refund = await provider.refundPayment(paymentId, amountPaise - refunded, {
      booking_id: String(bookingId),
      reason,
    });
    if (refund.status === 'failed') {
      throw new ProviderUnavailableError(`The provider reported refund ${refund.id} as failed`);
    }
    return refund;
  }

  return {
    /** A superadmin's refund from the dashboard, or the system's own (CLIENT_CANCELLATION_REFUND). */
    async refundBooking(by: AdminPrincipal | RefundActor, bookingId: number): Promise<AdminRefundResult> {
      const actor = 'actorLabel' in by ? by : { actorAdminId: by.id, actorLabel: by.email };
      const { therapistId, paymentId, amountPaise, retry, reason, othersRefundedPaise } = await claim(
        actor,
        bookingId,
      );
      const where = { ...actor, bookingId, therapistId };

      let refund: ProviderRefund;
      try {
        refund = await askProvider(bookingId, paymentId, amountPaise, reason, othersRefundedPaise);
      } catch (error) {
        const failure = error instanceof Error ? error.message : String(error);
        await db.transaction(async (tx) => {
          await repo.markRefundFailed(tx, bookingId, failure);
          await insertAudit(tx, {
            ...where,
            action: 'booking.refund_failed',
            details: { payment_id: paymentId, amount_paise: amountPaise, reason: failure.slice(0, 300) },
          });
        });
        if (error instanceof ProviderUnavailableError) throw new AppError(502, REFUND_UNAVAILABLE);
        throw error;
      }

      await db.transaction(async (tx) => {
        await repo.markRefunded(tx, bookingId, refund, now());
        // Announced refunded: the client hears of it (per refund: after a refund that failed
        // later, of the one that went through).
        await clearRefundMark(tx, bookingId, refund.id);
        // The money went back: the payment's receipt is reversed by a credit note, in this transaction.
        await issueCreditNote(tx, { kind: 'payment', id: paymentId }, clock, { amountPaise, bookingId });
        await insertAudit(tx, {
          ...where,
          action: 'booking.refund',
          details: {
            payment_id: paymentId,
            refund_id: refund.id,
            refund_status: refund.status,
            amount_paise: amountPaise,
            ...(retry ? { retry: true } : {}),
          },
        });
      });
      return {
        booking_id: bookingId,
        refund_id: refund.id,
        refund_status: refund.status === 'pending' ? 'pending' : 'processed',
        amount: toRupees(amountPaise),
        message: `Refund of ${formatPaise(amountPaise)} issued for booking ${bookingId} (refund ${refund.id}).`,
      };
    },
  };
}

export type RefundsService = ReturnType<typeof createRefundsService>;

export const REFUND_FAILED_BY_PROVIDER = 'Razorpay reported the refund as failed';

export type ProviderRefundOutcome = 'processed' | 'failed' | 'unchanged' | 'unknown';

/**
 * What the provider later reports of a refund it accepted (Razorpay's `refund.processed` and
 * `refund.failed` webhooks), matched by the provider's refund id. Processed: the pending refund is
 * done. Failed: the money did not go back, so the booking is marked `needs_refund` again (a
 * superadmin may refund it anew; that attempt asks the provider first and does not count the failed
 * refund), the audit log says so and the clinic is e-mailed once for this refund. A refund the app
 * does not know (one made in the provider's dashboard, or replaced by a new attempt) and a replay
 * change nothing.
 */
export async function recordProviderRefundOutcome(
  db: Database,
  report: { refundId: string; paymentId: string; status: 'processed' | 'failed' },
  now: () => Date = () => new Date(),
): Promise<ProviderRefundOutcome> {
  return db.transaction(async (tx) => {
    const refund = await repo.lockRefundByProviderId(tx, report.refundId);
    if (!refund || refund.payment_id !== report.paymentId) return 'unknown';
    if (report.status === 'processed') {
      // Only a pending refund settles; a failed one stays failed (Razorpay's states are final, and
      // a new attempt asks the provider which refunds count).
      if (refund.status !== 'pending') return 'unchanged';
      await repo.markRefundProcessed(tx, refund.booking_id, now());
      return 'processed';
    }
    if (refund.status !== 'pending' && refund.status !== 'processed') return 'unchanged';
    await repo.markAcceptedRefundFailed(tx, refund.booking_id, REFUND_FAILED_BY_PROVIDER);
    await markRefundDueAgain(tx, refund.booking_id);
    await insertAudit(tx, {
      actorAdminId: null,
      actorLabel: 'razorpay',
      action: 'booking.refund_failed',
      bookingId: refund.booking_id,
      therapistId: refund.therapist_id,
      details: {
        payment_id: refund.payment_id,
        refund_id: report.refundId,
        amount_paise: refund.amount_paise,
        reason: REFUND_FAILED_BY_PROVIDER,
      },
    });
    // The clinic's "refund needed" e-mail, once for this refund (a late payment's is once per booking).
    await enqueueJob(tx, {
      kind: 'email.refund_needed',
      payload: { booking_id: refund.booking_id },
      dedupeKey: `refund-needed:${refund.booking_id}:${report.refundId}`,
    });
    return 'failed';
  });
}
