import { isPaid, isPaidOnline } from '@therapy/shared/booking-states';
import { therapistDisplayName } from '@therapy/shared/therapist-name';
import {
  clientGreeting,
  clientWording,
  compose,
  ENGLISH,
  intakeLine,
  type Line,
  manageLine,
  noticeNote,
  sessionLines,
} from './email-parts.ts';
import type { BookingForEmail, EmailContext } from './email-types.ts';
import type { OutgoingMail } from './mailer.ts';
import { sessionInvite } from './session-invite.ts';

// Where the client messages' dates and times were formatted before their languages: kept for callers.
export { formatClockTime, formatLongDate } from '../texts/formats.ts';
// The types live in email-types.ts, so the e-mails' parts need not import this file.
export type { BookingForEmail, EmailContext };

export function bookingConfirmedEmail(booking: BookingForEmail, context: EmailContext): OutgoingMail {
  const online = booking.booking_type === 'ONLINE';
  const wording = clientWording(booking);
  const { t, amount } = wording;
  const paid = online || isPaid(booking);
  const payment = booking.payment_transaction_id;
  const amountLine: Line = paid
    ? [
        t('labelAmountPaid'),
        payment
          ? t('amountWithPayment', { amount: amount(booking.amount_paise), payment })
          : amount(booking.amount_paise),
      ]
    : [t('labelAmount'), t('amountAtVisit', { amount: amount(booking.amount_paise) })];
  const mail = compose(
    t('confirmedSubject', {
      date: wording.date(booking.booking_date),
      time: wording.time(booking.start_time),
    }),
    clientGreeting(booking, wording),
    t('confirmedIntro', { therapist: therapistDisplayName(booking.therapist_name) }),
    [
      ...sessionLines(booking, context, wording),
      ...manageLine(booking, wording),
      ...intakeLine(booking, wording),
      amountLine,
    ],
    [t(online ? 'joinEarly' : 'arriveEarly'), noticeNote(context, wording), t('inviteAttached')],
    booking.client_email ?? '',
    wording.language,
  );
  const cc = booking.guardian_email ? { cc: booking.guardian_email } : {};
  return { ...mail, ...cc, attachments: [sessionInvite(booking, context, 'REQUEST', wording)] };
}

/** To the therapist, in English: who booked, with the client's contact and note. */
export function therapistNoticeEmail(booking: BookingForEmail, context: EmailContext): OutgoingMail {
  // The therapist's own link to the room: a moderator's under jitsi-jwt (decision 053).
  const link = booking.therapist_meeting_link ?? booking.google_meet_link;
  const lines = sessionLines({ ...booking, google_meet_link: link }, context);
  lines.push(
    ['Client', booking.client_full_name ?? ''],
    ['Client e-mail', booking.client_email ?? ''],
    ['Client mobile', booking.client_mobile ?? ''],
  );
  if (booking.client_note) lines.push(['Client note', booking.client_note]);
  return compose(
    `New booking: ${ENGLISH.moment(booking.booking_date, booking.start_time)}`,
    `Dear ${therapistDisplayName(booking.therapist_name)},`,
    'A session has been booked with you.',
    lines,
    [],
    booking.therapist_email ?? '',
  );
}

/** The client's words of a cancellation: who cancelled, the refund due, where to book again. */
function clientCancellation(booking: BookingForEmail, context: EmailContext) {
  const wording = clientWording(booking);
  const { t } = wording;
  return {
    wording,
    greeting: clientGreeting(booking, wording),
    intro: t(booking.cancelled_by === 'client' ? 'cancelledByClient' : 'cancelledByClinic'),
    notes: [
      ...(isPaidOnline(booking)
        ? [t('cancelledRefund', { amount: wording.amount(booking.amount_paise) })]
        : []),
      t('bookAgain', { url: `${context.publicUrl}/book` }),
    ],
  };
}

function therapistCancellation(booking: BookingForEmail) {
  return {
    wording: ENGLISH,
    greeting: `Dear ${therapistDisplayName(booking.therapist_name)},`,
    intro: `The session with ${booking.client_full_name ?? 'the client'} has been cancelled.`,
    notes: [],
  };
}

export function bookingCancelledEmail(
  booking: BookingForEmail,
  context: EmailContext,
  recipient: 'client' | 'therapist',
): OutgoingMail {
  const toClient = recipient === 'client';
  const { wording, greeting, intro, notes } = toClient
    ? clientCancellation(booking, context)
    : therapistCancellation(booking);
  const mail = compose(
    wording.t('cancelledSubject', {
      date: wording.date(booking.booking_date),
      time: wording.time(booking.start_time),
    }),
    greeting,
    intro,
    sessionLines(booking, context, wording, { meetingLink: false }),
    notes,
    (toClient ? booking.client_email : booking.therapist_email) ?? '',
    wording.language,
  );
  // The calendars that took the confirmation's invite drop the event (same UID, higher SEQUENCE).
  return { ...mail, attachments: [sessionInvite(booking, context, 'CANCEL', wording)] };
}
