import type { Holiday } from '@therapy/shared/schedule-schemas';
import { type FormEvent, useCallback, useState } from 'react';
import { FormField } from '../../../components/form-field';
import { PageLoading } from '../../../components/page-loading';
import { StatePanel } from '../../../components/state-panel';
import { formatLongDate } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useFetch } from '../../../lib/use-fetch';
import { clinicToday } from '../admin-format';
import { isForbidden, loadErrorMessage } from '../admin-http';
import { AdminPageHeader } from '../ui/admin-page-header';
import { LoadErrorPanel } from '../ui/load-error-panel';
import { showSuccess } from '../ui/toast-store';
import { DatedEntryList, DateField, EntryForm, ScheduleSection, useEntryForm } from './dated-entries';
import { addHoliday, deleteHoliday, fetchHolidays, outsideNote } from './schedule-api';
import type { FieldErrors } from './schedule-draft';
import { submitFailure } from './schedule-form-failure';
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
      <AdminPageHeader
        title="Holidays"
        subtitle="The clinic is closed on these dates: no sessions with any therapist. Existing bookings stay."
      />
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
        <ScheduleSection headingId="holidays-heading" heading="Clinic holidays">
          <HolidayList holidays={holidays.data} onChanged={refresh} />
          <AddHolidayForm onAdded={refresh} />
        </ScheduleSection>
      )}
    </div>
  );
}

function HolidayList({ holidays, onChanged }: { holidays: readonly Holiday[]; onChanged: () => void }) {
  const sorted = [...holidays].sort((a, b) => a.date.localeCompare(b.date));
  const named = (holiday: Holiday) => `${holiday.name} on ${formatLongDate(holiday.date)}`;
  return (
    <DatedEntryList
      rows={sorted}
      emptyText="No holidays set."
      label="Clinic holidays"
      caption="Clinic holidays, earliest first"
      columns={['Date', 'Name']}
      rowKey={(holiday) => holiday.id}
      cells={(holiday) => (
        <>
          <td className="admin-table__nowrap">{formatLongDate(holiday.date)}</td>
          <th scope="row" className="admin-table__wrap">
            {holiday.name}
          </th>
        </>
      )}
      deleteLabel={(holiday) => `Delete ${named(holiday)}`}
      confirmTitle="Delete holiday"
      confirmMessage={(holiday) => `Delete ${named(holiday)}? Therapists can be booked on that date again.`}
      remove={(holiday) => deleteHoliday(holiday.id)}
      deleted={(holiday) => `${named(holiday)} deleted.`}
      failed="The holiday could not be deleted."
      onChanged={onChanged}
    />
  );
}

function AddHolidayForm({ onAdded }: { onAdded: () => void }) {
  const [values, setValues] = useState({ date: '', name: '' });
  const form = useEntryForm();

  const submit = (event: FormEvent) =>
    form.submit(event, {
      check: () => {
        const found: FieldErrors = {};
        if (!values.date) found[FIELDS.date] = 'Choose a date';
        if (!values.name.trim()) found[FIELDS.name] = 'Enter the holiday’s name';
        return found;
      },
      save: async () => {
        const added = await addHoliday({ date: values.date, name: values.name.trim() });
        showSuccess(`${values.name.trim()} on ${formatLongDate(values.date)} added.${outsideNote(added)}`);
        setValues({ date: '', name: '' });
        onAdded();
      },
      failure: (error) => submitFailure(error, 'The holiday could not be saved.', FIELDS),
    });

  return (
    <EntryForm
      headingId="add-holiday-heading"
      heading="Add a holiday"
      form={form}
      submitLabel="Add Holiday"
      onSubmit={submit}
    >
      <div className="admin-form__row">
        <DateField
          id={FIELDS.date}
          label="Date"
          error={form.errors[FIELDS.date]}
          min={clinicToday()}
          value={values.date}
          onChange={(date) => setValues({ ...values, date })}
        />
        <FormField id={FIELDS.name} label="Name" error={form.errors[FIELDS.name]}>
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
    </EntryForm>
  );
}
