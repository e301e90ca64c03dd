import { useT } from '../../i18n/use-t';
import { useFormat } from '../../lib/format';

type TimeSlotGridProps = {
  startTimes: readonly string[];
  selected: string | null;
  onSelect: (startTime: string) => void;
  labelledBy: string;
};

/** The free start times of one date, in 12-hour time. */
export function TimeSlotGrid({ startTimes, selected, onSelect, labelledBy }: TimeSlotGridProps) {
  const { t } = useT();
  const { time } = useFormat();
  if (startTimes.length === 0) {
    return <p className="slot-grid__empty">{t('booking.dateTime.noSlotsForDate')}</p>;
  }
  return (
    <ul className="slot-grid" aria-labelledby={labelledBy}>
      {startTimes.map((start) => (
        <li key={start}>
          <button
            type="button"
            className="slot-grid__slot tabular-nums"
            aria-pressed={start === selected}
            onClick={() => onSelect(start)}
          >
            {time(start)}
          </button>
        </li>
      ))}
    </ul>
  );
}
