import type { TimeOff } from '@therapy/shared/schedule-schemas';
import { type FormEvent, useState } from 'react';
import { FormField } from '../../../components/form-field';
import { formatLongDate } from '../../../lib/format';
import { clinicToday } from '../admin-format';
import { showSuccess } from '../ui/toast-store';
import { DatedEntryList, DateField, EntryForm, ScheduleSection, useEntryForm } from './dated-entries';
import { addTimeOff, deleteTimeOff, outsideNote } from './schedule-api';
import type { FieldErrors } from './schedule-draft';
import { submitFailure } from './schedule-form-failure';

const FIELDS = { from: 'leave-from', to: 'leave-to', reason: 'leave-reason' };
const REASON_MAX = 200;

export function leaveDates(leave: Pick<TimeOff, 'from' | 'to'>): string {
  return leave.from === leave.to
    ? formatLongDate(leave.from)
    : `${formatLongDate(leave.from)} – ${formatLongDate(leave.to)}`;
}

type LeavePeriodsProps = { therapistId: number; leave: readonly TimeOff[]; onChanged: () => void };

/** The therapist's upcoming leave (whole days, both dates included): list, add, delete. */
export function LeavePeriods({ therapistId, leave, onChanged }: LeavePeriodsProps) {
  return (
    <ScheduleSection
      headingId="leave-heading"
      heading="Leave"
      subtitle="No sessions from the first date to the last, both included."
    >
      <DatedEntryList
        rows={leave}
        emptyText="No upcoming leave."
        label="Upcoming leave"
        columns={['Dates', 'Reason']}
        rowKey={(period) => period.id}
        cells={(period) => (
          <>
            <th scope="row">{leaveDates(period)}</th>
            <td className="admin-table__wrap">{period.reason || <span className="muted">—</span>}</td>
          </>
        )}
        deleteLabel={(period) => `Delete leave ${leaveDates(period)}`}
        confirmTitle="Delete leave"
        confirmMessage={(period) =>
          `Delete the leave of ${leaveDates(period)}? The therapist can be booked on those dates again.`
        }
        remove={(period) => deleteTimeOff(therapistId, period.id)}
        deleted={(period) => `Leave of ${leaveDates(period)} deleted.`}
        failed="The leave could not be deleted."
        onChanged={onChanged}
      />
      <AddLeaveForm therapistId={therapistId} onAdded={onChanged} />
    </ScheduleSection>
  );
}

function AddLeaveForm({ therapistId, onAdded }: { therapistId: number; onAdded: () => void }) {
  const [values, setValues] = useState({ from: '', to: '', reason: '' });
  const form = useEntryForm();
  const { errors } = form;
  const today = clinicToday();

  const submit = (event: FormEvent) =>
    form.submit(event, {
      check: () => {
        const found: FieldErrors = {};
        if (!values.from) found[FIELDS.from] = 'Choose the first day of leave';
        if (!values.to) found[FIELDS.to] = 'Choose the last day of leave';
        if (values.from && values.to && values.to < values.from)
          found[FIELDS.to] = 'The last day must not be before the first';
        return found;
      },
      save: async () => {
        const added = await addTimeOff(therapistId, { ...values, reason: values.reason.trim() });
        showSuccess(`Leave of ${leaveDates(values)} added.${outsideNote(added)}`);
        setValues({ from: '', to: '', reason: '' });
        onAdded();
      },
      failure: (error) => submitFailure(error, 'The leave could not be saved.', FIELDS),
    });

  const field = (name: 'from' | 'to', label: string) => (
    <DateField
      id={FIELDS[name]}
      label={label}
      error={errors[FIELDS[name]]}
      min={name === 'to' ? values.from || today : today}
      value={values[name]}
      onChange={(value) => setValues({ ...values, [name]: value })}
    />
  );

  return (
    <EntryForm
      headingId="add-leave-heading"
      heading="Add leave"
      form={form}
      submitLabel="Add Leave"
      onSubmit={submit}
    >
      <div className="admin-form__row">
        {field('from', 'First day')}
        {field('to', 'Last day')}
      </div>
      <FormField id={FIELDS.reason} label="Reason" optional error={errors[FIELDS.reason]}>
        {(control) => (
          <input
            {...control}
            className="input"
            maxLength={REASON_MAX}
            value={values.reason}
            onChange={(event) => setValues({ ...values, reason: event.target.value })}
          />
        )}
      </FormField>
    </EntryForm>
  );
}
