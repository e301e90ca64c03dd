import { therapistDisplayName } from '@therapy/shared/therapist-name';
import type { BookingForEmail, EmailContext } from './booking-emails.ts';
import {
  clientGreeting,
  clientWording,
  compose,
  ENGLISH,
  type Line,
  manageLine,
  noticeNote,
  sessionLines,
  type Wording,
} from './email-parts.ts';
import type { OutgoingMail } from './mailer.ts';
import { sessionInvite } from './session-invite.ts';

/** Where a moved booking was before (clinic-local date and start). */
export type PreviousSlot = { date: string; start_time: string };

/** The client's words of the move, in their language, with the new manage link. */
function clientWords(booking: BookingForEmail, context: EmailContext, wording: Wording) {
  const { t } = wording;
  const when = { date: wording.date(booking.booking_date), time: wording.time(booking.start_time) };
  return {
    greeting: clientGreeting(booking, wording),
    intro: t('movedIntro', { therapist: therapistDisplayName(booking.therapist_name), ...when }),
    manage: manageLine(booking, wording),
    notes: [noticeNote(context, wording), t('oldLinkVoid'), t('inviteUpdated')],
  };
}

function therapistWords(booking: BookingForEmail) {
  const now = ENGLISH.moment(booking.booking_date, booking.start_time);
  return {
    greeting: `Dear ${therapistDisplayName(booking.therapist_name)},`,
    intro: `The session with ${booking.client_full_name ?? 'the client'} has been moved by the client to ${now}.`,
    manage: [],
    notes: [ENGLISH.t('inviteUpdated')],
  };
}

/**
 * A booking moved to another time by its client: old and new time, and the invite updated (same
 * UID, SEQUENCE raised) so calendars move the event. The client's carries the new manage link and
 * is in the client's language; the therapist's is in English.
 */
export function bookingRescheduledEmail(
  booking: BookingForEmail,
  context: EmailContext,
  recipient: 'client' | 'therapist',
  from: PreviousSlot,
): OutgoingMail {
  const toClient = recipient === 'client';
  const wording = toClient ? clientWording(booking) : ENGLISH;
  const words = toClient ? clientWords(booking, context, wording) : therapistWords(booking);
  const previously: Line = [wording.t('labelPreviously'), wording.moment(from.date, from.start_time)];
  const mail = compose(
    wording.t('movedSubject', {
      date: wording.date(booking.booking_date),
      time: wording.time(booking.start_time),
    }),
    words.greeting,
    words.intro,
    [...sessionLines(booking, context, wording), previously, ...words.manage],
    words.notes,
    (toClient ? booking.client_email : booking.therapist_email) ?? '',
    wording.language,
  );
  return { ...mail, attachments: [sessionInvite(booking, context, 'REQUEST', wording)] };
}
