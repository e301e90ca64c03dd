import { isCancelled } from '@therapy/shared/booking-states';
import type { Database } from '../../../db/database.ts';
import type { JobHandlers } from '../../jobs/job-kinds.ts';
import { deliverOnce } from '../log/message-log.ts';
import type { EmailContext } from './booking-emails.ts';
import { bookingRescheduledEmail } from './change-emails.ts';
import { signedMailer } from './clinic-signature.ts';
import { loadBookingForEmail } from './email-booking.ts';
import type { Mailer } from './mailer.ts';

/** The e-mail kinds of a booking's move, each with its handler here. */
export type MoveEmailJobKind = 'email.booking_rescheduled.client' | 'email.booking_rescheduled.therapist';

/** A move's e-mails to the client and the therapist: the old and new time and an updated invite. */
export function createMoveEmailHandlers(
  db: Database,
  baseMailer: Mailer,
  context: EmailContext,
): Pick<JobHandlers, MoveEmailJobKind> {
  // Signed in the message's language: the client's for the client's e-mail, English for the therapist's.
  const { send } = signedMailer(db, baseMailer, context.productName);

  /** The booking, unless it was moved again (a later move's e-mail supersedes) or cancelled since. */
  async function movedBooking(bookingId: number, sequence: number) {
    const booking = await loadBookingForEmail(db, context, bookingId);
    if (!booking || booking.booking_type === 'ADMIN_BLOCK') return undefined;
    if (booking.invite_sequence !== sequence || isCancelled(booking)) return undefined;
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
        context.onDelivery,
      );
    },
    'email.booking_rescheduled.therapist': async (payload) => {
      const booking = await movedBooking(payload.booking_id, payload.sequence);
      if (!booking?.therapist_email) return;
      const from = { date: payload.from_date, start_time: payload.from_start_time };
      await deliverOnce(
        db,
        {
          bookingId: booking.id,
          kind: 'therapist_rescheduled',
          channel: 'email',
          dedupeKey: `therapist_rescheduled:email:${booking.id}:${payload.sequence}`,
          recipient: 'therapist',
        },
        () => send(bookingRescheduledEmail(booking, context, 'therapist', from)),
        context.onDelivery,
      );
    },
  };
}
