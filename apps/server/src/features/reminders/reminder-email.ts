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
} from '../notifications/booking-emails.ts';
import type { OutgoingMail } from '../notifications/mailer.ts';
import { EARLY_NOTE } from '../notifications/session-invite.ts';

/** To the client, before the session: when and where, the manage link and the notice rule. */
export function reminderEmail(booking: BookingForEmail, context: EmailContext): OutgoingMail {
  const online = booking.booking_type === 'ONLINE';
  return compose(
    `Reminder: your session on ${formatLongDate(booking.booking_date)} at ${formatClockTime(booking.start_time)}`,
    `Dear ${booking.client_full_name ?? 'client'},`,
    `This is a reminder of your session with ${therapistDisplayName(booking.therapist_name)}.`,
    [...sessionLines(booking, context), ...manageLine(booking)],
    [
      online ? 'Open the meeting link a few minutes before the session starts.' : EARLY_NOTE,
      noticeNote(context),
    ],
    booking.client_email ?? '',
  );
}
