import type { PrivacyExport } from '@therapy/shared/privacy-schemas';
import { TableScroller } from '../ui/table-scroller';

/** The client's bookings as held, personal fields and all: what an export gives and an erasure replaces. */
export function HeldBookingsTable({ bookings }: { bookings: PrivacyExport['bookings'] }) {
  return (
    <TableScroller label="The client’s bookings">
      <table className="admin-table">
        <caption className="visually-hidden">The client’s bookings</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Therapist</th>
            <th scope="col">Status</th>
            <th scope="col">Name</th>
            <th scope="col">E-mail</th>
            <th scope="col">Mobile</th>
            <th scope="col">Note</th>
          </tr>
        </thead>
        <tbody>
          {bookings.map((booking) => (
            <tr key={booking.booking_id}>
              <td className="tabular-nums">
                {booking.booking_date} {booking.start_time}
              </td>
              <td>{booking.therapist_name}</td>
              <td>{booking.cancelled ? 'CANCELLED' : booking.payment_status}</td>
              <td>{booking.client_full_name ?? '—'}</td>
              <td>{booking.client_email ?? '—'}</td>
              <td>{booking.client_mobile ?? '—'}</td>
              <td>{booking.client_note ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroller>
  );
}
