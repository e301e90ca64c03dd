import { therapistDisplayName } from '@therapy/shared/therapist-name';
import { createCalendarInvite } from './calendar-invite.ts';
import { ENGLISH, type Wording } from './email-parts.ts';
import type { BookingForEmail, EmailContext } from './email-types.ts';
import type { OutgoingMail } from './mailer.ts';

type MailAttachment = NonNullable<OutgoingMail['attachments']>[number];

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
  { t }: Wording = ENGLISH,
): MailAttachment {
  const online = booking.booking_type === 'ONLINE';
  const content = createCalendarInvite({
    uid: `booking-${booking.id}@${new URL(context.publicUrl).hostname}`,
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
  });
  return {
    filename: method === 'CANCEL' ? 'cancelled-session.ics' : 'session.ics',
    content,
    contentType: `text/calendar; charset=utf-8; method=${method}`,
  };
}
