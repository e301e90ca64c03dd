import type { OpenSlot } from '@therapy/shared/schedule-schemas';
import { PageLoading } from '../../components/page-loading';
import { LoadError, StatePanel } from '../../components/state-panel';
import { useT } from '../../i18n/use-t';
import { DateStrip } from '../../kit/booking/date-strip';
import { TimeSlotGrid } from '../../kit/booking/time-slot-grid';
import { ApiError } from '../../lib/api-client';
import { useFormat } from '../../lib/format';
import type { FetchResult } from '../../lib/use-fetch';

const SLOTS_HEADING_ID = 'reschedule-slots-heading';

type SlotChoiceProps = {
  slots: FetchResult<OpenSlot[]>;
  /** The times the booking can move to, by date (kit/booking/open-times.ts `rescheduleTimes`); null while loading. */
  times: Map<string, Map<string, string>> | null;
  date: string | null;
  start: string | null;
  onDate: (date: string) => void;
  onStart: (start: string) => void;
};

/** The wizard's date strip and time grid over the times a booking can move to, with their load states. */
export function SlotChoice({ slots, times, date, start, onDate, onStart }: SlotChoiceProps) {
  const { t } = useT();
  const { longDate } = useFormat();
  if (slots.status === 'error') {
    const message = slots.error instanceof ApiError ? slots.error.message : t('manage.slots.failed');
    return <LoadError message={message} onRetry={slots.retry} />;
  }
  if (!times) return <PageLoading label={t('manage.slots.loading')} />;
  if (times.size === 0) {
    return (
      <StatePanel title={t('manage.slots.noneTitle')}>
        <p>{t('manage.slots.noneText')}</p>
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
            {t('manage.slots.heading', { date: longDate(date) })}
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
