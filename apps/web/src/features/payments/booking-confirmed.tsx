import type { BookingConfirmation } from '@therapy/shared/booking-schemas';
import { SessionPlaceRow } from '../../components/session-place-row';
import { SummaryList, SummaryRow } from '../../components/summary-list';
import { formatLongDate, formatRupees, formatTime12 } from '../../lib/format';
import { therapistDisplayName } from '../../lib/therapist-display';

/** The details of a confirmed booking (specification section 2, payment status page). */
export function BookingConfirmedDetails({
  booking,
  paymentId,
}: {
  booking: BookingConfirmation;
  paymentId: string | null;
}) {
  const offline = booking.booking_type === 'OFFLINE';
  const transactionId = booking.payment_transaction_id ?? paymentId;

  return (
    <>
      <SummaryList>
        <SummaryRow term="Booking reference">
          <span className="tabular-nums">{booking.booking_id}</span>
        </SummaryRow>
        {offline ? (
          <SummaryRow term="Payment">
            Pay at your visit: <span className="tabular-nums">{formatRupees(booking.amount)}</span> is
            collected at the centre.
          </SummaryRow>
        ) : (
          <SummaryRow term="Payment ID">
            <span className="summary__code">{transactionId ?? 'N/A'}</span>
          </SummaryRow>
        )}
        <SummaryRow term="Date">{formatLongDate(booking.booking_date)}</SummaryRow>
        <SummaryRow term="Time">
          <span className="tabular-nums">
            {formatTime12(booking.booking_time_slot_start)} – {formatTime12(booking.booking_time_slot_end)}
          </span>
        </SummaryRow>
        <SummaryRow term="Therapist">{therapistDisplayName(booking.therapist_name)}</SummaryRow>
        <SessionPlaceRow booking={booking} />
      </SummaryList>
      <ul className="advice-list">
        {offline ? (
          <li>Please arrive 10 minutes early so that you can settle in before your session.</li>
        ) : (
          <li>Join from a quiet, private place a few minutes before the start.</li>
        )}
        <li>If you need to reschedule or cancel, please tell us at least 24 hours before your session.</li>
      </ul>
    </>
  );
}
