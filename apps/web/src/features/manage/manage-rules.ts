import { isPaidOnline } from '@therapy/shared/booking-states';
import type { ManagedBooking, ManageView } from '@therapy/shared/manage-schemas';
import { type Translate, useT } from '../../i18n/use-t';
import { type Formats, useFormat } from '../../lib/format';

/** The visitor's language: its messages and its date, time and rupee formats. */
export type Words = { t: Translate; format: Formats };

export function useWords(): Words {
  return { t: useT().t, format: useFormat() };
}

/** "Mon, Nov 30, 2026 at 10:00 AM". */
export function whenText(date: string, start: string, { t, format }: Words): string {
  return t('manage.when', { date: format.longDate(date), time: format.time(start) });
}

/**
 * What the page says of a booking the client cannot change here, or null when Cancel and
 * Reschedule are offered. The server decides (`can_change`); the page only words it.
 */
export function noActionText(view: ManageView, words: Words): string | null {
  const { booking } = view;
  const { t } = words;
  switch (view.status) {
    case 'cancelled':
      return t('manage.status.cancelled');
    case 'moved':
      return t('manage.status.moved', {
        when: whenText(booking.booking_date, booking.booking_time_slot_start, words),
      });
    case 'awaiting_payment':
      return t('manage.status.awaitingPayment');
    case 'confirmed':
      return view.can_change ? null : t('manage.status.tooLate', { hours: view.notice_hours });
  }
}

/** The cancel dialog's line about money: a full refund of an online payment, else nothing. */
export function refundText(
  booking: Pick<ManagedBooking, 'paid_online' | 'amount'>,
  { t, format }: Words,
): string | null {
  return isPaidOnline(booking) ? t('manage.cancel.refund', { amount: format.rupees(booking.amount) }) : null;
}
