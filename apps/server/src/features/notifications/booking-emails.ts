import { therapistDisplayName } from '@therapy/shared/therapist-name';
import type { NoteCipher } from '../bookings/note-cipher.ts';
import type { ManageLinkKey } from '../self-service/manage-link.ts';
import type { ClientLanguage } from './client-messages/catalogue.ts';
import {
  clientGreeting,
  clientWording,
  compose,
  ENGLISH,
  type Line,
  manageLine,
  noticeNote,
  sessionLines,
} from './email-parts.ts';
import type { OutgoingMail } from './mailer.ts';
import { sessionInvite } from './session-invite.ts';

// Where the client messages' dates and times were formatted before their languages: kept for callers.
export { formatClockTime, formatLongDate } from './client-messages/formats.ts';

/** What the e-mails say of a booking (loaded by notifications-repo.ts). */
export type BookingForEmail = {
  id: number;
  booking_type: 'ONLINE' | 'OFFLINE' | 'ADMIN_BLOCK';
  payment_status: string;
  booking_date: string;
  start_time: string;
  end_time: string;
  client_full_name: string | null;
  client_email: string | null;
  client_mobile: string | null;
  client_note: string | null;
  /** A minor's parent or guardian, copied on the confirmation (issue 14). */
  guardian_email: string | null;
  therapist_name: string;
  therapist_email: string | null;
  location_name: string | null;
  location_address: string | null;
  amount_paise: number;
  google_meet_link: string | null;
  payment_transaction_id: string | null;
  /** A payment was captured online, through the payment provider. */
  paid_online: boolean;
  /** Not cancelled, with a standing payment recorded at the centre: an online payment on top is refunded. */
  paid_at_centre: boolean;
  /** The refund of that payment, once made. */
  refund_id: string | null;
  refund_amount_paise: number | null;
  /** The calendar invite's SEQUENCE: raised by each reschedule and by a cancellation. */
  invite_sequence: number;
  /** Who cancelled it, when cancelled ('client' from the manage link, 'clinic'; null before 0009). */
  cancelled_by: 'client' | 'clinic' | null;
  /** The language of every message to the client (and a guardian copied): bookings.client_language. */
  client_language: ClientLanguage;
  /** The client's manage link (PUBLIC_URL/manage/{token}); set by the handlers for client messages. */
  manage_url?: string;
};

export type EmailContext = {
  timeZone: string;
  from: string;
  publicUrl: string;
  productName: string;
  /** Makes the clients' manage links (features/self-service/manage-link.ts). */
  manageLinkKey: ManageLinkKey;
  /** CANCELLATION_NOTICE_HOURS: until when a client may cancel or reschedule themselves. */
  cancellationNoticeHours: number;
  /** Opens the client's note, sealed at rest (decision 038), for the therapist's e-mail. */
  notes: NoteCipher;
};

export function bookingConfirmedEmail(booking: BookingForEmail, context: EmailContext): OutgoingMail {
  const online = booking.booking_type === 'ONLINE';
  const wording = clientWording(booking);
  const { t, amount } = wording;
  const paid = online || booking.payment_status === 'COMPLETED';
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
    [...sessionLines(booking, context, wording), ...manageLine(booking, wording), amountLine],
    [t(online ? 'joinEarly' : 'arriveEarly'), noticeNote(context, wording), t('inviteAttached')],
    booking.client_email ?? '',
    wording.language,
  );
  const cc = booking.guardian_email ? { cc: booking.guardian_email } : {};
  return { ...mail, ...cc, attachments: [sessionInvite(booking, context, 'REQUEST', wording)] };
}

/** To the therapist, in English: who booked, with the client's contact and note. */
export function therapistNoticeEmail(booking: BookingForEmail, context: EmailContext): OutgoingMail {
  const lines = sessionLines(booking, context);
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
      ...(booking.paid_online
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
