import { SummaryRow } from './summary-list';

type SessionPlace = {
  booking_type: 'ONLINE' | 'OFFLINE';
  location_name: string | null;
  location_address: string | null;
  google_meet_link: string | null;
};

/** Where the session happens: the centre and its address, or the meeting link (or when it comes). */
export function SessionPlaceRow({ booking }: { booking: SessionPlace }) {
  if (booking.booking_type === 'OFFLINE') {
    return (
      <SummaryRow term="Location">
        {booking.location_name ?? 'N/A'}
        {booking.location_address && <span className="summary__sub">{booking.location_address}</span>}
      </SummaryRow>
    );
  }
  return (
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
  );
}
