import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { JobHandlers } from '../jobs/job-kinds.ts';
import { deliverOnce } from '../messages/message-log.ts';
import { enqueueRefundNeededEmail } from '../messages/reactions/refund-emails.ts';
import type { EmailContext } from '../notifications/booking-emails.ts';
import { bookingRescheduledEmail } from '../notifications/change-emails.ts';
import { signedMailer } from '../notifications/clinic-signature.ts';
import { loadBookingForEmail } from '../notifications/email-booking.ts';
import type { Mailer } from '../notifications/mailer.ts';
import { CLIENT_CANCELLATION_REFUND, type RefundsService } from '../payments/refunds-service.ts';

/** The job kinds of clients' own changes, each with its handler here. */
export type SelfServiceJobKind =
  | 'email.booking_rescheduled.client'
  | 'email.booking_rescheduled.therapist'
  | 'payment.refund_cancelled_booking';

/**
 * The jobs of a client's own changes: the move's e-mails to client and therapist, and the full
 * refund of a booking paid online that its client cancelled within the notice rule.
 */
export function createSelfServiceJobHandlers(
  db: Database,
  baseMailer: Mailer,
  context: EmailContext,
  refunds: RefundsService,
): Pick<JobHandlers, SelfServiceJobKind> {
  // Signed in the message's language: the client's for the client's e-mail, English for the therapist's.
  const { send } = signedMailer(db, baseMailer, context.productName);

  /** The booking, unless it was moved again (a later move's e-mail supersedes) or cancelled since. */
  async function movedBooking(bookingId: number, sequence: number) {
    const booking = await loadBookingForEmail(db, context, bookingId);
    if (!booking || booking.booking_type === 'ADMIN_BLOCK') return undefined;
    if (booking.invite_sequence !== sequence || booking.payment_status === 'CANCELLED') return undefined;
    return booking;
  }

  return {
    'email.booking_rescheduled.client': async (payload) => {
      const booking = await movedBooking(payload.booking_id, payload.sequence);
      if (!booking?.client_email) return;
      const from = { date: payload.from_date, start_time: payload.from_start_time };
      await deliverOnce(
        db,
        {
          bookingId: booking.id,
          kind: 'rescheduled',
          channel: 'email',
          dedupeKey: `rescheduled:email:${booking.id}:${payload.sequence}`,
        },
        () => send(bookingRescheduledEmail(booking, context, 'client', from), booking.client_language),
      );
    },
    'email.booking_rescheduled.therapist': async (payload) => {
      const booking = await movedBooking(payload.booking_id, payload.sequence);
      if (!booking?.therapist_email) return;
      const from = { date: payload.from_date, start_time: payload.from_start_time };
      await send(bookingRescheduledEmail(booking, context, 'therapist', from));
    },
    'payment.refund_cancelled_booking': async (payload, job) => {
      try {
        await refunds.refundBooking(CLIENT_CANCELLATION_REFUND, payload.booking_id);
      } catch (error) {
        // Refunded already (an earlier attempt whose end was lost, or a superadmin), or under way.
        if (error instanceof AppError && error.statusCode === 409) return;
        // The booking stays marked for refund (the dashboard offers Refund); on the last attempt
        // the clinic is told, as for any refund it must make.
        if (job.attempts >= job.max_attempts) await enqueueRefundNeededEmail(db, payload.booking_id);
        throw error;
      }
    },
  };
}
