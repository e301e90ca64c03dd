import { therapistDisplayName } from '@therapy/shared/therapist-name';
import {
  type BookingForEmail,
  compose,
  type EmailContext,
  formatClockTime,
  formatLongDate,
  manageLine,
  noticeNote,
  sessionLines,
} from './booking-emails.ts';
import type { OutgoingMail } from './mailer.ts';
import { sessionInvite } from './session-invite.ts';

/** Where a moved booking was before (clinic-local date and start). */
export type PreviousSlot = { date: string; start_time: string };

const moment = (date: string, time: string) => `${formatLongDate(date)} at ${formatClockTime(time)}`;

/**
 * A booking moved to another time by its client: old and new time, and the invite updated (same
 * UID, SEQUENCE raised) so calendars move the event. The client's carries the new manage link.
 */
export function bookingRescheduledEmail(
  booking: BookingForEmail,
  context: EmailContext,
  recipient: 'client' | 'therapist',
  from: PreviousSlot,
): OutgoingMail {
  const toClient = recipient === 'client';
  const now = moment(booking.booking_date, booking.start_time);
  const lines = [
    ...sessionLines(booking, context),
    ['Previously', moment(from.date, from.start_time)] as [string, string],
    ...(toClient ? manageLine(booking) : []),
  ];
  const mail = compose(
    `Booking moved: now ${now}`,
    toClient
      ? `Dear ${booking.client_full_name ?? 'client'},`
      : `Dear ${therapistDisplayName(booking.therapist_name)},`,
    toClient
      ? `Your session with ${therapistDisplayName(booking.therapist_name)} has been moved, as you asked, to ${now}.`
      : `The session with ${booking.client_full_name ?? 'the client'} has been moved by the client to ${now}.`,
    lines,
    toClient
      ? [
          noticeNote(context),
          'Your earlier link to manage this booking no longer works: please use the one above.',
          'An updated calendar invitation is attached.',
        ]
      : ['An updated calendar invitation is attached.'],
    (toClient ? booking.client_email : booking.therapist_email) ?? '',
  );
  return { ...mail, attachments: [sessionInvite(booking, context)] };
}
