import type { AdminLocation } from '@therapy/shared/admin-schemas';
import type { DateOverride } from '@therapy/shared/schedule-schemas';
import { MAX_HOURS_PER_DATE } from '@therapy/shared/schedule-schemas';
import { type FormEvent, useState } from 'react';
import { formatLongDate } from '../../../lib/format';
import { clinicToday, formatTimeRange } from '../admin-format';
import { showSuccess } from '../ui/toast-store';
import { DatedEntryList, DateField, EntryForm, ScheduleSection, useEntryForm } from './dated-entries';
import { HoursRanges } from './hours-ranges';
import { addOverride, deleteOverride, outsideNote } from './schedule-api';
import { checkRanges, type FieldErrors, newRange, type RangeDraft } from './schedule-draft';
import { submitFailure } from './schedule-form-failure';
import { defaultPlace, type PlaceOption, placeLabel } from './schedule-places';

const DATE_ID = 'override-date';

type DateOverridesProps = {
  therapistId: number;
  overrides: readonly DateOverride[];
  places: readonly PlaceOption[];
  locations: readonly AdminLocation[];
  onChanged: () => void;
};

/** The hours of an override, each with its place, or "Day off". */
function overrideHours(override: DateOverride, locations: readonly AdminLocation[]): string {
  if (override.hours.length === 0) return 'Day off';
  return override.hours
    .map((h) => `${formatTimeRange(h.start, h.end)} (${placeLabel(h.location_id, locations)})`)
    .join(', ');
}

/** Upcoming dates with their own hours (or a day off) instead of the weekday's; add and delete. */
export function DateOverrides({ therapistId, overrides, places, locations, onChanged }: DateOverridesProps) {
  return (
    <ScheduleSection
      headingId="overrides-heading"
      heading="Date overrides"
      subtitle="Hours for one date instead of its weekday’s, or a day off."
    >
      <DatedEntryList
        rows={overrides}
        emptyText="No upcoming overrides."
        label="Upcoming date overrides"
        columns={['Date', 'Hours']}
        rowKey={(override) => override.date}
        cells={(override) => (
          <>
            <th scope="row">{formatLongDate(override.date)}</th>
            <td>{overrideHours(override, locations)}</td>
          </>
        )}
        deleteLabel={(override) => `Delete override for ${formatLongDate(override.date)}`}
        confirmTitle="Delete override"
        confirmMessage={(override) =>
          `Delete the hours set for ${formatLongDate(override.date)}? The weekly hours apply on that date again.`
        }
        remove={(override) => deleteOverride(therapistId, override.date)}
        deleted={(override) => `Override for ${formatLongDate(override.date)} deleted.`}
        failed="The override could not be deleted."
        onChanged={onChanged}
      />
      <AddOverrideForm therapistId={therapistId} places={places} onAdded={onChanged} />
    </ScheduleSection>
  );
}

function AddOverrideForm({
  therapistId,
  places,
  onAdded,
}: {
  therapistId: number;
  places: readonly PlaceOption[];
  onAdded: () => void;
}) {
  const [date, setDate] = useState('');
  const [dayOff, setDayOff] = useState(false);
  const [ranges, setRanges] = useState<RangeDraft[]>(() => [newRange(defaultPlace(places))]);
  const form = useEntryForm();

  const submit = (event: FormEvent) =>
    form.submit(event, {
      check: () => {
        const found: FieldErrors = dayOff ? {} : checkRanges('override', 0, ranges);
        if (!date) found[DATE_ID] = 'Choose a date';
        return found;
      },
      save: async () => {
        const hours = dayOff
          ? []
          : ranges.map((range) => ({
              start: range.start,
              end: range.end,
              location_id: Number(range.location_id),
            }));
        const saved = await addOverride(therapistId, { date, hours });
        showSuccess(`${dayOff ? 'Day off' : 'Hours'} set for ${formatLongDate(date)}.${outsideNote(saved)}`);
        setDate('');
        onAdded();
      },
      failure: (error) => {
        const sources = ranges.map((_, index) => ({ day: 0, index }));
        return submitFailure(
          error,
          'The override could not be saved.',
          { date: DATE_ID },
          sources,
          'override',
        );
      },
    });

  return (
    <EntryForm
      headingId="add-override-heading"
      heading="Add an override"
      form={form}
      submitLabel="Add Override"
      onSubmit={submit}
    >
      <DateField
        id={DATE_ID}
        label="Date"
        error={form.errors[DATE_ID]}
        min={clinicToday()}
        value={date}
        onChange={setDate}
      />
      <label className="admin-radio" htmlFor="override-day-off">
        <input
          id="override-day-off"
          type="checkbox"
          checked={dayOff}
          onChange={(event) => setDayOff(event.target.checked)}
        />
        Day off
      </label>
      {!dayOff && (
        <HoursRanges
          prefix="override"
          day={0}
          context="override"
          ranges={ranges}
          errors={form.errors}
          places={places}
          full={ranges.length >= MAX_HOURS_PER_DATE}
          onChange={setRanges}
        />
      )}
    </EntryForm>
  );
}
