import { CENTRE_PAYMENT_METHOD_LABELS, type CentrePaymentMethod } from '@therapy/shared/front-desk-schemas';
import { formatRupees } from '@therapy/shared/money';
import type { Queryable } from '../../db/database.ts';
import {
  type BookingForEmail,
  compose,
  type EmailContext,
  formatLongDate,
  sessionLines,
} from './booking-emails.ts';
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

/** To the client: the receipt for a payment taken at the centre. */
export function paymentReceiptEmail(
  booking: BookingForEmail,
  payment: CentrePaymentForReceipt,
  context: EmailContext,
): OutgoingMail {
  const lines: Parameters<typeof compose>[3] = [
    ...sessionLines(booking, context).filter(([label]) => label !== 'Meeting link'),
    ['Amount paid', formatRupees(payment.amount_paise)],
    ['Paid by', CENTRE_PAYMENT_METHOD_LABELS[payment.method]],
    ['Paid on', formatLongDate(payment.recorded_on)],
    ['Receipt number', `C-${payment.id}`],
  ];
  if (payment.reference) lines.push(['Payment reference', payment.reference]);
  return compose(
    `Payment receipt for booking ${booking.id}`,
    `Dear ${booking.client_full_name ?? 'client'},`,
    `Thank you: we have received your payment of ${formatRupees(payment.amount_paise)} at ${booking.location_name ?? 'the centre'} for your booking ${booking.id}.`,
    lines,
    ['Please keep this e-mail as your receipt.'],
    booking.client_email ?? '',
  );
}
