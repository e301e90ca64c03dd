import { formatRupees } from '@therapy/shared/money';
import { therapistDisplayName } from '@therapy/shared/therapist-name';
import { escapeHtml } from '../../http/html.ts';
import type { NoteCipher } from '../bookings/note-cipher.ts';
import type { ManageLinkKey } from '../self-service/manage-link.ts';
import type { OutgoingMail } from './mailer.ts';
import { EARLY_NOTE, sessionInvite } from './session-invite.ts';

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

// Made once: building an Intl formatter costs about a millisecond, as much as the rest of an e-mail.
const longDateFormat = new Intl.DateTimeFormat('en-IN', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 'Monday, 23 November 2026': the clinic-local date as it is, whatever the server's zone. */
export function formatLongDate(isoDate: string): string {
  return longDateFormat.format(new Date(`${isoDate}T00:00:00Z`));
}

/** '10:00 AM' from '10:00:00'. */
export function formatClockTime(time: string): string {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  const suffix = hours >= 12 ? 'PM' : 'AM';
  return `${hours % 12 || 12}:${String(minutes).padStart(2, '0')} ${suffix}`;
}

const zoneLabel = (timeZone: string) => (timeZone === 'Asia/Kolkata' ? 'IST' : timeZone);

type Line = [label: string, value: string, href?: string];

/** One message in two parts: the same lines as plain text and as simple HTML. */
export function compose(
  subject: string,
  greeting: string,
  intro: string,
  lines: Line[],
  notes: string[],
  to: string,
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
  const html = `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.5">
<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p>
<table role="presentation" style="border-collapse:collapse">${rows}</table>
${notes.map((note) => `<p>${escapeHtml(note)}</p>`).join('\n')}
</body></html>`;
  return { to, subject, text, html };
}

export function sessionLines(booking: BookingForEmail, context: EmailContext): Line[] {
  const online = booking.booking_type === 'ONLINE';
  const lines: Line[] = [
    ['Booking reference', String(booking.id)],
    ['Therapist', therapistDisplayName(booking.therapist_name)],
    ['Date', formatLongDate(booking.booking_date)],
    [
      'Time',
      `${formatClockTime(booking.start_time)} – ${formatClockTime(booking.end_time)} (${zoneLabel(context.timeZone)})`,
    ],
    ['Session', online ? 'Online Video Session' : 'In-Person Session'],
  ];
  if (online) {
    lines.push(
      booking.google_meet_link
        ? ['Meeting link', booking.google_meet_link, booking.google_meet_link]
        : ['Meeting link', 'sent before the session'],
    );
  } else {
    lines.push(['Location', `${booking.location_name ?? ''}, ${booking.location_address ?? ''}`]);
  }
  return lines;
}

/** The manage link as a line of the client's messages (absent for messages without one). */
export function manageLine(booking: BookingForEmail): Line[] {
  return booking.manage_url ? [['Manage your booking', booking.manage_url, booking.manage_url]] : [];
}

/** The notice rule, as the terms state it, with CANCELLATION_NOTICE_HOURS. */
export function noticeNote(context: EmailContext): string {
  const hours = context.cancellationNoticeHours;
  return `You can cancel or reschedule with the link above up to ${hours} hours before the session. After that, the full fee is charged; please call the clinic if you cannot attend.`;
}

export function bookingConfirmedEmail(booking: BookingForEmail, context: EmailContext): OutgoingMail {
  const online = booking.booking_type === 'ONLINE';
  const lines = sessionLines(booking, context);
  lines.push(
    ...manageLine(booking),
    online || booking.payment_status === 'COMPLETED'
      ? [
          'Amount paid',
          `${formatRupees(booking.amount_paise)}${booking.payment_transaction_id ? ` (payment ${booking.payment_transaction_id})` : ''}`,
        ]
      : ['Amount', `${formatRupees(booking.amount_paise)}, collected during your visit`],
  );
  const notes = [
    ...(online ? ['Open the meeting link a few minutes before the session starts.'] : [EARLY_NOTE]),
    noticeNote(context),
    'A calendar invitation is attached.',
  ];
  const mail = compose(
    `Booking confirmed: ${formatLongDate(booking.booking_date)} at ${formatClockTime(booking.start_time)}`,
    `Dear ${booking.client_full_name ?? 'client'},`,
    `Your session with ${therapistDisplayName(booking.therapist_name)} is confirmed.`,
    lines,
    notes,
    booking.client_email ?? '',
  );
  const cc = booking.guardian_email ? { cc: booking.guardian_email } : {};
  return { ...mail, ...cc, attachments: [sessionInvite(booking, context)] };
}

export function therapistNoticeEmail(booking: BookingForEmail, context: EmailContext): OutgoingMail {
  const lines = sessionLines(booking, context);
  lines.push(
    ['Client', booking.client_full_name ?? ''],
    ['Client e-mail', booking.client_email ?? ''],
    ['Client mobile', booking.client_mobile ?? ''],
  );
  if (booking.client_note) lines.push(['Client note', booking.client_note]);
  return compose(
    `New booking: ${formatLongDate(booking.booking_date)} at ${formatClockTime(booking.start_time)}`,
    `Dear ${therapistDisplayName(booking.therapist_name)},`,
    'A session has been booked with you.',
    lines,
    [],
    booking.therapist_email ?? '',
  );
}

export function bookingCancelledEmail(
  booking: BookingForEmail,
  context: EmailContext,
  recipient: 'client' | 'therapist',
): OutgoingMail {
  const lines = sessionLines(booking, context).filter(([label]) => label !== 'Meeting link');
  const toClient = recipient === 'client';
  const mail = compose(
    `Booking cancelled: ${formatLongDate(booking.booking_date)} at ${formatClockTime(booking.start_time)}`,
    toClient
      ? `Dear ${booking.client_full_name ?? 'client'},`
      : `Dear ${therapistDisplayName(booking.therapist_name)},`,
    toClient
      ? booking.cancelled_by === 'client'
        ? 'Your session has been cancelled as you asked.'
        : 'Your session has been cancelled by the clinic. Please contact us if you have any questions, or book another time.'
      : `The session with ${booking.client_full_name ?? 'the client'} has been cancelled.`,
    lines,
    toClient
      ? [
          ...(booking.paid_online
            ? [
                `The ${formatRupees(booking.amount_paise)} you paid online will be refunded in full to the way you paid.`,
              ]
            : []),
          `Book again: ${context.publicUrl}/book`,
        ]
      : [],
    (toClient ? booking.client_email : booking.therapist_email) ?? '',
  );
  // The calendars that took the confirmation's invite drop the event (same UID, higher SEQUENCE).
  return { ...mail, attachments: [sessionInvite(booking, context, 'CANCEL')] };
}

/** Paid at the centre and online too (a payment link sent earlier), the session still on. */
const paidTwice = (booking: BookingForEmail) =>
  booking.paid_at_centre && booking.paid_online && booking.payment_status === 'COMPLETED';

export function refundNeededEmail(booking: BookingForEmail, context: EmailContext): OutgoingMail {
  return compose(
    `Refund needed for booking ${booking.id}`,
    'Hello,',
    paidTwice(booking)
      ? 'This booking was paid at the centre, and then its payment link was paid online as well: the client paid twice. The session stays booked. A superadmin can refund the online payment from the admin dashboard (Refund).'
      : 'This booking was paid online, but its session will not take place: the payment arrived after the booking’s hold had run out and the slot had been taken meanwhile, or the booking was cancelled. A superadmin can refund it from the admin dashboard (Refund); please offer the client another time.',
    [
      ...sessionLines(booking, context).filter(([label]) => label !== 'Meeting link'),
      ['Amount', formatRupees(booking.amount_paise)],
      ['Payment', booking.payment_transaction_id ?? ''],
    ],
    [],
    context.from,
  );
}

/** To the client: the refund of their payment was issued. */
export function refundIssuedEmail(booking: BookingForEmail, context: EmailContext): OutgoingMail {
  const amount = booking.refund_amount_paise ?? booking.amount_paise;
  return compose(
    `Refund issued for booking ${booking.id}`,
    `Dear ${booking.client_full_name ?? 'client'},`,
    paidTwice(booking)
      ? `We have refunded the ${formatRupees(amount)} you paid online for your booking ${booking.id}: it had already been paid at the centre. Your session stays booked.`
      : `We have refunded the ${formatRupees(amount)} you paid for your booking ${booking.id}; the session will not take place.`,
    [
      ...sessionLines(booking, context).filter(([label]) => label !== 'Meeting link'),
      ['Amount refunded', formatRupees(amount)],
      ['Payment', booking.payment_transaction_id ?? ''],
      ['Refund reference', booking.refund_id ?? ''],
    ],
    [
      'The money goes back to the way you paid (card, UPI, net banking or wallet), usually within 5 to 7 working days; your bank may take a little longer to show it.',
      ...(paidTwice(booking) ? [] : [`To book another time: ${context.publicUrl}/book`]),
    ],
    booking.client_email ?? '',
  );
}
