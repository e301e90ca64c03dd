import type { AdminBookingPage, AdminTherapist } from '@therapy/shared/admin-schemas';
import type { AdminDaySlot } from '@therapy/shared/admin-slot-schemas';
import { therapistTypeLabel } from '@therapy/shared/booking-rules';
import { useEffect, useRef, useState } from 'react';
import { PageLoading } from '../../../components/page-loading';
import { LoadError } from '../../../components/state-panel';
import { therapistDisplayName } from '../../../lib/therapist-display';
import { type FetchResult, useFetch } from '../../../lib/use-fetch';
import { clinicToday } from '../admin-format';
import { fetchTherapistSlots } from '../admin-lists-api';
import { useCursorPages } from '../ui/use-cursor-pages';
import { BookingsTable } from './bookings-table';
import { fetchTherapistBookings } from './dashboard-api';
import { DayPanel } from './day-panel';
import type { BookingActions } from './use-booking-actions';

const LOAD_FAILED = 'Failed to load therapist availability and bookings.';

type TherapistDetailsProps = {
  therapist: AdminTherapist;
  actions: BookingActions;
  /** Changes whenever bookings changed anywhere on the dashboard: the lists here reload. */
  version: number;
  onChanged: () => void;
};

export function TherapistDetails({ therapist, actions, version, onChanged }: TherapistDetailsProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [date, setDate] = useState(clinicToday);
  const name = therapistDisplayName(therapist.name);

  const slots = useFetch<AdminDaySlot[]>(
    `slots:${therapist.id}:${date}`,
    (signal) => fetchTherapistSlots(therapist.id, date, signal),
    { version },
  );
  // Paged by the server (ADR 034): a therapist's history grows without end.
  const pages = useCursorPages(`therapist-bookings:${therapist.id}`);
  const bookings = useFetch<AdminBookingPage>(
    `therapist-bookings:${therapist.id}:${pages.size}:${pages.cursor ?? ''}`,
    (signal) => fetchTherapistBookings(therapist.id, { limit: pages.size, cursor: pages.cursor }, signal),
    { version, keepPrevious: true },
  );

  // A newly chosen therapist: take the reader to the panel that just appeared.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose for each therapist chosen
  useEffect(() => {
    headingRef.current?.focus();
  }, [therapist.id]);

  const failed = slots.status === 'error' || bookings.status === 'error';

  return (
    <section className="admin-panel" aria-labelledby="therapist-details-heading">
      <h2 id="therapist-details-heading" ref={headingRef} tabIndex={-1}>
        {name}
      </h2>
      <p className="muted">
        {therapist.title} · {therapistTypeLabel(therapist.type)}
      </p>
      {failed ? (
        <LoadError
          message={LOAD_FAILED}
          onRetry={() => {
            slots.retry();
            bookings.retry();
          }}
        />
      ) : (
        <div className="admin-details">
          <DayPanel
            therapist={therapist}
            date={date}
            onDate={setDate}
            slots={slots}
            actions={actions}
            version={version}
            onChanged={onChanged}
          />
          <BookedSessions bookings={bookings} paging={pages.paging} actions={actions} name={name} />
        </div>
      )}
    </section>
  );
}

type BookedSessionsProps = {
  bookings: FetchResult<AdminBookingPage>;
  paging: ReturnType<typeof useCursorPages>['paging'];
  actions: BookingActions;
  /** The therapist's display name. */
  name: string;
};

/** The therapist's bookings, newest first, a page at a time. */
function BookedSessions({ bookings, paging, actions, name }: BookedSessionsProps) {
  return (
    <section className="admin-details__bookings" aria-labelledby="therapist-bookings-heading">
      <h3 id="therapist-bookings-heading">Booked Sessions</h3>
      {bookings.status === 'loading' ? (
        <PageLoading label="Loading booked sessions…" />
      ) : (
        bookings.data && (
          <BookingsTable
            bookings={bookings.data.items}
            paging={paging(bookings.data, bookings.refreshing)}
            actions={actions}
            caption={`Booked sessions of ${name}`}
            showTherapist={false}
            emptyText="No booked sessions for this therapist."
          />
        )
      )}
    </section>
  );
}
