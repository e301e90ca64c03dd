import { SESSION_MINUTES } from '@therapy/shared/booking-rules';
import { SummaryList, SummaryRow } from '../../components/summary-list';
import { useT } from '../../i18n/use-t';
import { useFormat } from '../../lib/format';
import { therapistDisplayName } from '../../lib/therapist-display';
import type { CompleteDraft } from './submit-booking';

/** What is about to be booked. */
export function BookingSummary({ draft }: { draft: CompleteDraft }) {
  const location = draft.bookingType === 'offline' ? draft.selectedLocation : null;
  const slot = draft.selectedTimeSlot;
  const { t } = useT();
  const format = useFormat();

  return (
    <SummaryList>
      <SummaryRow term={t('booking.summary.sessionType')}>
        {t(location ? 'booking.summary.inPerson' : 'booking.summary.online')}
      </SummaryRow>
      {location && (
        <SummaryRow term={t('booking.summary.location')}>
          {location.name}
          <span className="summary__sub">{location.address}</span>
        </SummaryRow>
      )}
      <SummaryRow term={t('booking.summary.therapist')}>
        {therapistDisplayName(draft.selectedTherapist.name)}
      </SummaryRow>
      <SummaryRow term={t('booking.summary.date')}>{format.longDate(slot.date)}</SummaryRow>
      <SummaryRow term={t('booking.summary.time')}>{format.time(slot.start_time)}</SummaryRow>
      <SummaryRow term={t('booking.summary.duration')}>
        {t('booking.summary.minutes', { minutes: SESSION_MINUTES })}
      </SummaryRow>
      <SummaryRow term={t('booking.summary.total')} total>
        <span className="tabular-nums">{format.rupees(draft.selectedTherapist.price)}</span>
      </SummaryRow>
    </SummaryList>
  );
}
