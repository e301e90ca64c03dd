import type { CentrePaymentMethod } from '@therapy/shared/front-desk-schemas';
import type { Queryable } from '../../../db/database.ts';
import type { MessageKey } from '../texts/catalogue.ts';
import type { BookingForEmail, EmailContext } from './booking-emails.ts';
import { clientGreeting, clientWording, compose, type Line, sessionLines } from './email-parts.ts';
import type { OutgoingMail } from './mailer.ts';

export type CentrePaymentForReceipt = {
  id: number;
  method: CentrePaymentMethod;
  amount_paise: number;
  reference: string | null;
  /** The clinic-local date it was recorded, 'YYYY-MM-DD'. */
  recorded_on: string;
  voided: boolean;
};

export async function findCentrePayment(
  db: Queryable,
  paymentId: number,
  timeZone: string,
): Promise<CentrePaymentForReceipt | undefined> {
  const { rows } = await db.query<CentrePaymentForReceipt>(
    `SELECT id, method, amount_paise, reference,
       to_char(recorded_at AT TIME ZONE $2, 'YYYY-MM-DD') AS recorded_on, voided_at IS NOT NULL AS voided
     FROM centre_payments WHERE id = $1`,
    [paymentId, timeZone],
  );
  return rows[0];
}

/** The receipt's name of each method (in English, CENTRE_PAYMENT_METHOD_LABELS' words). */
const METHOD_KEYS = {
  cash: 'methodCash',
  card: 'methodCard',
  upi: 'methodUpi',
  other: 'methodOther',
} as const satisfies Record<CentrePaymentMethod, MessageKey>;

/** To the client, in their language: the receipt for a payment taken at the centre. */
export function paymentReceiptEmail(
  booking: BookingForEmail,
  payment: CentrePaymentForReceipt,
  context: EmailContext,
  paper?: { number: string; attachment: NonNullable<OutgoingMail['attachments']>[number] },
): OutgoingMail {
  const wording = clientWording(booking);
  const { t } = wording;
  const amount = wording.amount(payment.amount_paise);
  const lines: Line[] = [
    ...sessionLines(booking, context, wording, { meetingLink: false }),
    [t('labelAmountPaid'), amount],
    [t('labelPaidBy'), t(METHOD_KEYS[payment.method])],
    [t('labelPaidOn'), wording.date(payment.recorded_on)],
    [t('labelReceiptNumber'), paper?.number ?? `C-${payment.id}`],
  ];
  if (payment.reference) lines.push([t('labelPaymentReference'), payment.reference]);
  const mail = compose(
    t('receiptSubject', { id: booking.id }),
    clientGreeting(booking, wording),
    t('receiptIntro', { amount, location: booking.location_name ?? t('receiptCentre'), id: booking.id }),
    lines,
    [t('receiptKeep')],
    booking.client_email ?? '',
    wording.language,
  );
  return paper ? { ...mail, attachments: [paper.attachment] } : mail;
}
