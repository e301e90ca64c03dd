import { normalizeTime } from '@therapy/shared/clinic-time';
import type { ManagedBooking, ManageView } from '@therapy/shared/manage-schemas';
import type { OpenSlot } from '@therapy/shared/schedule-schemas';
import { formatLongDate, formatRupees, formatTime12 } from '../../lib/format';
import { openTimesByDate } from '../booking/open-times';

/**
 * The times a booking can move to: the therapist's open slots at the booking's own place (its
 * centre, or 0 online), without the slot it has now. Dates left with no time are left out.
 */
export function rescheduleTimes(
  slots: readonly OpenSlot[],
  booking: Pick<ManagedBooking, 'location_id' | 'booking_date' | 'booking_time_slot_start'>,
): Map<string, Map<string, string>> {
  const byDate = openTimesByDate(slots, booking.location_id);
  const sameDay = byDate.get(booking.booking_date);
  if (sameDay) {
    sameDay.delete(normalizeTime(booking.booking_time_slot_start));
    if (sameDay.size === 0) byDate.delete(booking.booking_date);
  }
  return byDate;
}

/** "Mon, Nov 30, 2026 at 10:00 AM". */
export function whenText(date: string, start: string): string {
  return `${formatLongDate(date)} at ${formatTime12(start)}`;
}

/**
 * What the page says of a booking the client cannot change here, or null when Cancel and
 * Reschedule are offered. The server decides (`can_change`); the page only words it.
 */
export function noActionText(view: ManageView): string | null {
  const { booking } = view;
  switch (view.status) {
    case 'cancelled':
      return 'This booking is cancelled.';
    case 'moved':
      return `This booking was moved. It is now on ${whenText(booking.booking_date, booking.booking_time_slot_start)}. Use the link in your latest e-mail to manage it.`;
    case 'awaiting_payment':
      return 'This booking is awaiting payment.';
    case 'confirmed':
      return view.can_change ? null : lateChangeText(view.notice_hours);
  }
}

/** Within the notice window: no change here, and the late-cancellation terms. */
export function lateChangeText(noticeHours: number): string {
  return `This session is less than ${noticeHours} hours away, so it can no longer be changed here. Late cancellations are charged in full (see the terms).`;
}

/** The cancel dialog's line about money: a full refund of an online payment, else nothing. */
export function refundText(booking: Pick<ManagedBooking, 'paid_online' | 'amount'>): string | null {
  return booking.paid_online
    ? `The ${formatRupees(booking.amount)} you paid will be refunded in full.`
    : null;
}
