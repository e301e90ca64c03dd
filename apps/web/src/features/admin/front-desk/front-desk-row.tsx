import type { AdminBooking } from '@therapy/shared/admin-schemas';
import { attendanceBadge, NO_SHOW_CHARGE_NOTE } from '@therapy/shared/booking-badges';
import { CENTRE_PAYMENT_METHOD_LABELS } from '@therapy/shared/front-desk-schemas';
import { Badge } from '../ui/status-badge';

/** Beside the status: Attended / No-show once marked. */
export function AttendanceBadge({ booking }: { booking: Pick<AdminBooking, 'attendance'> }) {
  const badge = attendanceBadge(booking);
  return badge ? <Badge tone={badge.tone}>{badge.label}</Badge> : null;
}

/**
 * Under the status: how a centre payment was made ('Paid by Cash'), and what the terms charge a
 * no-show (shown, never applied).
 */
export function frontDeskNotes(booking: AdminBooking): string[] {
  const notes: string[] = [];
  if (booking.centre_payment_method) {
    notes.push(`Paid by ${CENTRE_PAYMENT_METHOD_LABELS[booking.centre_payment_method]}`);
  }
  if (booking.attendance === 'no_show') notes.push(NO_SHOW_CHARGE_NOTE);
  return notes;
}
