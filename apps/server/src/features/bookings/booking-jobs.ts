import type { Queryable } from '../../db/database.ts';
import { enqueueJob } from '../jobs/jobs-repo.ts';
import { enqueueReminderPlanning } from '../reminders/reminder-jobs.ts';
import { enqueueWhatsAppConfirmation } from '../whatsapp/whatsapp-jobs.ts';

/*
 * The jobs a booking's change causes, written in the same transaction as the change. Each once
 * per booking (the dedupe keys), however often the change is retried or replayed.
 */

/** The client's confirmation (on WhatsApp too, with consent), the therapist's notice, and the reminders' plan. */
export async function enqueueBookingConfirmedEmails(db: Queryable, bookingId: number) {
  await enqueueJob(db, {
    kind: 'email.booking_confirmed',
    payload: { booking_id: bookingId },
    dedupeKey: `booking-confirmed:${bookingId}`,
  });
  await enqueueJob(db, {
    kind: 'email.therapist_notice',
    payload: { booking_id: bookingId },
    dedupeKey: `therapist-notice:${bookingId}`,
  });
  await enqueueWhatsAppConfirmation(db, bookingId);
  await enqueueReminderPlanning(db, bookingId);
}

/** Tells the client and the therapist (sent by the notifications worker). */
export async function enqueueBookingCancelledEmails(db: Queryable, bookingId: number) {
  await enqueueJob(db, {
    kind: 'email.booking_cancelled',
    payload: { booking_id: bookingId },
    dedupeKey: `email.booking_cancelled:${bookingId}`,
  });
}

/** Tells the clinic a paid booking's money must go back. */
export async function enqueueRefundNeededEmail(db: Queryable, bookingId: number) {
  await enqueueJob(db, {
    kind: 'email.refund_needed',
    payload: { booking_id: bookingId },
    dedupeKey: `refund-needed:${bookingId}`,
  });
}

/** A client's own cancellation of a booking paid online: refunded in full by the system. */
export async function enqueueClientCancellationRefund(db: Queryable, bookingId: number) {
  await enqueueJob(db, {
    kind: 'payment.refund_cancelled_booking',
    payload: { booking_id: bookingId },
    dedupeKey: `refund-cancelled-booking:${bookingId}`,
  });
}

/**
 * A booking moved to another time (`sequence`: its invite_sequence after the move; `from`: where it
 * was): the client and the therapist get the old and new time and an updated invite, once per move,
 * and the reminders are planned for the new time (the old time's reminders find it gone).
 */
export async function enqueueBookingMovedJobs(
  db: Queryable,
  bookingId: number,
  sequence: number,
  from: { date: string; start_time: string },
) {
  for (const recipient of ['client', 'therapist'] as const) {
    await enqueueJob(db, {
      kind: `email.booking_rescheduled.${recipient}` as const,
      payload: { booking_id: bookingId, sequence, from_date: from.date, from_start_time: from.start_time },
      dedupeKey: `booking-rescheduled-${recipient}:${bookingId}:${sequence}`,
    });
  }
  await enqueueReminderPlanning(db, bookingId);
}

/** An online session's meeting link, made by a job when it could not be made at once. */
export async function enqueueMeetingLinkJob(db: Queryable, bookingId: number) {
  await enqueueJob(db, {
    kind: 'meeting.create_link',
    payload: { booking_id: bookingId },
    dedupeKey: `meeting-link:${bookingId}`,
  });
}
