import type { ManagedBooking } from '@therapy/shared/manage-schemas';
import { SummaryList, SummaryRow } from '../../components/summary-list';
import { formatLongDate, formatRupees, formatTime12 } from '../../lib/format';
import { therapistDisplayName } from '../../lib/therapist-display';

/** The booking as the manage page shows it, in the rows the wizard's summary and the status page use. */
export function ManagedBookingSummary({ booking }: { booking: ManagedBooking }) {
  const offline = booking.booking_type === 'OFFLINE';
  return (
    <SummaryList>
      <SummaryRow term="Therapist">{therapistDisplayName(booking.therapist_name)}</SummaryRow>
      <SummaryRow term="Date">{formatLongDate(booking.booking_date)}</SummaryRow>
      <SummaryRow term="Time">
        <span className="tabular-nums">
          {formatTime12(booking.booking_time_slot_start)} – {formatTime12(booking.booking_time_slot_end)}
        </span>
      </SummaryRow>
      <SummaryRow term="Session type">{offline ? 'In-Person Session' : 'Online Video Session'}</SummaryRow>
      {offline ? (
        <SummaryRow term="Location">
          {booking.location_name ?? 'N/A'}
          {booking.location_address && <span className="summary__sub">{booking.location_address}</span>}
        </SummaryRow>
      ) : (
        <SummaryRow term="Meeting link">
          {booking.google_meet_link ? (
            <a href={booking.google_meet_link} target="_blank" rel="noopener" className="summary__link">
              {booking.google_meet_link}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          ) : (
            'We will e-mail you the link before your session.'
          )}
        </SummaryRow>
      )}
      <SummaryRow term="Amount" total>
        <span className="tabular-nums">{formatRupees(booking.amount)}</span>
      </SummaryRow>
    </SummaryList>
  );
}
