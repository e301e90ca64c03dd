import { TIMES_OF_DAY, type TimeOfDay } from '@therapy/shared/waitlist-rules';
import { FieldErrorText } from '../../../components/field-error-text';
import type { MessageId } from '../../../i18n/catalog';
import { useT } from '../../../i18n/use-t';
import { useFormat } from '../../../lib/format';

const TIME_LABELS: Record<TimeOfDay, MessageId> = {
  morning: 'waitlist.time.morning',
  afternoon: 'waitlist.time.afternoon',
  evening: 'waitlist.time.evening',
};

export const DATES_FIELD_ID = 'waitlist-dates';
export const TIMES_FIELD_ID = 'waitlist-times';

type ChoicesProps<T extends string> = {
  chosen: readonly T[];
  error: string | undefined;
  onToggle: (value: T) => void;
};

function toggled<T>(list: readonly T[], value: T): T[] {
  return list.includes(value) ? list.filter((item) => item !== value) : [...list, value];
}

export { toggled };

/** The window's dates as checkboxes, in the visitor's language; the first is the one errors link to. */
export function DateChoices({
  dates,
  chosen,
  error,
  onToggle,
}: ChoicesProps<string> & { dates: readonly string[] }) {
  const { t } = useT();
  const { shortDate } = useFormat();
  return (
    <fieldset className={`fieldset${error ? ' field--error' : ''}`} aria-describedby="waitlist-dates-hint">
      <legend className="field__label">{t('waitlist.form.dates')}</legend>
      <p className="field__hint" id="waitlist-dates-hint">
        {t('waitlist.form.datesHint')}
      </p>
      {error && (
        <p className="field__error">
          <FieldErrorText error={error} />
        </p>
      )}
      <div className="waitlist-dates">
        {dates.map((date, index) => (
          <label key={date} className="checkbox-option waitlist-dates__date">
            <input
              id={index === 0 ? DATES_FIELD_ID : undefined}
              type="checkbox"
              checked={chosen.includes(date)}
              onChange={() => onToggle(date)}
            />
            <span className="tabular-nums">{shortDate(date)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Morning, afternoon, evening. */
export function TimeChoices({ chosen, error, onToggle }: ChoicesProps<TimeOfDay>) {
  const { t } = useT();
  return (
    <fieldset className={`fieldset${error ? ' field--error' : ''}`}>
      <legend className="field__label">{t('waitlist.form.times')}</legend>
      {error && (
        <p className="field__error">
          <FieldErrorText error={error} />
        </p>
      )}
      {TIMES_OF_DAY.map((time, index) => (
        <label key={time} className="checkbox-option">
          <input
            id={index === 0 ? TIMES_FIELD_ID : undefined}
            type="checkbox"
            checked={chosen.includes(time)}
            onChange={() => onToggle(time)}
          />
          <span>{t(TIME_LABELS[time])}</span>
        </label>
      ))}
    </fieldset>
  );
}
