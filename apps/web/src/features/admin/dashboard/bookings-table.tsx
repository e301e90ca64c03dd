import type { AdminBooking } from '@therapy/shared/admin-schemas';
import { BOOKING_TYPE_LABELS } from '@therapy/shared/booking-badges';
import { canCancel, canHavePaymentLink, canUnblock, isAdminBlock } from '@therapy/shared/booking-states';
import { useState } from 'react';
import { ModalDialog } from '../../../components/modal-dialog';
import { therapistDisplayName } from '../../../lib/therapist-display';
import { clinicToday, formatAmount, formatDate, formatTime } from '../admin-format';
import { AttendanceBadge, frontDeskButtons, frontDeskNotes } from '../front-desk/front-desk-row';
import { BookingMessagesSection } from '../messages/booking-messages-section';
import { Pagination } from '../ui/pagination';
import { RefundBadge, refundNote, StatusBadge } from '../ui/status-badge';
import { TableScroller } from '../ui/table-scroller';
import { type Paging, usePagination } from '../ui/use-pagination';
import { RowActionButton } from './row-action-button';
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
  const [messagesOf, setMessagesOf] = useState<number | null>(null);
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
                    <StatusBadge status={booking.payment_status} cancelled={booking.cancelled} />
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
                  <BookingActionButtons
                    booking={booking}
                    actions={actions}
                    onMessages={() => setMessagesOf(booking.id)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroller>
      <Pagination paging={paging} noun="bookings" />
      {messagesOf !== null && (
        <ModalDialog title={`Booking ${messagesOf}`} onClose={() => setMessagesOf(null)}>
          <BookingMessagesSection bookingId={messagesOf} />
        </ModalDialog>
      )}
    </>
  );
}

type ActionButtonsProps = {
  booking: AdminBooking;
  actions: BookingActions;
  /** Opens what was sent to the client about this booking. */
  onMessages: () => void;
};

function BookingActionButtons({ booking, actions, onMessages }: ActionButtonsProps) {
  const id = booking.id;
  const link = canHavePaymentLink(booking) ? actions.linkOf(booking) : null;
  const cancelBusy = actions.busy.has(`cancel:${id}`);
  const linkBusy = actions.busy.has(`link:${id}`);
  const refundBusy = actions.busy.has(`refund:${id}`);
  const refund = actions.refund;
  const buttons = [];

  if (refund && booking.needs_refund) {
    buttons.push(
      <RowActionButton
        key="refund"
        variant="primary"
        label="Refund"
        busyLabel="Refunding..."
        name={`Refund booking ${id}`}
        busy={refundBusy}
        onClick={() => refund(booking)}
      />,
    );
  }

  const today = clinicToday();
  if (canUnblock(booking, today)) {
    buttons.push(
      <RowActionButton
        key="unblock"
        variant="secondary"
        label="Unblock"
        busyLabel="Unblocking..."
        name={`Unblock booking ${id}`}
        busy={cancelBusy}
        onClick={() => actions.cancel(booking)}
      />,
    );
  } else if (canCancel(booking, today)) {
    buttons.push(
      <RowActionButton
        key="cancel"
        variant="danger"
        label="Cancel"
        busyLabel="Cancelling..."
        name={`Cancel booking ${id}`}
        busy={cancelBusy}
        onClick={() => actions.cancel(booking)}
      />,
    );
  }
  if (canHavePaymentLink(booking)) {
    buttons.push(
      link ? (
        <RowActionButton
          key="copy"
          variant="secondary"
          label="Copy Link"
          name={`Copy Link for booking ${id}`}
          onClick={() => actions.copyLink(booking)}
        />
      ) : (
        <RowActionButton
          key="link"
          variant="primary"
          label="Generate Payment Link"
          busyLabel="Generating..."
          name={`Generate Payment Link for booking ${id}`}
          busy={linkBusy}
          onClick={() => actions.generateLink(booking)}
        />
      ),
    );
  }
  buttons.push(...frontDeskButtons(booking, actions.frontDesk, actions.busy));
  // An admin's block has no client, so nothing was ever sent about it.
  if (!isAdminBlock(booking)) {
    buttons.push(
      <RowActionButton
        key="messages"
        variant="secondary"
        label="Messages"
        name={`Messages for booking ${id}`}
        onClick={onMessages}
      />,
    );
  }
  if (buttons.length === 0) return <span className="muted">--</span>;
  return <div className="admin-actions">{buttons}</div>;
}
