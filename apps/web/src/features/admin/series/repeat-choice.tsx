import { SERIES_DEFAULT_MAX_SESSIONS, SERIES_MIN_SESSIONS } from '@therapy/shared/series-rules';
import { useId } from 'react';
import { loadSeriesMaxSessions } from '../../../kit/series/series-api';
import { useFetch } from '../../../lib/use-fetch';

export type RepeatChoice = { every_weeks: 0 | 1 | 2; count: number };

/** SERIES_MAX_SESSIONS, as the wizard reads it (GET /api/clinic). */
export function useSeriesMax(): number {
  return (
    useFetch('series-max-sessions', loadSeriesMaxSessions, { cached: true }).data ??
    SERIES_DEFAULT_MAX_SESSIONS
  );
}

type RepeatChoiceFieldsProps = {
  value: RepeatChoice;
  onChange: (value: RepeatChoice) => void;
  /** Offer "Does not repeat" (Manual Booking); "Repeat weekly…" always repeats. */
  allowNone?: boolean;
  /** The label of the count: sessions in all, or sessions after the booking. */
  countLabel?: string;
};

/** How often, and how many sessions: the front desk's standing appointment (issue 26). */
export function RepeatChoiceFields({
  value,
  onChange,
  allowNone = false,
  countLabel = 'Number of sessions',
}: RepeatChoiceFieldsProps) {
  const max = useSeriesMax();
  const everyId = useId();
  const countId = useId();
  const counts = Array.from(
    { length: max - SERIES_MIN_SESSIONS + 1 },
    (_, index) => index + SERIES_MIN_SESSIONS,
  );
  return (
    <div className="admin-form__row">
      <div className="field">
        <label htmlFor={everyId} className="field__label">
          Repeat
        </label>
        <select
          id={everyId}
          className="select"
          value={value.every_weeks}
          onChange={(event) => onChange({ ...value, every_weeks: Number(event.target.value) as 0 | 1 | 2 })}
        >
          {allowNone && <option value={0}>Does not repeat</option>}
          <option value={1}>Every week</option>
          <option value={2}>Every 2 weeks</option>
        </select>
      </div>
      {value.every_weeks !== 0 && (
        <div className="field">
          <label htmlFor={countId} className="field__label">
            {countLabel}
          </label>
          <select
            id={countId}
            className="select"
            value={Math.min(value.count, max)}
            onChange={(event) => onChange({ ...value, count: Number(event.target.value) })}
          >
            {counts.map((count) => (
              <option key={count} value={count}>
                {count} sessions
              </option>
            ))}
          </select>
        </div>
      )}
    </div>
  );
}
