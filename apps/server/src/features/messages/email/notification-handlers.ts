import { parseReminderOffsets } from '../../../config.ts';
import type { Database } from '../../../db/database.ts';
import type { JobHandlers, JobPayloads, JobRow } from '../../jobs/job-kinds.ts';
import { enqueueJob } from '../../jobs/jobs-repo.ts';
import { measureLinkFor } from '../../measures/measure-links.ts';
import { paidBookingSource } from '../../receipts/issue-documents.ts';
import { documentAttachment } from '../../receipts/receipts-service.ts';
import { deliverOnce, type MessageKind, type MessageRecipient } from '../log/message-log.ts';
import { reminderStillDue } from '../reminders/reminder-booking.ts';
import { reminderEmail } from '../reminders/reminder-email.ts';
import { reminderMessageKey } from '../reminders/reminder-jobs.ts';
import {
  type BookingForEmail,
  bookingCancelledEmail,
  bookingConfirmedEmail,
  type EmailContext,
  therapistNoticeEmail,
} from './booking-emails.ts';
import { signedMailer } from './clinic-signature.ts';
import { loadBookingForEmail } from './email-booking.ts';
import type { Mailer, OutgoingMail } from './mailer.ts';
import type { MoveEmailJobKind } from './move-email-handlers.ts';
import { findCentrePayment, paymentReceiptEmail } from './payment-receipt-email.ts';
import { refundIssuedEmail, refundNeededEmail } from './refund-emails.ts';
import type { SeriesEmailJobKind } from './series-email-handlers.ts';

/**
 * The e-mail kinds of job-kinds.ts, each with its handler here (a move's: move-email-handlers.ts;
 * a standing appointment's: series-email-handlers.ts).
 */
type EmailJobKind = Exclude<
  Extract<keyof JobPayloads, `email.${string}`>,
  MoveEmailJobKind | SeriesEmailJobKind
>;
export type EmailJobHandlers = Pick<JobHandlers, EmailJobKind>;

const DAY_MINUTES = 24 * 60;
/** A reminder's offset label ('24h', '1d': REMINDER_OFFSETS' own reading) in minutes; 0 when unreadable. */
export const offsetMinutes = (label: string) =>
  /^\d{1,4}[mhd]$/.test(label) ? (parseReminderOffsets(label)[0]?.minutes ?? 0) : 0;

/** A message's entry in the booking's message log: its kind, its once-per key, whom it was for. */
type LogEntry = { kind: MessageKind; key: string; recipient?: MessageRecipient };

/** Once per booking (the confirmation, the client's cancellation notice). */
const oncePerBooking =
  (kind: MessageKind) =>
  (booking: BookingForEmail): LogEntry => ({ kind, key: `${kind}:email:${booking.id}` });

/**
 * The e-mail jobs. Each sends one message, so a retry never sends another recipient's message
 * twice; a cancellation fans out into one job per recipient. Every message to the client goes
 * through the booking's message log (deliverOnce): the admin sees it, and it goes at most once.
 */
