import type { AdminBookingPage, AdminTherapist } from '@therapy/shared/admin-schemas';
import type { AdminDaySlot } from '@therapy/shared/admin-slot-schemas';
import { therapistTypeLabel } from '@therapy/shared/booking-rules';
import { useEffect, useId, useRef, useState } from 'react';
import { PageLoading } from '../../../components/page-loading';
import { LoadError } from '../../../components/state-panel';
import { formatLongDate } from '../../../lib/format';
import { therapistDisplayName } from '../../../lib/therapist-display';
import { useFetch } from '../../../lib/use-fetch';
import { adminDateOptions, formatTimeRange, shortTime } from '../admin-format';
import { errorMessage } from '../admin-http';
import { fetchTherapistSlots } from '../admin-lists-api';
import { useConfirm } from '../ui/confirm-dialog';
import { showError, showSuccess } from '../ui/toast-store';
import { useCursorPages } from '../ui/use-cursor-pages';
import { BookingsTable } from './bookings-table';
import { fetchTherapistBookings, toggleSlotBlock } from './dashboard-api';
import { DaySlots } from './day-slots';
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
  const dateId = useId();
  const dates = adminDateOptions();
  const [date, setDate] = useState(dates[0]!);
  const [busyStart, setBusyStart] = useState<string | null>(null);
  const { confirm, dialog } = useConfirm();
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

  const toggle = async (slot: AdminDaySlot) => {
    const range = formatTimeRange(slot.start_time, slot.end_time);
    const unblock = slot.admin_blocked;
    const yes = await confirm({
      title: unblock ? 'Unblock slot' : 'Block slot',
      message: unblock
        ? `Unblock ${range} on ${formatLongDate(date)} for ${name}? Clients will be able to book it again.`
        : `Block ${range} on ${formatLongDate(date)} for ${name}? Clients will not be able to book it.`,
      confirmLabel: unblock ? 'Unblock' : 'Block',
      tone: unblock ? 'primary' : 'danger',
    });
    if (!yes) return;
    setBusyStart(slot.start_time);
    try {
      const result = await toggleSlotBlock({
        therapist_id: therapist.id,
        start_time: shortTime(slot.start_time),
        date,
      });
      showSuccess(result.message);
      onChanged();
    } catch (error) {
      showError(errorMessage(error, `Failed to ${unblock ? 'unblock' : 'block'} the slot.`));
      slots.retry();
    } finally {
      setBusyStart(null);
    }
  };

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
          <section className="admin-details__slots" aria-labelledby="availability-heading">
            <h3 id="availability-heading">Availability</h3>
            <div className="field admin-field--inline">
              <label className="field__label" htmlFor={dateId}>
                Date
              </label>
              <select
                id={dateId}
                className="select"
                value={date}
                onChange={(event) => setDate(event.target.value)}
              >
                {dates.map((option) => (
                  <option key={option} value={option}>
                    {formatLongDate(option)}
                  </option>
                ))}
              </select>
            </div>
            {slots.status === 'loading' ? (
              <PageLoading label="Loading time slots…" />
            ) : (
              slots.data && <DaySlots slots={slots.data} busyStart={busyStart} onToggle={toggle} />
            )}
          </section>
          <section className="admin-details__bookings" aria-labelledby="therapist-bookings-heading">
            <h3 id="therapist-bookings-heading">Booked Sessions</h3>
            {bookings.status === 'loading' ? (
              <PageLoading label="Loading booked sessions…" />
            ) : (
              bookings.data && (
                <BookingsTable
                  bookings={bookings.data.items}
                  paging={pages.paging(bookings.data, bookings.refreshing)}
                  actions={actions}
                  caption={`Booked sessions of ${name}`}
                  showTherapist={false}
                  emptyText="No booked sessions for this therapist."
                />
              )
            )}
          </section>
        </div>
      )}
      {dialog}
    </section>
  );
}
