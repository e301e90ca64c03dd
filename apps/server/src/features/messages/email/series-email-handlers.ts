import { type BookingFacts, holdsSlot, isPaid } from '@therapy/shared/booking-states';
import type { Database } from '../../../db/database.ts';
import { seriesSessionIds } from '../../bookings/series-pay.ts';
import type { JobHandlers, JobRow } from '../../jobs/job-kinds.ts';
import { deliverOnce, type LoggedMessage } from '../log/message-log.ts';
import type { BookingForEmail, EmailContext } from './booking-emails.ts';
import { signedMailer } from './clinic-signature.ts';
import { loadBookingForEmail } from './email-booking.ts';
import type { Mailer, OutgoingMail } from './mailer.ts';
import { findBookingForEmail } from './notifications-repo.ts';
import {
  seriesCancelledEmail,
  seriesConfirmedEmail,
  seriesPaymentLinkEmail,
  seriesSessionReleasedEmail,
  seriesTherapistNoticeEmail,
} from './series-emails.ts';

/** A session still holding its time (the e-mail's row states its status as a string). */
const held = (session: BookingForEmail) =>
  holdsSlot(session as BookingForEmail & Pick<BookingFacts, 'payment_status'>);

/**
 * An online series' message waits (retries) for its paid sessions' meeting links, as a single
 * booking's does, sending without them only on the last attempt.
 */
function waitForMeetingLinks(sessions: readonly BookingForEmail[], job: JobRow) {
  const linkMissing = sessions.some((s) => s.booking_type === 'ONLINE' && isPaid(s) && !s.google_meet_link);
  if (linkMissing && job.attempts < job.max_attempts) throw new Error('a meeting link is not ready yet');
}

/** The e-mail kinds of standing appointments (decision 056), each with its handler here. */
export type SeriesEmailJobKind =
  | 'email.series_confirmed'
  | 'email.series_therapist_notice'
  | 'email.series_cancelled.client'
  | 'email.series_cancelled.therapist'
  | 'email.series_payment_link'
  | 'email.series_session_released';

/**
 * Each goes through the message log of one booking of the series (the first it speaks of), once;
 * the admin sees it there. The confirmation of an online series waits (retries) for its sessions'
 * meeting links, as a single booking's does.
 */
export function createSeriesEmailHandlers(
  db: Database,
  baseMailer: Mailer,
  context: EmailContext,
): Pick<JobHandlers, SeriesEmailJobKind> {
  const { send } = signedMailer(db, baseMailer, context.productName);
  const deliver = (
    mail: OutgoingMail,
    booking: BookingForEmail,
    message: Omit<LoggedMessage, 'bookingId' | 'channel'>,
  ) =>
    deliverOnce(
      db,
      { ...message, bookingId: booking.id, channel: 'email' },
      () => send(mail, message.recipient === 'therapist' ? 'en' : booking.client_language),
      context.onDelivery,
    );

  /** The sessions, by date: the first with the client's manage link (the series' page). */
  async function sessionsOf(ids: readonly number[]): Promise<BookingForEmail[]> {
    const sessions: BookingForEmail[] = [];
    for (const id of ids) {
      const session = await findBookingForEmail(db, id);
      if (session) sessions.push(session);
    }
    sessions.sort((a, b) =>
      `${a.booking_date}${a.start_time}`.localeCompare(`${b.booking_date}${b.start_time}`),
    );
    const first = sessions[0] && (await loadBookingForEmail(db, context, sessions[0].id));
    return first ? [first, ...sessions.slice(1)] : [];
  }

  async function cancelled(ids: number[], recipient: 'client' | 'therapist') {
    const sessions = await sessionsOf(ids);
    const first = sessions[0];
    if (!first || !(recipient === 'client' ? first.client_email : first.therapist_email)) return;
    const kind = recipient === 'client' ? 'cancelled' : 'therapist_cancelled';
    await deliver(seriesCancelledEmail(sessions, context, recipient), first, {
      kind,
      dedupeKey: `${kind}:email:series:${ids.join(',')}`.slice(0, 200),
      recipient,
      detail: `${sessions.length} sessions`,
    });
  }

  return {
    'email.series_confirmed': async ({ series_id }, job) => {
      const sessions = (await sessionsOf(await seriesSessionIds(db, series_id))).filter(held);
      const first = sessions[0];
      if (!first?.client_email) return;
      waitForMeetingLinks(sessions, job);
      await deliver(seriesConfirmedEmail(sessions, context), first, {
        kind: 'confirmation',
        dedupeKey: `confirmation:email:series:${series_id}`,
        detail: `${sessions.length} sessions`,
      });
    },
    'email.series_therapist_notice': async ({ series_id }, job) => {
      // Each session with its links as the therapist's own notice has them (a moderator's room).
      const sessions: BookingForEmail[] = [];
      for (const { id } of (await sessionsOf(await seriesSessionIds(db, series_id))).filter(held)) {
        const session = await loadBookingForEmail(db, context, id);
        if (session) sessions.push(session);
      }
      const first = sessions[0];
      if (!first?.therapist_email) return;
      waitForMeetingLinks(sessions, job);
      await deliver(seriesTherapistNoticeEmail(sessions, context), first, {
        kind: 'therapist_notice',
        dedupeKey: `therapist_notice:email:series:${series_id}`,
        recipient: 'therapist',
        detail: `${sessions.length} sessions`,
      });
    },
    'email.series_cancelled.client': ({ booking_ids }) => cancelled(booking_ids, 'client'),
    'email.series_cancelled.therapist': ({ booking_ids }) => cancelled(booking_ids, 'therapist'),
    'email.series_payment_link': async ({ booking_id }) => {
      const booking = await loadBookingForEmail(db, context, booking_id);
      const url = booking?.payment_link_url;
      if (!booking?.client_email || !url || !booking.hold_expires_at || !held(booking)) return;
      const mail = seriesPaymentLinkEmail(booking, context, { url, payBy: booking.hold_expires_at });
      await deliver(mail, booking, {
        kind: 'reminder',
        dedupeKey: `payment_link:email:${booking.id}`,
        detail: 'payment link',
      });
    },
    'email.series_session_released': async ({ booking_id }) => {
      const booking = await loadBookingForEmail(db, context, booking_id);
      if (!booking?.client_email) return;
      await deliver(seriesSessionReleasedEmail(booking, context), booking, {
        kind: 'cancelled',
        dedupeKey: `released:email:${booking.id}`,
        detail: 'released unpaid',
      });
    },
  };
}
