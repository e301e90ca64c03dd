import { isAwaitingPayment, isPaid, isPaidOnline } from '@therapy/shared/booking-states';
import { therapistDisplayName } from '@therapy/shared/therapist-name';
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
import type { BookingForEmail, EmailContext } from './email-types.ts';
import type { OutgoingMail } from './mailer.ts';
import { seriesInvite, sessionInvite } from './session-invite.ts';

/**
 * The e-mails of a standing appointment (decision 056): one confirmation listing every date with
 * one invite of all its sessions; one notice of "this and every later one" cancelled; and, paid
 * session by session, each later session's payment link and its release when it went unpaid.
 */

/** "Session 3 of 8: Tuesday, 8 December 2026 at 6:00 PM", each held session by date. */
function dateLines(
  sessions: readonly BookingForEmail[],
  positions: readonly number[],
  wording: Wording,
): Line[] {
  const count = positions.length;
  return sessions.map((session, index) => {
    const moment = wording.moment(session.booking_date, session.start_time);
    return [
      wording.t('labelSessionOf', { position: positions[index] ?? index + 1, count }),
      isAwaitingPayment(session) ? wording.t('seriesAwaitingPayment', { moment }) : moment,
    ];
  });
}

/** The confirmation of a whole series, in the client's language, to the client (and a guardian). */
export function seriesConfirmedEmail(
  sessions: readonly BookingForEmail[],
  context: EmailContext,
): OutgoingMail {
  const first = sessions[0]!;
  const wording = clientWording(first);
  const { t } = wording;
  const online = first.booking_type === 'ONLINE';
  const count = sessions.length;
  const details = sessionLines(first, context, wording).filter(
    ([label]) => label !== t('labelDate') && label !== t('labelTime') && label !== t('labelMeetingLink'),
  );
  const paid = sessions.filter((session) => isPaid(session));
  const amountLine: Line = online
    ? [t('labelAmountPaid'), wording.amount(paid.reduce((sum, session) => sum + session.amount_paise, 0))]
    : [t('labelAmount'), t('amountAtVisit', { amount: wording.amount(first.amount_paise) })];
  const awaiting = sessions.some((session) => isAwaitingPayment(session));
  const mail = compose(
    t('seriesConfirmedSubject', { count, date: wording.date(first.booking_date) }),
    clientGreeting(first, wording),
    t('seriesConfirmedIntro', { therapist: therapistDisplayName(first.therapist_name), count }),
    [
      ...details,
      ...dateLines(
        sessions,
        sessions.map((_, index) => index + 1),
        wording,
      ),
      ...manageLine(first, wording),
      amountLine,
    ],
    [
      ...(awaiting ? [t('seriesPayEach')] : []),
      t(online ? 'joinEarly' : 'arriveEarly'),
      noticeNote(context, wording),
      t('seriesInviteAttached'),
    ],
    first.client_email ?? '',
    wording.language,
  );
  const cc = first.guardian_email ? { cc: first.guardian_email } : {};
  return { ...mail, ...cc, attachments: [seriesInvite(sessions, context, 'REQUEST', wording)] };
}

/**
 * The therapist's notice of a new standing appointment: one e-mail listing every date (a single
 * booking's notice is therapistNoticeEmail), each online session with the therapist's own link.
 */
export function seriesTherapistNoticeEmail(
  sessions: readonly BookingForEmail[],
  context: EmailContext,
): OutgoingMail {
  const first = sessions[0]!;
  const count = sessions.length;
  const details = sessionLines(first, context, ENGLISH, { meetingLink: false }).filter(
    ([label]) => label !== 'Reference' && label !== 'Date' && label !== 'Time',
  );
  const dates = sessions.flatMap((session, index): Line[] => {
    const link = session.therapist_meeting_link ?? session.google_meet_link;
    const date: Line = [
      ENGLISH.t('labelSessionOf', { position: index + 1, count }),
      `${ENGLISH.moment(session.booking_date, session.start_time)} (reference ${session.id})`,
    ];
    return link ? [date, ['Meeting link', link, link]] : [date];
  });
  const client: Line[] = [
    ['Client', first.client_full_name ?? ''],
    ['Client e-mail', first.client_email ?? ''],
    ['Client mobile', first.client_mobile ?? ''],
    ...(first.client_note ? [['Client note', first.client_note] as Line] : []),
  ];
  return compose(
    `New standing appointment: ${count} sessions from ${ENGLISH.date(first.booking_date)}`,
    `Dear ${therapistDisplayName(first.therapist_name)},`,
    `A standing appointment of ${count} sessions has been booked with you.`,
    [...details, ...dates, ...client],
    [],
    first.therapist_email ?? '',
  );
}

