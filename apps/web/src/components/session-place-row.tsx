import { useT } from '../i18n/use-t';
import { SummaryRow } from './summary-list';

type SessionPlace = {
  booking_type: 'ONLINE' | 'OFFLINE';
  location_name: string | null;
  location_address: string | null;
  google_meet_link: string | null;
};

/** Where the session happens: the centre and its address, or the meeting link (or when it comes). */
export function SessionPlaceRow({ booking }: { booking: SessionPlace }) {
  const { t } = useT();
  if (booking.booking_type === 'OFFLINE') {
    return (
      <SummaryRow term={t('payment.summary.location')}>
        {booking.location_name ?? t('payment.summary.notAvailable')}
        {booking.location_address && <span className="summary__sub">{booking.location_address}</span>}
      </SummaryRow>
    );
  }
  return (
    <SummaryRow term={t('payment.summary.meetingLink')}>
      {booking.google_meet_link ? (
        <a href={booking.google_meet_link} target="_blank" rel="noopener" className="summary__link">
          {booking.google_meet_link}
          <span className="visually-hidden">{t('payment.summary.newTab')}</span>
        </a>
      ) : (
        t('payment.summary.linkByEmail')
      )}
    </SummaryRow>
  );
}
