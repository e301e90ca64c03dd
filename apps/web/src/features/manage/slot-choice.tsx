import type { OpenSlot } from '@therapy/shared/schedule-schemas';
import { PageLoading } from '../../components/page-loading';
import { LoadError, StatePanel } from '../../components/state-panel';
import { ApiError } from '../../lib/api-client';
import { formatLongDate } from '../../lib/format';
import type { FetchResult } from '../../lib/use-fetch';
import { BOOKING_MESSAGES } from '../booking/booking-messages';
import { DateStrip } from '../booking/date-strip';
import { TimeSlotGrid } from '../booking/time-slot-grid';

const SLOTS_HEADING_ID = 'reschedule-slots-heading';

type SlotChoiceProps = {
  slots: FetchResult<OpenSlot[]>;
  /** The times the booking can move to, by date (manage-rules.ts `rescheduleTimes`); null while loading. */
  times: Map<string, Map<string, string>> | null;
  date: string | null;
  start: string | null;
  onDate: (date: string) => void;
  onStart: (start: string) => void;
};

/** The wizard's date strip and time grid over the times a booking can move to, with their load states. */
export function SlotChoice({ slots, times, date, start, onDate, onStart }: SlotChoiceProps) {
  if (slots.status === 'error') {
    const message = slots.error instanceof ApiError ? slots.error.message : BOOKING_MESSAGES.slotsFailed;
    return <LoadError message={message} onRetry={slots.retry} />;
  }
  if (!times) return <PageLoading label="Loading available times…" />;
  if (times.size === 0) {
    return (
      <StatePanel title="No Time Slots Available">
        <p>
          There are no other open times in the coming days. Please call the clinic to change your booking.
        </p>
      </StatePanel>
    );
  }
  const dayTimes = date ? times.get(date) : undefined;
  return (
    <>
      <DateStrip dates={[...times.keys()].sort()} selected={date} onSelect={onDate} />
      {date && (
        <div className="slots">
          <h3 id={SLOTS_HEADING_ID} className="slots__title">
            Available times on {formatLongDate(date)}
          </h3>
          <TimeSlotGrid
            startTimes={dayTimes ? [...dayTimes.keys()].sort() : []}
            selected={start}
            labelledBy={SLOTS_HEADING_ID}
            onSelect={onStart}
          />
        </div>
      )}
    </>
  );
}
