import type { AdminBooking } from '@therapy/shared/admin-schemas';
import { needsRefund } from '@therapy/shared/booking-states';
import { formatAmount, formatDate } from '../admin-format';
import { BookingRowActions } from './row-actions';
import type { BookingActions } from './use-booking-actions';

/** The notice lists this many; the rest are marked 'Refund due' in All Bookings. */
const LISTED = 10;
const REFUND_ONLY = ['refund'];

/**
 * Above the dashboard's lists while any paid booking's money must go back: how many, which ones,
 * and (for superadmins) a Refund button for each.
 */
export function RefundNotice({
  bookings,
  total,
  actions,
}: {
  bookings: readonly AdminBooking[];
  /** How many need a refund in all, when `bookings` is only the first page of them. */
  total?: number;
  actions: BookingActions;
}) {
  const due = bookings.filter(needsRefund);
  const count = Math.max(total ?? 0, due.length);
  if (count === 0) return null;
  const refund = actions.refund;
  const title = count === 1 ? '1 paid booking needs a refund' : `${count} paid bookings need a refund`;

  return (
    <section className="admin-alert admin-alert--warning admin-refunds" aria-labelledby="refunds-heading">
      <h2 id="refunds-heading" className="admin-refunds__title">
        {title}
      </h2>
      <p className="admin-refunds__intro">
        {count === 1 ? 'This client' : 'These clients'} paid online and the money must go back: the slot was
        taken after the payment’s time ran out, the booking was cancelled, or it had already been paid at the
        centre. {refund ? 'Refund the whole amount here.' : 'A superadmin can refund it from this dashboard.'}
      </p>
      <ul className="admin-refunds__list">
        {due.slice(0, LISTED).map((booking) => (
          <li key={booking.id} className="admin-refunds__item">
            <span>
              <span className="admin-table__primary">
                Booking {booking.id} · {booking.client_full_name ?? 'No name'}
              </span>
              <span className="admin-table__secondary">
                {formatAmount(booking.refund_amount ?? booking.amount)} paid · session{' '}
                {formatDate(booking.booking_date)}
                {booking.refund_status === 'failed' ? ' · last refund attempt failed' : ''}
              </span>
            </span>
            <BookingRowActions booking={booking} actions={actions} only={REFUND_ONLY} />
          </li>
        ))}
      </ul>
      {count > LISTED && (
        <p className="admin-refunds__more">
          And {count - LISTED} more, marked Refund due under All Bookings.
        </p>
      )}
    </section>
  );
}