export function createNotificationHandlers(
  db: Database,
  baseMailer: Mailer,
  context: EmailContext,
  options: { now?: () => Date } = {},
): EmailJobHandlers {
  const now = options.now ?? (() => new Date());
  const mailer = signedMailer(db, baseMailer, context.productName);
  const loadBooking = (id: number) => loadBookingForEmail(db, context, id);
  const questionnaireOf = async (id: number) =>
    context.measureLinks ? measureLinkFor(db, context.measureLinks, id) : null;
  /**
   * Sends a message through the booking's log: a client's signed in the client's language, a
   * therapist's or the clinic's in English.
   */
  async function send(mail: OutgoingMail, booking: BookingForEmail, logged: LogEntry) {
    const recipient = logged.recipient ?? 'client';
    const message = {
      bookingId: booking.id,
      kind: logged.kind,
      channel: 'email' as const,
      dedupeKey: logged.key,
      recipient,
    };
    const language = recipient === 'client' ? booking.client_language : undefined;
    await deliverOnce(db, message, () => mailer.send(mail, language), context.onDelivery);
  }
  const withBooking =
    <P extends { booking_id: number }>(
      build: (booking: BookingForEmail, payload: P) => OutgoingMail | undefined,
      logged: (booking: BookingForEmail, job: JobRow) => LogEntry,
    ) =>
    async (payload: P, job: JobRow) => {
      const booking = await loadBooking(Number(payload.booking_id));
      // Gone since, or an admin's block of a slot: nobody to tell.
      if (!booking || booking.booking_type === 'ADMIN_BLOCK') return;
      const mail = build(booking, payload);
      if (mail?.to) await send(mail, booking, logged(booking, job));
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
      const withIntake = { ...booking, intake: await questionnaireOf(booking.id) };
      // Paid online: its receipt or invoice (decision 057) goes with it as a PDF.
      const mail = bookingConfirmedEmail(withIntake, context);
      const paper = booking.payment_transaction_id
        ? await documentAttachment(db, paidBookingSource(booking.id, booking.payment_transaction_id))
        : undefined;
      const withPaper = paper
        ? { ...mail, attachments: [...(mail.attachments ?? []), paper.attachment] }
        : mail;
      await send(withPaper, withIntake, oncePerBooking('confirmation')(booking));
    },
    'email.therapist_notice': withBooking(
      (booking) => therapistNoticeEmail(booking, context),
      (booking) => ({
        kind: 'therapist_notice',
        key: `therapist_notice:email:${booking.id}`,
        recipient: 'therapist',
      }),
    ),
    'email.booking_cancelled': async (payload) => {
      for (const recipient of ['client', 'therapist'] as const) {
        await enqueueJob(db, {
          kind: `email.booking_cancelled.${recipient}` as const,
          payload: { booking_id: payload.booking_id },
          dedupeKey: `booking-cancelled-${recipient}:${payload.booking_id}`,
        });
      }
    },
    'email.booking_cancelled.client': withBooking(
      (booking) => bookingCancelledEmail(booking, context, 'client'),
      oncePerBooking('cancelled'),
    ),
    'email.booking_cancelled.therapist': withBooking(
      (booking) => bookingCancelledEmail(booking, context, 'therapist'),
      (booking) => ({
        kind: 'therapist_cancelled',
        key: `therapist_cancelled:email:${booking.id}`,
        recipient: 'therapist',
      }),
    ),
    // Once per job: a refund that failed later tells the clinic again (another job).
    'email.refund_needed': withBooking(
      (booking) => refundNeededEmail(booking, context),
      (booking, job) => ({
        kind: 'refund_needed',
        key: `refund_needed:email:${booking.id}:${job.id}`,
        recipient: 'clinic',
      }),
    ),
    // Only about the refund that stands: not one that failed since (another job tells of its successor).
    'email.refund_issued': withBooking(
      (booking, payload) =>
        booking.refund_id && (payload.refund_id === undefined || payload.refund_id === booking.refund_id)
          ? refundIssuedEmail(booking, context)
          : undefined,
      // Once per refund: the refund the e-mail tells of.
      (booking) => ({ kind: 'refund_issued', key: `refund_issued:email:${booking.id}:${booking.refund_id}` }),
    ),
    // Not for a record voided before the job ran (entered by mistake).
    'email.payment_receipt': async (payload) => {
      const booking = await loadBooking(Number(payload.booking_id));
      const payment = await findCentrePayment(db, Number(payload.payment_id), context.timeZone);
      if (!booking?.client_email || !payment || payment.voided) return;
      // Once per payment recorded.
      const logged: LogEntry = { kind: 'payment_receipt', key: `payment_receipt:email:${payment.id}` };
      // Its numbered receipt or invoice (decision 057), as a PDF attached.
      const paper = await documentAttachment(db, `centre:${payment.id}`);
      await send(paymentReceiptEmail(booking, payment, context, paper), booking, logged);
    },
    // Checked again as it goes (cancelled, moved, begun, quiet hours), then once per offset and slot.
    'email.reminder': async (payload) => {
      if (!(await reminderStillDue(db, payload, context.timeZone, now()))) return;
      const loaded = await loadBooking(Number(payload.booking_id));
      if (!loaded?.client_email) return;
      // The reminder a day or more ahead links the questionnaire (decision 058): time to answer it.
      const intake = offsetMinutes(payload.offset) >= DAY_MINUTES ? await questionnaireOf(loaded.id) : null;
      const booking = { ...loaded, intake };
      const message = {
        bookingId: booking.id,
        kind: 'reminder' as const,
        channel: 'email' as const,
        dedupeKey: reminderMessageKey('email', payload),
        detail: payload.offset,
      };
      await deliverOnce(
        db,
        message,
        () => mailer.send(reminderEmail(booking, context), booking.client_language),
        context.onDelivery,
      );
    },
  };
}
