import { SESSION_MINUTES } from '@therapy/shared/booking-rules';
import { SummaryList, SummaryRow } from '../../components/summary-list';
import { formatLongDate, formatRupees, formatTime12 } from '../../lib/format';
import { therapistDisplayName } from '../../lib/therapist-display';
import type { CompleteDraft } from './submit-booking';

/** What is about to be booked. */
export function BookingSummary({ draft }: { draft: CompleteDraft }) {
  const location = draft.bookingType === 'offline' ? draft.selectedLocation : null;
  const slot = draft.selectedTimeSlot;

  return (
    <SummaryList>
      <SummaryRow term="Session type">{location ? 'In-Person Session' : 'Online Video Session'}</SummaryRow>
      {location && (
        <SummaryRow term="Location">
          {location.name}
          <span className="summary__sub">{location.address}</span>
        </SummaryRow>
      )}
      <SummaryRow term="Therapist">{therapistDisplayName(draft.selectedTherapist.name)}</SummaryRow>
      <SummaryRow term="Date">{formatLongDate(slot.date)}</SummaryRow>
      <SummaryRow term="Time">{formatTime12(slot.start_time)}</SummaryRow>
      <SummaryRow term="Duration">{SESSION_MINUTES} minutes</SummaryRow>
      <SummaryRow term="Total" total>
        <span className="tabular-nums">{formatRupees(draft.selectedTherapist.price)}</span>
      </SummaryRow>
    </SummaryList>
  );
}
