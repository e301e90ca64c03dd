import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { JobHandlers } from '../jobs/job-kinds.ts';
import type { EmailContext } from '../messages/email/booking-emails.ts';
import type { Mailer } from '../messages/email/mailer.ts';
import { createMoveEmailHandlers, type MoveEmailJobKind } from '../messages/email/move-email-handlers.ts';
import { enqueueRefundNeededEmail } from '../messages/reactions/refund-emails.ts';
import { CLIENT_CANCELLATION_REFUND, type RefundsService } from '../payments/refunds-service.ts';

/** The job kinds of clients' own changes (the move's e-mails: messages/email/move-email-handlers.ts). */
export type SelfServiceJobKind = MoveEmailJobKind | 'payment.refund_cancelled_booking';

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
  return {
    ...createMoveEmailHandlers(db, baseMailer, context),
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
