import { therapistDisplayName } from '@therapy/shared/therapist-name';
import { createCalendarInvite, type InviteEvent } from './calendar-invite.ts';
import { ENGLISH, type Wording } from './email-parts.ts';
import type { BookingForEmail, EmailContext } from './email-types.ts';
import type { OutgoingMail } from './mailer.ts';

type MailAttachment = NonNullable<OutgoingMail['attachments']>[number];

/** The calendar's UID of a booking's session: the same in every invite that speaks of it. */
export const sessionUid = (bookingId: number, context: Pick<EmailContext, 'publicUrl'>) =>
  `booking-${bookingId}@${new URL(context.publicUrl).hostname}`;

/** A booking's session as an event of an invite (its text in the e-mail's language). */
function sessionEvent(
  booking: BookingForEmail,
  context: EmailContext,
  method: 'REQUEST' | 'CANCEL',
  { t }: Wording,
): InviteEvent {
  const online = booking.booking_type === 'ONLINE';
  return {
    uid: sessionUid(booking.id, context),
    sequence: booking.invite_sequence,
    cancelled: method === 'CANCEL',
    date: booking.booking_date,
    startTime: booking.start_time,
    endTime: booking.end_time,
    timeZone: context.timeZone,
    summary: t('inviteSummary', { therapist: therapistDisplayName(booking.therapist_name) }),
    description: [
      online ? t('inviteJoin', { link: booking.google_meet_link ?? '' }) : t('arriveEarly'),
      ...(booking.manage_url && method === 'REQUEST' ? [t('inviteManage', { url: booking.manage_url })] : []),
    ].join('\n'),
    location: online
      ? (booking.google_meet_link ?? t('inviteOnline'))
      : `${booking.location_name}, ${booking.location_address}`,
    organizerEmail: context.from,
    attendee: { name: booking.client_full_name ?? '', email: booking.client_email ?? '' },
  };
}

/**
 * A booking's calendar invite, one event per booking: every invite of it (the confirmation, a
 * reschedule's update, a cancellation) has the same UID, and SEQUENCE = bookings.invite_sequence,
 * raised by each change, so calendars replace the event they hold. Its text is in the language of
 * the e-mail it is attached to.
 */
export function sessionInvite(
  booking: BookingForEmail,
  context: EmailContext,
  method: 'REQUEST' | 'CANCEL' = 'REQUEST',
  wording: Wording = ENGLISH,
): MailAttachment {
  return {
    filename: method === 'CANCEL' ? 'cancelled-session.ics' : 'session.ics',
    content: createCalendarInvite(sessionEvent(booking, context, method, wording)),
    contentType: `text/calendar; charset=utf-8; method=${method}`,
  };
}

/**
 * The invite of a standing appointment's sessions (decision 056): one VEVENT per session, each
 * with the UID and SEQUENCE its own invites carry, so a calendar holds the series as its sessions
 * and a later move or cancellation of one (sessionInvite) updates that one alone.
 */
export function seriesInvite(
  sessions: readonly BookingForEmail[],
  context: EmailContext,
  method: 'REQUEST' | 'CANCEL',
  wording: Wording = ENGLISH,
): MailAttachment {
  return {
    filename: method === 'CANCEL' ? 'cancelled-sessions.ics' : 'sessions.ics',
    content: createCalendarInvite(sessions.map((session) => sessionEvent(session, context, method, wording))),
    contentType: `text/calendar; charset=utf-8; method=${method}`,
  };
}
