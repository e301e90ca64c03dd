import type { AdminBooking } from '@therapy/shared/admin-schemas';
import { BOOKING_TYPE_LABELS } from '@therapy/shared/booking-badges';
import { therapistDisplayName } from '../../../lib/therapist-display';
import { formatAmount, formatDate, formatTime } from '../admin-format';
import { AttendanceBadge, frontDeskNotes } from '../front-desk/front-desk-row';
import { SeriesPlaceLabel } from '../series/series-place-label';
import { Pagination } from '../ui/pagination';
import { RefundBadge, refundNote, StatusBadge } from '../ui/status-badge';
import { TableScroller } from '../ui/table-scroller';
import { type Paging, usePagination } from '../ui/use-pagination';
import { BookingRowActions } from './row-actions';
import '../ui/card-table.css';
import type { BookingActions } from './use-booking-actions';

type BookingsTableProps = {
  bookings: readonly AdminBooking[];
  actions: BookingActions;
  caption: string;
  /** Leave out the therapist column (a therapist's own list). */
  showTherapist?: boolean;
  emptyText: string;
  /** Pages the server made (All Bookings); without it the table pages `bookings` itself. */
  paging?: Paging<AdminBooking>;
};

export function BookingsTable({
  bookings,
  actions,
  caption,
  showTherapist = true,
  emptyText,
  paging: serverPaging,
}: BookingsTableProps) {
  const localPaging = usePagination(bookings);
  const paging = serverPaging ?? localPaging;
  if (bookings.length === 0) return <p className="admin-empty">{emptyText}</p>;

  return (
    <>
      <TableScroller label={caption}>
        <table className="admin-table admin-table--cards">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">ID</th>
              <th scope="col">Date &amp; time</th>
              <th scope="col">Client</th>
              {showTherapist && <th scope="col">Therapist</th>}
              <th scope="col">Type</th>
              <th scope="col">Status</th>
              <th scope="col" className="admin-table__amount">
                Amount
              </th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {paging.pageItems.map((booking) => (
              <tr key={booking.id}>
                <td className="tabular-nums" data-label="ID">
                  {booking.id}
                </td>
                <td data-label={'Date & time'}>
                  <span className="admin-table__primary">{formatDate(booking.booking_date)}</span>
                  <span className="admin-table__secondary tabular-nums">
                    {formatTime(booking.booking_time_slot_start)}
                    <SeriesPlaceLabel place={booking.series} />
                  </span>
                </td>
                <td className="admin-table__wrap" data-label="Client">
                  {booking.client_full_name ? (
                    <>
                      <span className="admin-table__primary">{booking.client_full_name}</span>
                      <span className="admin-table__secondary">{booking.client_email}</span>
                      <span className="admin-table__secondary tabular-nums">{booking.client_mobile}</span>
                    </>
                  ) : (
                    <span className="muted">--</span>
                  )}
                </td>
                {showTherapist && (
                  <td className="admin-table__wrap" data-label="Therapist">
                    {therapistDisplayName(booking.therapist_name)}
                  </td>
                )}
                <td data-label="Type">
                  {BOOKING_TYPE_LABELS[booking.booking_type] ?? booking.booking_type}
                  {booking.location_name && (
                    <span className="admin-table__secondary">{booking.location_name}</span>
                  )}
                </td>
                <td data-label="Status">
                  <span className="admin-badges">
                    <StatusBadge
                      status={booking.payment_status}
                      cancelled={booking.cancelled}
                      waitlistOffer={booking.waitlist_offer}
                    />
                    <RefundBadge booking={booking} />
                    <AttendanceBadge booking={booking} />
                  </span>
                  {refundNote(booking) && (
                    <span className="admin-table__secondary">{refundNote(booking)}</span>
                  )}
                  {frontDeskNotes(booking).map((note) => (
                    <span key={note} className="admin-table__secondary">
                      {note}
                    </span>
                  ))}
                </td>
                <td className="admin-table__amount" data-label="Amount">
                  {formatAmount(booking.amount)}
                </td>
                <td className="admin-table__actions">
                  <BookingRowActions booking={booking} actions={actions} none="--" />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroller>
      <Pagination paging={paging} noun="bookings" />
    </>
  );
}
