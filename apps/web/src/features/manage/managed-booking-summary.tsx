import type { ManagedBooking } from '@therapy/shared/manage-schemas';
import { SessionPlaceRow } from '../../components/session-place-row';
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
      <SessionPlaceRow booking={booking} />
      <SummaryRow term="Amount" total>
        <span className="tabular-nums">{formatRupees(booking.amount)}</span>
      </SummaryRow>
    </SummaryList>
  );
}
