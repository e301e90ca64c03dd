import { therapistDisplayName } from '@therapy/shared/therapist-name';
import type { BookingForEmail, EmailContext } from '../email/booking-emails.ts';
import {
  clientGreeting,
  clientWording,
  compose,
  intakeLine,
  manageLine,
  noticeNote,
  sessionLines,
} from '../email/email-parts.ts';
import type { OutgoingMail } from '../email/mailer.ts';

/**
 * To the client, before the session, in their language: when and where, the manage link and the
 * notice rule; the reminder a day or more ahead links the questionnaire the session brings.
 */
export function reminderEmail(booking: BookingForEmail, context: EmailContext): OutgoingMail {
  const wording = clientWording(booking);
  const { t } = wording;
  return compose(
    t('reminderSubject', {
      date: wording.date(booking.booking_date),
      time: wording.time(booking.start_time),
    }),
    clientGreeting(booking, wording),
    t('reminderIntro', { therapist: therapistDisplayName(booking.therapist_name) }),
    [
      ...sessionLines(booking, context, wording),
      ...manageLine(booking, wording),
      ...intakeLine(booking, wording),
    ],
    [t(booking.booking_type === 'ONLINE' ? 'joinEarly' : 'arriveEarly'), noticeNote(context, wording)],
    booking.client_email ?? '',
    wording.language,
  );
}
