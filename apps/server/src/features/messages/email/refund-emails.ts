import { isPaidTwice } from '@therapy/shared/booking-states';
import type { BookingForEmail, EmailContext } from './booking-emails.ts';
import { clientGreeting, clientWording, compose, ENGLISH, sessionLines } from './email-parts.ts';
import type { OutgoingMail } from './mailer.ts';

/** Paid at the centre and online too (a payment link sent earlier), the session still on. */
const paidTwice = (booking: BookingForEmail) => isPaidTwice(booking);

/** To the clinic, in English: a refund a superadmin must make. */
export function refundNeededEmail(booking: BookingForEmail, context: EmailContext): OutgoingMail {
  return compose(
    `Refund needed for booking ${booking.id}`,
    'Hello,',
    paidTwice(booking)
      ? 'This booking was paid at the centre, and then its payment link was paid online as well: the client paid twice. The session stays booked. A superadmin can refund the online payment from the admin dashboard (Refund).'
      : 'This booking was paid online, but its session will not take place: the payment arrived after the booking’s hold had run out and the slot had been taken meanwhile, or the booking was cancelled. A superadmin can refund it from the admin dashboard (Refund); please offer the client another time.',
    [
      ...sessionLines(booking, context, ENGLISH, { meetingLink: false }),
      ['Amount', ENGLISH.amount(booking.amount_paise)],
      ['Payment', booking.payment_transaction_id ?? ''],
    ],
    [],
    context.from,
  );
}

/** To the client: the refund of their payment was issued. */
export function refundIssuedEmail(booking: BookingForEmail, context: EmailContext): OutgoingMail {
  const wording = clientWording(booking);
  const { t } = wording;
  const amount = wording.amount(booking.refund_amount_paise ?? booking.amount_paise);
  const id = booking.id;
  return compose(
    t('refundSubject', { id }),
    clientGreeting(booking, wording),
    paidTwice(booking) ? t('refundIntroPaidTwice', { amount, id }) : t('refundIntro', { amount, id }),
    [
      ...sessionLines(booking, context, wording, { meetingLink: false }),
      [t('labelAmountRefunded'), amount],
      [t('labelPayment'), booking.payment_transaction_id ?? ''],
      [t('labelRefundReference'), booking.refund_id ?? ''],
    ],
    [
      t('refundTiming'),
      ...(paidTwice(booking) ? [] : [t('bookAnother', { url: `${context.publicUrl}/book` })]),
    ],
    booking.client_email ?? '',
    wording.language,
  );
}
