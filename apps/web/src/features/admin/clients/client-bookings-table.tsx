import type { ClientBooking } from '@therapy/shared/admin-client-schemas';
import { Link } from 'wouter';
import { therapistDisplayName } from '../../../lib/therapist-display';
import { formatDate, formatTime } from '../admin-format';
import { StatusBadge } from '../ui/status-badge';
import { TableScroller } from '../ui/table-scroller';
import '../ui/card-table.css';
import './clients.css';

const text = (value: string | null | undefined, missing = 'N/A') => (value?.trim() ? value : missing);

const SESSION_TYPES: Record<string, string> = { individual: 'Individual', couple: 'Couple' };

type ClientBookingsTableProps = {
  rows: readonly ClientBooking[];
  /** Shows that client's bookings (clients?search={name}). */
  onOpen: (clientName: string) => void;
};

export function ClientBookingsTable({ rows, onOpen }: ClientBookingsTableProps) {
  return (
    <TableScroller label="Client bookings">
      <table className="admin-table admin-table--cards">
        <caption className="visually-hidden">Client bookings</caption>
        <thead>
          <tr>
            <th scope="col">Booking ID</th>
            <th scope="col">Client Name</th>
            <th scope="col">Client Email</th>
            <th scope="col">Client Phone</th>
            <th scope="col">Session Type</th>
            <th scope="col">Client Notes</th>
            <th scope="col">Client City</th>
            <th scope="col">Client State</th>
            <th scope="col">Therapist Name</th>
            <th scope="col">Date</th>
            <th scope="col">Time</th>
            <th scope="col">Type</th>
            <th scope="col">Payment Status</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ booking_id, data }) => {
            const name = data.client_full_name?.trim();
            return (
              <tr
                key={booking_id}
                className="admin-table__row--link"
                // The name's link is the keyboard way in; a click anywhere on the row does the same.
                onClick={(event) => {
                  if (name && !(event.target instanceof Element && event.target.closest('a'))) onOpen(name);
                }}
              >
                <td className="tabular-nums" data-label="Booking ID">
                  {booking_id}
                </td>
                <th scope="row" data-label="Client Name">
                  {name ? (
                    <Link href={`/admin/clients?search=${encodeURIComponent(name)}`}>{name}</Link>
                  ) : (
                    'N/A'
                  )}
                </th>
                <td data-label="Client Email">{text(data.client_email)}</td>
                <td className="tabular-nums" data-label="Client Phone">
                  {text(data.client_mobile)}
                </td>
                <td data-label="Session Type">
                  {SESSION_TYPES[data.client_session_type ?? ''] ?? text(data.client_session_type, '--')}
                </td>
                <td className="admin-table__wrap" data-label="Client Notes">
                  {text(data.client_note, '--')}
                </td>
                <td data-label="Client City">--</td>
                <td data-label="Client State">--</td>
                <td data-label="Therapist Name">
                  {therapistDisplayName(data.therapist_details.name) || 'N/A'}
                </td>
                <td data-label="Date">{formatDate(data.booking_date)}</td>
                <td className="tabular-nums" data-label="Time">
                  {formatTime(data.booking_time_slot_start)}
                </td>
                <td data-label="Type">{data.booking_type === 'ONLINE' ? 'Online' : 'In-Person'}</td>
                <td data-label="Payment Status">
                  <StatusBadge status={data.payment_status} cancelled={data.cancelled} />
                </td>
                <td data-label="Status">
                  {data.cancelled ? (
                    <span className="admin-status-icon admin-status-icon--cancelled" title="Cancelled">
                      <span aria-hidden="true">✕</span>
                      <span className="visually-hidden">Cancelled</span>
                    </span>
                  ) : (
                    <span className="admin-status-icon admin-status-icon--ok" title="Active">
                      <span aria-hidden="true">✓</span>
                      <span className="visually-hidden">Active</span>
                    </span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroller>
  );
}
