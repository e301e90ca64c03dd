import { FormField } from '../../../components/form-field';
import { type FieldErrors, newRange, type RangeDraft, rangeFieldId } from './schedule-draft';
import type { PlaceOption } from './schedule-places';

type HoursRangesProps = {
  /** Field ids: `${prefix}-${day}-${index}-start`. */
  prefix: string;
  day: number;
  /** Read with each label by screen readers: 'Monday' or 'the new override'. */
  context: string;
  ranges: readonly RangeDraft[];
  errors: FieldErrors;
  places: readonly PlaceOption[];
  onChange: (ranges: RangeDraft[]) => void;
  /** No more ranges may be added (the schedule's limit). */
  full?: boolean;
};

/** One or more time ranges, each with its place; a range can be added or removed (one stays). */
export function HoursRanges({
  prefix,
  day,
  context,
  ranges,
  errors,
  places,
  onChange,
  full,
}: HoursRangesProps) {
  const update = (index: number, changes: Partial<RangeDraft>) =>
    onChange(ranges.map((range, at) => (at === index ? { ...range, ...changes } : range)));
  const add = () => {
    const last = ranges[ranges.length - 1];
    // The next range starts where the last ended, at the same place: the likely split shift.
    const start = last?.end || '09:00';
    const end =
      start < '22:00'
        ? `${String(Number(start.slice(0, 2)) + 2).padStart(2, '0')}:${start.slice(3)}`
        : '23:59';
    onChange([...ranges, newRange(last?.location_id ?? places[0]?.value ?? '', start, end)]);
  };

  return (
    <div className="schedule-ranges">
      {ranges.map((range, index) => (
        <HoursRange
          key={range.key}
          range={range}
          fieldId={(field) => rangeFieldId(prefix, day, index, field)}
          index={index}
          context={context}
          errors={errors}
          places={places}
          onChange={(changes) => update(index, changes)}
          onRemove={ranges.length > 1 ? () => onChange(ranges.filter((_, at) => at !== index)) : undefined}
        />
      ))}
      <button
        type="button"
        className="button button--secondary admin-button--small schedule-ranges__add"
        aria-label={`Add hours (${context})`}
        onClick={add}
        disabled={full}
      >
        Add hours
      </button>
    </div>
  );
}

type HoursRangeProps = {
  range: RangeDraft;
  fieldId: (field: 'start' | 'end' | 'location_id') => string;
  index: number;
  context: string;
  errors: FieldErrors;
  places: readonly PlaceOption[];
  onChange: (changes: Partial<RangeDraft>) => void;
  /** Not given for the only range (one stays). */
  onRemove?: () => void;
};

/** One range: start, end and place, labelled with its context and number; Remove when not alone. */
function HoursRange({ range, fieldId, index, context, errors, places, onChange, onRemove }: HoursRangeProps) {
  const which = (
    <span className="visually-hidden">
      {' '}
      ({context}, hours {index + 1})
    </span>
  );
  const time = (field: 'start' | 'end', title: string) => (
    <FormField
      id={fieldId(field)}
      label={
        <>
          {title}
          {which}
        </>
      }
      error={errors[fieldId(field)]}
    >
      {(control) => (
        <input
          {...control}
          className="input tabular-nums"
          type="time"
          step={300}
          value={range[field]}
          onChange={(event) => onChange({ [field]: event.target.value })}
        />
      )}
    </FormField>
  );
  return (
    <div className="schedule-range">
      {time('start', 'Start')}
      {time('end', 'End')}
      <FormField id={fieldId('location_id')} label={<>Place{which}</>} error={errors[fieldId('location_id')]}>
        {(control) => (
          <select
            {...control}
            className="select"
            value={range.location_id}
            onChange={(event) => onChange({ location_id: event.target.value })}
          >
            {range.location_id === '' && <option value="">Choose a place</option>}
            {places.map((place) => (
              <option key={place.value} value={place.value}>
                {place.label}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {onRemove && (
        <button
          type="button"
          className="button button--secondary admin-button--small schedule-range__remove"
          aria-label={`Remove hours ${index + 1} (${context})`}
          onClick={onRemove}
        >
          Remove
        </button>
      )}
    </div>
  );
}
