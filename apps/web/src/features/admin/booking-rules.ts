import type { AdminBooking } from '@therapy/shared/admin-schemas';
import { clinicToday } from './admin-format';

/**
 * Cancel is offered while the booking is not cancelled, its status is not CANCELLED or BLOCKED
 * and its date is today or later in the clinic's zone (specification section 4).
 */
export function canCancel(booking: AdminBooking, today = clinicToday()): boolean {
  return (
    !booking.cancelled &&
    booking.payment_status !== 'CANCELLED' &&
    booking.payment_status !== 'BLOCKED' &&
    booking.booking_date >= today
  );
}

/** An admin block still holding its slot: offered Unblock, through the same cancel call. */
export function canUnblock(booking: AdminBooking, today = clinicToday()): boolean {
  return !booking.cancelled && booking.payment_status === 'BLOCKED' && booking.booking_date >= today;
}

/** Pending bookings can be sent a payment link. */
export function canHavePaymentLink(booking: AdminBooking): boolean {
  return !booking.cancelled && booking.payment_status === 'PENDING';
}

export function isAdminBlock(booking: AdminBooking): boolean {
  return booking.booking_type === 'ADMIN_BLOCK' || booking.payment_status === 'BLOCKED';
}

/** Paid online but not taking place: its payment is due for a refund (refunded by a superadmin). */
export function needsRefund(booking: AdminBooking): boolean {
  return booking.needs_refund;
}
