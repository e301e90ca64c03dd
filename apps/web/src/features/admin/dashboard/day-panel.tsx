import type { AdminBookingPage, AdminTherapist } from '@therapy/shared/admin-schemas';
import type { AdminDaySlot } from '@therapy/shared/admin-slot-schemas';
import { useId } from 'react';
import { PageLoading } from '../../../components/page-loading';
import { formatLongDate } from '../../../lib/format';
import { type FetchResult, useFetch } from '../../../lib/use-fetch';
import { adminDateOptions } from '../admin-format';
import { fetchBookingPage } from './dashboard-api';
import { DaySlots } from './day-slots';
import { BookingRowActions } from './row-actions';
import type { BookingActions } from './use-booking-actions';
import { useSlotToggle } from './use-slot-toggle';

// The day panel names a booked slot's client and offers Move: the row's own Move action.
const MOVE_ONLY = ['move'];
/** More sessions than a therapist's day has, so one page holds them all. */
const DAY_LIMIT = '100';

type DayPanelProps = {
  therapist: AdminTherapist;
  date: string;
  onDate: (date: string) => void;
  slots: FetchResult<AdminDaySlot[]>;
  actions: BookingActions;
  version: number;
  onChanged: () => void;
};

/** A therapist's sessions on one date: booked, blocked or free, with Block, Unblock and Move. */
export function DayPanel({ therapist, date, onDate, slots, actions, version, onChanged }: DayPanelProps) {
  const dateId = useId();
  const { toggle, busyStart, dialog } = useSlotToggle(therapist, date, { onChanged, onFailed: slots.retry });
  const bookings = useDayBookings(therapist.id, date, slots.data, version);
  const booked = (slot: AdminDaySlot) => {
    const booking = bookings.data?.items.find((item) => item.id === slot.booking_id);
    if (!booking) return undefined;
    return {
      client: booking.client_full_name,
      waitlistOffer: booking.waitlist_offer === true,
      actions: <BookingRowActions booking={booking} actions={actions} only={MOVE_ONLY} />,
    };
  };

  return (
    <section className="admin-details__slots" aria-labelledby="availability-heading">
      <h3 id="availability-heading">Availability</h3>
      <div className="field admin-field--inline">
        <label className="field__label" htmlFor={dateId}>
          Date
        </label>
        <select id={dateId} className="select" value={date} onChange={(event) => onDate(event.target.value)}>
          {adminDateOptions().map((option) => (
            <option key={option} value={option}>
              {formatLongDate(option)}
            </option>
          ))}
        </select>
      </div>
      {slots.status === 'loading' ? (
        <PageLoading label="Loading time slots…" />
      ) : (
        slots.data && <DaySlots slots={slots.data} busyStart={busyStart} onToggle={toggle} booked={booked} />
      )}
      {dialog}
    </section>
  );
}

/** The therapist's bookings of the date, loaded only when a slot of it is booked. */
function useDayBookings(
  therapistId: number,
  date: string,
  slots: readonly AdminDaySlot[] | undefined,
  version: number,
): FetchResult<AdminBookingPage> {
  const anyBooked = slots?.some((slot) => slot.is_booked) ?? false;
  const query = new URLSearchParams({
    therapist_id: String(therapistId),
    from: date,
    to: date,
    limit: DAY_LIMIT,
  });
  return useFetch(anyBooked ? `day-bookings:${query}` : null, (signal) => fetchBookingPage(query, signal), {
    version,
    keepPrevious: true,
  });
}
