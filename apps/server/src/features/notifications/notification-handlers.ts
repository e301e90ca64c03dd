import type { Database } from '../../db/database.ts';
import { readClinicProfile } from '../clinic/clinic-service.ts';
import type { JobHandlers, JobPayloads } from '../jobs/job-kinds.ts';
import { enqueueJob } from '../jobs/jobs-repo.ts';
import { currentManageToken, manageUrl } from '../self-service/manage-link.ts';
import type { SelfServiceJobKind } from '../self-service/self-service-jobs.ts';
import {
  type BookingForEmail,
  bookingCancelledEmail,
  bookingConfirmedEmail,
  type EmailContext,
  refundIssuedEmail,
  refundNeededEmail,
  therapistNoticeEmail,
} from './booking-emails.ts';
import { withClinicSignature } from './clinic-signature.ts';
import type { Mailer, OutgoingMail } from './mailer.ts';
import { findBookingForEmail } from './notifications-repo.ts';
import { findCentrePayment, paymentReceiptEmail } from './payment-receipt-email.ts';

/** The e-mail kinds of job-kinds.ts, each with its handler here (clients' own changes: self-service-jobs.ts). */
type EmailJobKind = Exclude<Extract<keyof JobPayloads, `email.${string}`>, SelfServiceJobKind>;
export type EmailJobHandlers = Pick<JobHandlers, EmailJobKind>;

/**
 * The e-mail jobs. Each sends one message, so a retry never sends another recipient's message
 * twice; a cancellation fans out into one job per recipient.
 */
export function createNotificationHandlers(
  db: Database,
  baseMailer: Mailer,
  context: EmailContext,
): EmailJobHandlers {
  // Signed with the clinic's profile as it is when each message goes out.
  const mailer = {
    send: async (mail: OutgoingMail) =>
      baseMailer.send(withClinicSignature(mail, await readClinicProfile(db), context.productName)),
  };
  /** The booking as the e-mails show it, with the client's manage link. */
  async function loadBooking(id: number): Promise<BookingForEmail | undefined> {
    const booking = await findBookingForEmail(db, id);
    if (!booking || booking.booking_type === 'ADMIN_BLOCK') return booking;
    const token = await currentManageToken(db, context.manageLinkKey, booking.id);
    return { ...booking, manage_url: manageUrl(context.publicUrl, token) };
  }
  const withBooking =
    <P extends { booking_id: number }>(
      build: (booking: BookingForEmail, payload: P) => OutgoingMail | undefined,
    ) =>
    async (payload: P) => {
      const booking = await loadBooking(Number(payload.booking_id));
      // Gone since, or an admin's block of a slot: nobody to tell.
      if (!booking || booking.booking_type === 'ADMIN_BLOCK') return;
      const mail = build(booking, payload);
      if (mail?.to) await mailer.send(mail);
    };

  return {
    'email.booking_confirmed': async (payload, job) => {
      const booking = await loadBooking(Number(payload.booking_id));
      if (!booking?.client_email) return;
      // An online session's e-mail waits (retries) for its meeting link, sending without it only
      // on the last attempt.
      if (booking.booking_type === 'ONLINE' && !booking.google_meet_link && job.attempts < job.max_attempts) {
        throw new Error('the meeting link is not ready yet');
      }
      await mailer.send(bookingConfirmedEmail(booking, context));
    },
    'email.therapist_notice': withBooking((booking) => therapistNoticeEmail(booking, context)),
    'email.booking_cancelled': async (payload) => {
      for (const recipient of ['client', 'therapist'] as const) {
        await enqueueJob(db, {
          kind: `email.booking_cancelled.${recipient}` as const,
          payload: { booking_id: payload.booking_id },
          dedupeKey: `booking-cancelled-${recipient}:${payload.booking_id}`,
        });
      }
    },
    'email.booking_cancelled.client': withBooking((booking) =>
      bookingCancelledEmail(booking, context, 'client'),
    ),
    'email.booking_cancelled.therapist': withBooking((booking) =>
      bookingCancelledEmail(booking, context, 'therapist'),
    ),
    'email.refund_needed': withBooking((booking) => refundNeededEmail(booking, context)),
    // Only about the refund that stands: not one that failed since (another job tells of its successor).
    'email.refund_issued': withBooking((booking, payload) =>
      booking.refund_id && (payload.refund_id === undefined || payload.refund_id === booking.refund_id)
        ? refundIssuedEmail(booking, context)
        : undefined,
    ),
    // Not for a record voided before the job ran (entered by mistake).
    'email.payment_receipt': async (payload) => {
      const booking = await loadBooking(Number(payload.booking_id));
      const payment = await findCentrePayment(db, Number(payload.payment_id), context.timeZone);
      if (!booking?.client_email || !payment || payment.voided) return;
      await mailer.send(paymentReceiptEmail(booking, payment, context));
    },
  };
}
