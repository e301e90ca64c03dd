import type { ManagedBooking } from '@therapy/shared/manage-schemas';
import { SessionPlaceRow } from '../../components/session-place-row';
import { SummaryList, SummaryRow } from '../../components/summary-list';
import { useT } from '../../i18n/use-t';
import { useFormat } from '../../lib/format';
import { therapistDisplayName } from '../../lib/therapist-display';

/** The booking as the manage page shows it, in the rows the wizard's summary and the status page use. */
export function ManagedBookingSummary({ booking }: { booking: ManagedBooking }) {
  const { t } = useT();
  const { longDate, time, rupees } = useFormat();
  const offline = booking.booking_type === 'OFFLINE';
  return (
    <SummaryList>
      <SummaryRow term={t('manage.summary.therapist')}>
        {therapistDisplayName(booking.therapist_name)}
      </SummaryRow>
      <SummaryRow term={t('manage.summary.date')}>{longDate(booking.booking_date)}</SummaryRow>
      <SummaryRow term={t('manage.summary.time')}>
        <span className="tabular-nums">
          {time(booking.booking_time_slot_start)} – {time(booking.booking_time_slot_end)}
        </span>
      </SummaryRow>
      <SummaryRow term={t('manage.summary.sessionType')}>
        {t(offline ? 'manage.summary.inPerson' : 'manage.summary.online')}
      </SummaryRow>
      <SessionPlaceRow booking={booking} />
      <SummaryRow term={t('manage.summary.amount')} total>
        <span className="tabular-nums">{rupees(booking.amount)}</span>
      </SummaryRow>
    </SummaryList>
  );
}
