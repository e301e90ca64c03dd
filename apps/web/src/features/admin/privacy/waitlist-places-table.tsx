import type { PrivacyExport } from '@therapy/shared/privacy-schemas';
import { formatDate } from '../admin-format';
import { TableScroller } from '../ui/table-scroller';

/** The client's places on waitlists (issue 15), as held: the desk exports and erases them too. */
export function WaitlistPlacesTable({ places }: { places: PrivacyExport['waitlist_entries'] }) {
  return (
    <TableScroller label="The client’s waitlist places">
      <table className="admin-table">
        <caption className="visually-hidden">The client’s waitlist places</caption>
        <thead>
          <tr>
            <th scope="col">Therapist</th>
            <th scope="col">Dates</th>
            <th scope="col">Status</th>
            <th scope="col">Name</th>
            <th scope="col">E-mail</th>
            <th scope="col">Mobile</th>
          </tr>
        </thead>
        <tbody>
          {places.map((place) => (
            <tr key={place.entry_id}>
              <td>{place.therapist_name}</td>
              <td className="tabular-nums">
                {place.preferred_dates.map((date) => formatDate(date)).join(', ')}
              </td>
              <td>{place.status}</td>
              <td>{place.client_full_name}</td>
              <td>{place.client_email ?? '—'}</td>
              <td>{place.client_mobile ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroller>
  );
}
