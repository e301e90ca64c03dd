import type { BookingFacts, PaymentStatus } from './booking-states.ts';

/**
 * The words and colours a booking's state is shown with (specification section 4): always a word,
 * never the colour alone. The tone names the colour (CSS class `admin-badge--<tone>`).
 */
export type BadgeTone = 'success' | 'warning' | 'danger' | 'blocked' | 'neutral';
export type StateBadge = { label: string; tone: BadgeTone };

export const STATUS_BADGES: Readonly<Record<PaymentStatus, StateBadge>> = {
  COMPLETED: { label: 'Completed', tone: 'success' },
  PENDING: { label: 'Pending', tone: 'warning' },
  INITIATED: { label: 'Initiated', tone: 'warning' },
  CANCELLED: { label: 'Cancelled', tone: 'danger' },
  FAILED: { label: 'Failed', tone: 'danger' },
  BLOCKED: { label: 'Blocked', tone: 'blocked' },
};

/**
 * What each status means, in the words the visitor's status page uses ('Confirmed — pay at the
 * centre'): the admin's status filter explains its states with them and a badge carries its
 * meaning as its title (issue 31). The badges keep the specification's words (section 4).
 */
export const STATUS_MEANINGS: Readonly<Record<PaymentStatus, string>> = {
  COMPLETED: 'Confirmed — paid',
  PENDING: 'Confirmed — pay at the centre',
  INITIATED: 'Awaiting the online payment: the time is held for a short while',
  FAILED: 'Payment not completed: the time is free again',
  CANCELLED: 'Cancelled',
  BLOCKED: 'Time blocked by the clinic: not a booking',
};

const CANCELLED_BADGE: StateBadge = { label: 'Cancelled', tone: 'danger' };

/**
 * A block that was lifted: kept in the lists (who blocked the slot, and that the block ended, is
 * part of the day's record) but no longer shown as holding its slot.
 */
export const UNBLOCKED_BADGE: StateBadge = { label: 'Unblocked', tone: 'neutral' };

/**
 * A time held for a waiting client's offer (the admin reads' `waitlist_offer`): not an unpaid
 * booking, so never 'Initiated'.
 */
export const WAITLIST_OFFER_BADGE: StateBadge = { label: 'Offered to waitlist', tone: 'neutral' };

/**
 * The lists' badge: a cancelled booking reads 'Cancelled' whatever its status; an unblocked block
 * (status BLOCKED, cancelled flag set) reads 'Unblocked'; a held waitlist offer 'Offered to waitlist'.
 */
export function statusBadge(status: PaymentStatus, cancelled = false, waitlistOffer = false): StateBadge {
  if (cancelled) return status === 'BLOCKED' ? UNBLOCKED_BADGE : CANCELLED_BADGE;
  if (waitlistOffer) return WAITLIST_OFFER_BADGE;
  return STATUS_BADGES[status] ?? { label: status, tone: 'neutral' };
}

/** The calendar's badge: paid, pending and awaiting payment by name; anything else 'Scheduled'. */
export function calendarBadge(
  booking: Pick<BookingFacts, 'payment_status' | 'cancelled'> & { waitlist_offer?: boolean },
): StateBadge {
  if (booking.cancelled) return CANCELLED_BADGE;
  if (booking.waitlist_offer) return WAITLIST_OFFER_BADGE;
  switch (booking.payment_status) {
    case 'COMPLETED':
    case 'PENDING':
    case 'INITIATED':
      return STATUS_BADGES[booking.payment_status];
    default:
      return { label: 'Scheduled', tone: 'neutral' };
  }
}

/** How the admin's lists name a booking's type. */
export const BOOKING_TYPE_LABELS: Readonly<Record<BookingFacts['booking_type'], string>> = {
  ONLINE: 'Online',
  OFFLINE: 'In-Person',
  ADMIN_BLOCK: 'Admin block',
};

/** How the calendar and the lists show a session's attendance, once marked at the front desk. */
export const ATTENDANCE_BADGES: Readonly<Record<'attended' | 'no_show', StateBadge>> = {
  attended: { label: 'Attended', tone: 'success' },
  no_show: { label: 'No-show', tone: 'danger' },
};

/**
 * The terms charge a cancellation with less than 24 hours' notice in full, and a no-show is the
 * latest of cancellations. Shown beside a no-show so the desk can collect it; never applied by
 * the app (amounts and payment status stay as they are).
 */
export const NO_SHOW_CHARGE_NOTE = 'No-show — charged per terms: full fee';

/** The attendance badge of a booking, or undefined while it is not marked. */
export function attendanceBadge(booking: {
  attendance?: 'attended' | 'no_show' | null;
}): StateBadge | undefined {
  return booking.attendance ? ATTENDANCE_BADGES[booking.attendance] : undefined;
}
