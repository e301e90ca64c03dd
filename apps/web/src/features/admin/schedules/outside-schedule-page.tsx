import type { AdminLocation } from '@therapy/shared/admin-schemas';
import { SESSION_MINUTES } from '@therapy/shared/booking-rules';
import { addMinutes } from '@therapy/shared/clinic-time';
import type { OutsideScheduleBooking } from '@therapy/shared/schedule-schemas';
import { useState } from 'react';
import { Link } from 'wouter';
import { Button } from '../../../components/button';
import { PageLoading } from '../../../components/page-loading';
import { therapistDisplayName } from '../../../lib/therapist-display';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useFetch } from '../../../lib/use-fetch';
import { formatDate, formatTimeRange } from '../admin-format';
import { errorMessage, loadErrorMessage } from '../admin-http';
import { fetchAdminLocations } from '../admin-lists-api';
import { useAdminSession } from '../admin-session';
import { AdminPageHeader } from '../ui/admin-page-header';
import { LoadErrorPanel } from '../ui/load-error-panel';
import { TableScroller } from '../ui/table-scroller';
import { showError } from '../ui/toast-store';
import { fetchOutsideSchedule, type OutsideScheduleAnswer } from './schedule-api';
import { placeLabel } from './schedule-places';
import '../ui/card-table.css';
import './schedules.css';

export const OUTSIDE_LOAD_FAILED = 'Failed to load the bookings outside the schedules.';
export const OUTSIDE_EMPTY = 'No bookings fall outside the schedules.';
export const OUTSIDE_PAGE_SIZE = 20;

export const REASON_LABELS: Record<OutsideScheduleBooking['reason'], string> = {
  holiday: 'Clinic holiday',
  leave: 'Therapist on leave',
  'day off': 'Day off',
  'outside hours': 'Outside working hours',
};

/**
 * /admin/outside-schedule (admins): bookings a schedule change left outside the hours. They are
 * never moved or cancelled; the list says why each no longer fits and how to reach the client.
 */
export function OutsideSchedulePage() {
  useDocumentTitle('Outside schedule');
  const first = useFetch<OutsideScheduleAnswer>('outside-schedule', (signal) =>
    fetchOutsideSchedule(OUTSIDE_PAGE_SIZE, null, signal),
  );
  const locations = useFetch<AdminLocation[]>('admin-locations', fetchAdminLocations);
  // The rows wait for the centres' names too: else a row shows "Centre 2" until they come.
  const loading = first.status === 'loading' || locations.status === 'loading';

  return (
    <div className="admin-page">
      <AdminPageHeader
        title="Outside schedule"
        subtitle="Bookings that no longer fit their therapist’s hours, leave or the clinic holidays. They stay booked: contact the client to keep or move them."
      />
      {loading && <PageLoading label="Loading bookings…" />}
      {first.status === 'error' && (
        <LoadErrorPanel
          title="Error"
          message={loadErrorMessage(first.error, OUTSIDE_LOAD_FAILED)}
          onRetry={first.retry}
        />
      )}
      {first.status === 'success' &&
        !loading &&
        (first.data.items.length === 0 ? (
          <p className="admin-empty">{OUTSIDE_EMPTY}</p>
        ) : (
          <section className="admin-panel" aria-label="Bookings outside the schedules">
            <OutsideList first={first.data} locations={locations.data ?? []} />
          </section>
        ))}
    </div>
  );
}

function OutsideList({
  first,
  locations,
}: {
  first: OutsideScheduleAnswer;
  locations: readonly AdminLocation[];
}) {
  const [more, setMore] = useState<{ items: OutsideScheduleBooking[]; cursor: string | null }>({
    items: [],
    cursor: first.next_cursor,
  });
  const [loading, setLoading] = useState(false);
  // Schedules are a superadmin's screen: other admins see the name without a link to it.
  const linkTherapists = Boolean(useAdminSession((state) => state.user?.is_superadmin));
  const rows = [...first.items, ...more.items];

  async function loadMore() {
    if (!more.cursor || loading) return;
    setLoading(true);
    try {
      const page = await fetchOutsideSchedule(OUTSIDE_PAGE_SIZE, more.cursor);
      setMore((current) => ({ items: [...current.items, ...page.items], cursor: page.next_cursor }));
    } catch (error) {
      showError(errorMessage(error, OUTSIDE_LOAD_FAILED));
    } finally {
      setLoading(false);
    }
  }

  return (
    <>
      <TableScroller label="Bookings outside the schedules">
        <table className="admin-table admin-table--cards">
          <caption className="visually-hidden">Bookings outside the schedules, by date</caption>
          <thead>
            <tr>
              <th scope="col">Booking ID</th>
              <th scope="col">Why</th>
              <th scope="col">Therapist</th>
              <th scope="col">Date</th>
              <th scope="col">Time</th>
              <th scope="col">Place</th>
              <th scope="col">Client Name</th>
              <th scope="col">Client Email</th>
              <th scope="col">Client Mobile</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((booking) => (
              <OutsideRow
                key={booking.booking_id}
                booking={booking}
                locations={locations}
                linkTherapist={linkTherapists}
              />
            ))}
          </tbody>
        </table>
      </TableScroller>
      <div className="admin-pagination">
        <p className="admin-pagination__range tabular-nums" aria-live="polite">
          {rows.length} of {Math.max(first.total, rows.length)} bookings
        </p>
        {more.cursor && (
          <Button variant="secondary" busy={loading} busyLabel="Loading..." onClick={loadMore}>
            Load more
          </Button>
        )}
      </div>
    </>
  );
}

type OutsideRowProps = {
  booking: OutsideScheduleBooking;
  locations: readonly AdminLocation[];
  linkTherapist: boolean;
};

function OutsideRow({ booking, locations, linkTherapist }: OutsideRowProps) {
  const therapist = therapistDisplayName(booking.therapist_name) || `Therapist ${booking.therapist_id}`;
  const end = addMinutes(booking.booking_time_slot_start, SESSION_MINUTES);
  const email = booking.client_email?.trim();
  const mobile = booking.client_mobile?.trim();
  return (
    <tr>
      <td className="tabular-nums" data-label="Booking ID">
        {booking.booking_id}
      </td>
      <td data-label="Why">{REASON_LABELS[booking.reason] ?? booking.reason}</td>
      <td data-label="Therapist">
        {linkTherapist ? (
          <Link href={`/admin/therapists/${booking.therapist_id}/schedule`}>{therapist}</Link>
        ) : (
          therapist
        )}
      </td>
      <td className="admin-table__nowrap" data-label="Date">
        {formatDate(booking.booking_date)}
      </td>
      <td className="admin-table__nowrap tabular-nums" data-label="Time">
        {formatTimeRange(booking.booking_time_slot_start, end)}
      </td>
      <td data-label="Place">{placeLabel(booking.location_id, locations)}</td>
      <th scope="row" data-label="Client Name">
        {booking.client_full_name?.trim() || 'N/A'}
      </th>
      <td data-label="Client Email">{email ? <a href={`mailto:${email}`}>{email}</a> : 'N/A'}</td>
      <td className="tabular-nums" data-label="Client Mobile">
        {mobile ? <a href={`tel:${mobile.replace(/[^\d+]/g, '')}`}>{mobile}</a> : 'N/A'}
      </td>
    </tr>
  );
}
