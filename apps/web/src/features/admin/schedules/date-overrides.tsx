import type { AdminLocation } from '@therapy/shared/admin-schemas';
import type { DateOverride } from '@therapy/shared/schedule-schemas';
import { MAX_HOURS_PER_DATE } from '@therapy/shared/schedule-schemas';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/button';
import { FormField } from '../../../components/form-field';
import { formatLongDate } from '../../../lib/format';
import { clinicToday, formatTimeRange } from '../admin-format';
import { errorMessage } from '../admin-http';
import { useConfirm } from '../ui/confirm-dialog';
import { TableScroller } from '../ui/table-scroller';
import { showError, showSuccess } from '../ui/toast-store';
import { HoursRanges } from './hours-ranges';
import { addOverride, deleteOverride, outsideNote } from './schedule-api';
import { checkRanges, type FieldErrors, newRange, type RangeDraft } from './schedule-draft';
import { FormFailure, submitFailure } from './schedule-form-failure';
import { type PlaceOption, placeLabel } from './schedule-places';

const DATE_ID = 'override-date';

type DateOverridesProps = {
  therapistId: number;
  overrides: readonly DateOverride[];
  places: readonly PlaceOption[];
  locations: readonly AdminLocation[];
  onChanged: () => void;
};

/** Upcoming dates with their own hours (or a day off) instead of the weekday's; add and delete. */
export function DateOverrides({ therapistId, overrides, places, locations, onChanged }: DateOverridesProps) {
  const { confirm, dialog } = useConfirm();
  const [deleting, setDeleting] = useState<string | null>(null);

  async function remove(override: DateOverride) {
    const yes = await confirm({
      title: 'Delete override',
      message: `Delete the hours set for ${formatLongDate(override.date)}? The weekly hours apply on that date again.`,
      confirmLabel: 'Delete',
      cancelLabel: 'Keep',
    });
    if (!yes) return;
    setDeleting(override.date);
    try {
      await deleteOverride(therapistId, override.date);
      showSuccess(`Override for ${formatLongDate(override.date)} deleted.`);
      onChanged();
    } catch (error) {
      showError(errorMessage(error, 'The override could not be deleted.'));
    } finally {
      setDeleting(null);
    }
  }

  return (
    <section className="admin-panel schedule-section" aria-labelledby="overrides-heading">
      <h2 id="overrides-heading">Date overrides</h2>
      <p className="admin-page__subtitle">Hours for one date instead of its weekday’s, or a day off.</p>
      {overrides.length === 0 ? (
        <p className="admin-empty">No upcoming overrides.</p>
      ) : (
        <TableScroller label="Upcoming date overrides">
          <table className="admin-table">
            <caption className="visually-hidden">Upcoming date overrides</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Hours</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {overrides.map((override) => (
                <tr key={override.date}>
                  <th scope="row">{formatLongDate(override.date)}</th>
                  <td>
                    {override.hours.length === 0
                      ? 'Day off'
                      : override.hours
                          .map(
                            (h) =>
                              `${formatTimeRange(h.start, h.end)} (${placeLabel(h.location_id, locations)})`,
                          )
                          .join(', ')}
                  </td>
                  <td className="admin-table__actions">
                    <Button
                      variant="danger"
                      className="admin-button--small"
                      aria-label={`Delete override for ${formatLongDate(override.date)}`}
                      busy={deleting === override.date}
                      busyLabel="Deleting..."
                      onClick={() => remove(override)}
                    >
                      Delete
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroller>
      )}
      <AddOverrideForm therapistId={therapistId} places={places} onAdded={onChanged} />
      {dialog}
    </section>
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
  const [ranges, setRanges] = useState<RangeDraft[]>(() => [newRange(places[0]?.value ?? '')]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const found: FieldErrors = dayOff ? {} : checkRanges('override', 0, ranges);
    if (!date) found[DATE_ID] = 'Choose a date';
    setErrors(found);
    setFailure([]);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
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
    } catch (error) {
      const sources = ranges.map((_, index) => ({ day: 0, index }));
      const mapped = submitFailure(
        error,
        'The override could not be saved.',
        { date: DATE_ID },
        sources,
        'override',
      );
      setErrors(mapped.errors);
      setFailure(mapped.general);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      className="form admin-form schedule-add"
      onSubmit={submit}
      noValidate
      aria-labelledby="add-override-heading"
    >
      <h3 id="add-override-heading">Add an override</h3>
      <FormFailure lines={failure} />
      <FormField id={DATE_ID} label="Date" error={errors[DATE_ID]}>
        {(control) => (
          <input
            {...control}
            className="input schedule-date"
            type="date"
            min={clinicToday()}
            value={date}
            onChange={(event) => setDate(event.target.value)}
          />
        )}
      </FormField>
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
          errors={errors}
          places={places}
          full={ranges.length >= MAX_HOURS_PER_DATE}
          onChange={setRanges}
        />
      )}
      <div className="admin-form__actions">
        <Button type="submit" busy={saving} busyLabel="Saving...">
          Add Override
        </Button>
      </div>
    </form>
  );
}
