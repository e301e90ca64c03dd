import type { AdminBooking } from '@therapy/shared/admin-schemas';
import { therapistDisplayName } from '../../../lib/therapist-display';
import { formatDate, formatTime } from '../admin-format';
import './booking-at-a-glance.css';

/**
 * The booking a dialog acts on, in three lines: client, therapist and place, and its time after
 * `timeLabel` ("Now", "This booking:"). The move and repeat dialogs open with it.
 */
export function BookingAtAGlance({ booking, timeLabel }: { booking: AdminBooking; timeLabel: string }) {
  return (
    <p className="admin-glance">
      <span className="admin-table__primary">{booking.client_full_name ?? 'Client'}</span>
      <span className="admin-table__secondary">
        {therapistDisplayName(booking.therapist_name)}
        {booking.location_name ? ` · ${booking.location_name}` : ' · Online'}
      </span>
      <span className="admin-table__secondary tabular-nums">
        {`${timeLabel} ${formatDate(booking.booking_date)} at ${formatTime(booking.booking_time_slot_start)}`}
      </span>
    </p>
  );
}
