import { therapistDisplayName } from '@therapy/shared/therapist-name';
import { escapeHtml } from '../../../http/html.ts';
import { type ClientLanguage, type ClientTexts, clientTexts } from '../texts/catalogue.ts';
import { formatAmount, formatClockTime, formatLongDate } from '../texts/formats.ts';
import type { BookingForEmail, EmailContext } from './email-types.ts';
import type { OutgoingMail } from './mailer.ts';

export type Line = [label: string, value: string, href?: string];

/** One language's texts and formats, all a message needs to be written in it. */
export type Wording = {
  language: ClientLanguage;
  t: ClientTexts;
  date(isoDate: string): string;
  time(time: string): string;
  amount(paise: number): string;
  /** 'Monday, 23 November 2026 at 10:00 AM'. */
  moment(isoDate: string, time: string): string;
};

function makeWording(language: ClientLanguage): Wording {
  const t = clientTexts(language);
  const date = (isoDate: string) => formatLongDate(isoDate, language);
  const time = (clock: string) => formatClockTime(clock, language);
  return {
    language,
    t,
    date,
    time,
    amount: (paise) => formatAmount(paise, language),
    moment: (isoDate, clock) => t('moment', { date: date(isoDate), time: time(clock) }),
  };
}

const wordings: Record<ClientLanguage, Wording> = { en: makeWording('en'), hi: makeWording('hi') };

/** English: the therapists' and the clinic's messages, whatever the client's language. */
export const ENGLISH = wordings.en;

/** The client's language, from the booking (client_language; English when unknown). */
export const clientWording = (booking: Pick<BookingForEmail, 'client_language'>): Wording =>
  wordings[booking.client_language] ?? ENGLISH;

/** The clinic's zone as the messages name it: 'IST' for India. */
export const zoneLabel = (timeZone: string) => (timeZone === 'Asia/Kolkata' ? 'IST' : timeZone);

/**
 * One message in two parts: the same lines as plain text and as simple HTML, the HTML marked with
 * the language it is written in (screen readers and mail clients read it so).
 */
export function compose(
  subject: string,
  greeting: string,
  intro: string,
  lines: Line[],
  notes: string[],
  to: string,
  language: ClientLanguage = 'en',
): OutgoingMail {
  const text = [
    greeting,
    '',
    intro,
    '',
    ...lines.map(([label, value]) => `${label}: ${value}`),
    '',
    ...notes.flatMap((note) => [note, '']),
  ].join('\n');
  const rows = lines
    .map(([label, value, href]) => {
      const shown = href ? `<a href="${escapeHtml(href)}">${escapeHtml(value)}</a>` : escapeHtml(value);
      return `<tr><th align="left" style="padding:4px 12px 4px 0;color:#475569;font-weight:600">${escapeHtml(label)}</th><td style="padding:4px 0">${shown}</td></tr>`;
    })
    .join('');
  const html = `<!doctype html><html lang="${language}"><body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.5">
<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p>
<table role="presentation" style="border-collapse:collapse">${rows}</table>
${notes.map((note) => `<p>${escapeHtml(note)}</p>`).join('\n')}
</body></html>`;
  return { to, subject, text, html };
}

/** 'Dear Asha Client,' in the client's language. */
export const clientGreeting = (booking: BookingForEmail, { t }: Wording) =>
  booking.client_full_name ? t('greeting', { name: booking.client_full_name }) : t('greetingNoName');

/**
 * The session's details. Without `meetingLink` for messages about a session that will not take
 * place or is paid for (cancellation, refund, receipt).
 */
export function sessionLines(
  booking: BookingForEmail,
  context: EmailContext,
  { t, date, time }: Wording = ENGLISH,
  { meetingLink = true }: { meetingLink?: boolean } = {},
): Line[] {
  const online = booking.booking_type === 'ONLINE';
  const lines: Line[] = [
    [t('labelReference'), String(booking.id)],
    [t('labelTherapist'), therapistDisplayName(booking.therapist_name)],
    [t('labelDate'), date(booking.booking_date)],
    [
      t('labelTime'),
      t('timeRange', {
        start: time(booking.start_time),
        end: time(booking.end_time),
        zone: zoneLabel(context.timeZone),
      }),
    ],
    [t('labelSession'), t(online ? 'sessionOnline' : 'sessionInPerson')],
  ];
  if (online) {
    if (!meetingLink) return lines;
    lines.push(
      booking.google_meet_link
        ? [t('labelMeetingLink'), booking.google_meet_link, booking.google_meet_link]
        : [t('labelMeetingLink'), t('meetingLinkLater')],
    );
  } else {
    lines.push([t('labelLocation'), `${booking.location_name ?? ''}, ${booking.location_address ?? ''}`]);
  }
  return lines;
}

/** The manage link as a line of the client's messages (absent for messages without one). */
export function manageLine(booking: BookingForEmail, { t }: Wording): Line[] {
  return booking.manage_url ? [[t('labelManage'), booking.manage_url, booking.manage_url]] : [];
}

/** The questionnaire link (the intake, or PHQ-9 and GAD-7 again), when the session brings one. */
export function intakeLine(booking: BookingForEmail, { t }: Wording): Line[] {
  if (!booking.intake) return [];
  const { url, kind } = booking.intake;
  return [[t(kind === 'intake' ? 'labelIntake' : 'labelQuestionnaire'), url, url]];
}

/** The notice rule, as the terms state it, with CANCELLATION_NOTICE_HOURS. */
export function noticeNote(context: EmailContext, { t }: Wording): string {
  return t('noticeRule', { hours: context.cancellationNoticeHours });
}
