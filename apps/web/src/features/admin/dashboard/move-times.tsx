import type { AdminBooking } from '@therapy/shared/admin-schemas';
import type { OpenSlot } from '@therapy/shared/schedule-schemas';
import { useId, useMemo } from 'react';
import { PageLoading } from '../../../components/page-loading';
// The date strip's and time grid's English words (the wizard's later steps' area, issue 30).
import '../../../i18n/steps-area';
import { LoadError } from '../../../components/state-panel';
import { DateStrip } from '../../../kit/booking/date-strip';
import { rescheduleTimes } from '../../../kit/booking/open-times';
import { TimeSlotGrid } from '../../../kit/booking/time-slot-grid';
// The booking kit's open-times pieces, as the client's own move uses them: one call, one date
// strip, one time grid, one rule for the times a booking can move to.
import { loadOpenSlots } from '../../../lib/catalog-api';
import { formatLongDate } from '../../../lib/format';
import { therapistDisplayName } from '../../../lib/therapist-display';
import { type FetchResult, useFetch } from '../../../lib/use-fetch';
import { loadErrorMessage } from '../admin-http';

export const MOVE_TIMES_FAILED = 'Failed to load the open times.';

/** Times by date ('HH:MM:SS' → end). */
type Times = Map<string, Map<string, string>>;

/**
 * The times the booking can move to (GET /api/open-slots): its therapist's open times at its own
 * place, without the one it holds. A new `version` loads them again.
 */
export function useMoveTimes(booking: AdminBooking, version: number) {
  const slots = useFetch(
    `move-slots:${booking.therapist_id}`,
    (signal) => loadOpenSlots(booking.therapist_id, signal),
    { version },
  );
  const times = useMemo(
    () => (slots.data ? rescheduleTimes(slots.data, booking) : null),
    [slots.data, booking],
  );
  return { slots, times };
}

type MoveTimesProps = {
  booking: AdminBooking;
  slots: FetchResult<OpenSlot[]>;
  /** Null while loading. */
  times: Times | null;
  date: string | null;
  start: string | null;
  onDate: (date: string) => void;
  onStart: (start: string) => void;
};

/** The date strip and the chosen date's open times, with their load states. */
export function MoveTimes({ booking, slots, times, date, start, onDate, onStart }: MoveTimesProps) {
  const headingId = useId();
  if (slots.status === 'error') {
    return <LoadError message={loadErrorMessage(slots.error, MOVE_TIMES_FAILED)} onRetry={slots.retry} />;
  }
  if (!times) return <PageLoading label="Loading open times…" />;
  if (times.size === 0) {
    return (
      <p className="admin-empty">
        {therapistDisplayName(booking.therapist_name)} has no other open time in the booking window.
      </p>
    );
  }
  const dayTimes = date ? times.get(date) : undefined;
  return (
    <div className="admin-move__times">
      <DateStrip dates={[...times.keys()].sort()} selected={date} onSelect={onDate} />
      {date && (
        <>
          <h3 id={headingId} className="admin-move__heading">
            Open times on {formatLongDate(date)}
          </h3>
          <TimeSlotGrid
            startTimes={dayTimes ? [...dayTimes.keys()].sort() : []}
            selected={start}
            labelledBy={headingId}
            onSelect={onStart}
          />
        </>
      )}
    </div>
  );
}