/** "This and every later one" cancelled: the dates in one e-mail, with one invite removing them all. */
export function seriesCancelledEmail(
  sessions: readonly BookingForEmail[],
  context: EmailContext,
  recipient: 'client' | 'therapist',
): OutgoingMail {
  const first = sessions[0]!;
  const toClient = recipient === 'client';
  const wording = toClient ? clientWording(first) : ENGLISH;
  const { t } = wording;
  const refunded = sessions.filter((session) => isPaidOnline(session));
  const refund = refunded.reduce((sum, session) => sum + session.amount_paise, 0);
  const lines: Line[] = sessions.map((session) => [
    t('labelDate'),
    wording.moment(session.booking_date, session.start_time),
  ]);
  const mail = compose(
    t('seriesCancelledSubject', { count: sessions.length }),
    toClient ? clientGreeting(first, wording) : `Dear ${therapistDisplayName(first.therapist_name)},`,
    toClient
      ? t('seriesCancelledIntro')
      : `These sessions with ${first.client_full_name ?? 'the client'} have been cancelled by the client:`,
    [[t('labelTherapist'), therapistDisplayName(first.therapist_name)], ...lines],
    toClient
      ? [
          ...(refund > 0 ? [t('seriesCancelledRefund', { amount: wording.amount(refund) })] : []),
          t('bookAgain', { url: `${context.publicUrl}/book` }),
        ]
      : [],
    (toClient ? first.client_email : first.therapist_email) ?? '',
    wording.language,
  );
  return { ...mail, attachments: [seriesInvite(sessions, context, 'CANCEL', wording)] };
}

/** A later session's payment link (paid session by session), to pay by `payBy` (its hold's end). */
export function seriesPaymentLinkEmail(
  booking: BookingForEmail,
  context: EmailContext,
  link: { url: string; payBy: Date },
): OutgoingMail {
  const wording = clientWording(booking);
  const { t } = wording;
  const until = new Intl.DateTimeFormat(wording.language === 'hi' ? 'hi-IN' : 'en-IN', {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: context.timeZone,
  }).format(link.payBy);
  return compose(
    t('payLinkSubject', { date: wording.date(booking.booking_date), time: wording.time(booking.start_time) }),
    clientGreeting(booking, wording),
    t('payLinkIntro', { therapist: therapistDisplayName(booking.therapist_name) }),
    [
      ...sessionLines(booking, context, wording, { meetingLink: false }),
      [t('labelAmount'), wording.amount(booking.amount_paise)],
      [t('labelPayNow'), link.url, link.url],
    ],
    [t('payLinkBy', { until })],
    booking.client_email ?? '',
    wording.language,
  );
}

/** A later session released unpaid 24 hours before it: the client told, the calendar's event removed. */
export function seriesSessionReleasedEmail(booking: BookingForEmail, context: EmailContext): OutgoingMail {
  const wording = clientWording(booking);
  const { t } = wording;
  const mail = compose(
    t('releasedSubject', {
      date: wording.date(booking.booking_date),
      time: wording.time(booking.start_time),
    }),
    clientGreeting(booking, wording),
    t('releasedIntro', { therapist: therapistDisplayName(booking.therapist_name) }),
    sessionLines(booking, context, wording, { meetingLink: false }),
    [t('bookAgain', { url: `${context.publicUrl}/book` })],
    booking.client_email ?? '',
    wording.language,
  );
  // Released without a cancellation (its SEQUENCE not raised): one above what the calendar holds.
  const released = { ...booking, invite_sequence: booking.invite_sequence + 1 };
  return { ...mail, attachments: [sessionInvite(released, context, 'CANCEL', wording)] };
}
