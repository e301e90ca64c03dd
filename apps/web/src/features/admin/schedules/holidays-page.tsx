import type { Holiday } from '@therapy/shared/schedule-schemas';
import { type FormEvent, useCallback, useState } from 'react';
import { Button } from '../../../components/button';
import { FormField } from '../../../components/form-field';
import { PageLoading } from '../../../components/page-loading';
import { StatePanel } from '../../../components/state-panel';
import { formatLongDate } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useFetch } from '../../../lib/use-fetch';
import { clinicToday } from '../admin-format';
import { errorMessage, isForbidden, loadErrorMessage } from '../admin-http';
import { useConfirm } from '../ui/confirm-dialog';
import { LoadErrorPanel } from '../ui/load-error-panel';
import { TableScroller } from '../ui/table-scroller';
import { showError, showSuccess } from '../ui/toast-store';
import { addHoliday, deleteHoliday, fetchHolidays, outsideNote } from './schedule-api';
import type { FieldErrors } from './schedule-draft';
import { FormFailure, submitFailure } from './schedule-form-failure';
import './schedules.css';

export const HOLIDAYS_LOAD_FAILED = 'Failed to load the holidays.';
export const HOLIDAYS_FORBIDDEN = 'Holidays are for superadmins. Ask a superadmin for access.';
const FIELDS = { date: 'holiday-date', name: 'holiday-name' };
const NAME_MAX = 100;

/** /admin/holidays: the dates the clinic is closed for everyone (superadmins). */
export function HolidaysPage() {
  useDocumentTitle('Holidays');
  const [version, setVersion] = useState(0);
  const refresh = useCallback(() => setVersion((value) => value + 1), []);
  const holidays = useFetch<Holiday[]>('holidays', fetchHolidays, { version });

  return (
    <div className="admin-page">
      <header className="admin-page__header">
        <div>
          <h1>Holidays</h1>
          <p className="admin-page__subtitle">
            The clinic is closed on these dates: no sessions with any therapist. Existing bookings stay.
          </p>
        </div>
      </header>
      {holidays.status === 'loading' && <PageLoading label="Loading the holidays…" />}
      {holidays.status === 'error' && isForbidden(holidays.error) && (
        <StatePanel title="Superadmins only">
          <p className="state-panel__message">{HOLIDAYS_FORBIDDEN}</p>
        </StatePanel>
      )}
      {holidays.status === 'error' && !isForbidden(holidays.error) && (
        <LoadErrorPanel
          title="Error"
          message={loadErrorMessage(holidays.error, HOLIDAYS_LOAD_FAILED)}
          onRetry={holidays.retry}
        />
      )}
      {holidays.status === 'success' && (
        <section className="admin-panel schedule-section" aria-labelledby="holidays-heading">
          <h2 id="holidays-heading">Clinic holidays</h2>
          <HolidayList holidays={holidays.data} onChanged={refresh} />
          <AddHolidayForm onAdded={refresh} />
        </section>
      )}
    </div>
  );
}

function HolidayList({ holidays, onChanged }: { holidays: readonly Holiday[]; onChanged: () => void }) {
  const { confirm, dialog } = useConfirm();
  const [deleting, setDeleting] = useState<number | null>(null);
  const sorted = [...holidays].sort((a, b) => a.date.localeCompare(b.date));

  async function remove(holiday: Holiday) {
    const when = formatLongDate(holiday.date);
    const yes = await confirm({
      title: 'Delete holiday',
      message: `Delete ${holiday.name} on ${when}? Therapists can be booked on that date again.`,
      confirmLabel: 'Delete',
      cancelLabel: 'Keep',
    });
    if (!yes) return;
    setDeleting(holiday.id);
    try {
      await deleteHoliday(holiday.id);
      showSuccess(`${holiday.name} on ${when} deleted.`);
      onChanged();
    } catch (error) {
      showError(errorMessage(error, 'The holiday could not be deleted.'));
    } finally {
      setDeleting(null);
    }
  }

  if (sorted.length === 0) return <p className="admin-empty">No holidays set.</p>;
  return (
    <>
      <TableScroller label="Clinic holidays">
        <table className="admin-table">
          <caption className="visually-hidden">Clinic holidays, earliest first</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Name</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {sorted.map((holiday) => (
              <tr key={holiday.id}>
                <td className="admin-table__nowrap">{formatLongDate(holiday.date)}</td>
                <th scope="row" className="admin-table__wrap">
                  {holiday.name}
                </th>
                <td className="admin-table__actions">
                  <Button
                    variant="danger"
                    className="admin-button--small"
                    aria-label={`Delete ${holiday.name} on ${formatLongDate(holiday.date)}`}
                    busy={deleting === holiday.id}
                    busyLabel="Deleting..."
                    onClick={() => remove(holiday)}
                  >
                    Delete
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroller>
      {dialog}
    </>
  );
}

function AddHolidayForm({ onAdded }: { onAdded: () => void }) {
  const [values, setValues] = useState({ date: '', name: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const found: FieldErrors = {};
    if (!values.date) found[FIELDS.date] = 'Choose a date';
    if (!values.name.trim()) found[FIELDS.name] = 'Enter the holiday’s name';
    setErrors(found);
    setFailure([]);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const added = await addHoliday({ date: values.date, name: values.name.trim() });
      showSuccess(`${values.name.trim()} on ${formatLongDate(values.date)} added.${outsideNote(added)}`);
      setValues({ date: '', name: '' });
      onAdded();
    } catch (error) {
      const mapped = submitFailure(error, 'The holiday could not be saved.', FIELDS);
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
      aria-labelledby="add-holiday-heading"
    >
      <h3 id="add-holiday-heading">Add a holiday</h3>
      <FormFailure lines={failure} />
      <div className="admin-form__row">
        <FormField id={FIELDS.date} label="Date" error={errors[FIELDS.date]}>
          {(control) => (
            <input
              {...control}
              className="input schedule-date"
              type="date"
              min={clinicToday()}
              value={values.date}
              onChange={(event) => setValues({ ...values, date: event.target.value })}
            />
          )}
        </FormField>
        <FormField id={FIELDS.name} label="Name" error={errors[FIELDS.name]}>
          {(control) => (
            <input
              {...control}
              className="input"
              maxLength={NAME_MAX}
              value={values.name}
              onChange={(event) => setValues({ ...values, name: event.target.value })}
            />
          )}
        </FormField>
      </div>
      <div className="admin-form__actions">
        <Button type="submit" busy={saving} busyLabel="Saving...">
          Add Holiday
        </Button>
      </div>
    </form>
  );
}
