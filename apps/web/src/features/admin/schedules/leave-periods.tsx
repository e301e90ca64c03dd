import type { TimeOff } from '@therapy/shared/schedule-schemas';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/button';
import { FormField } from '../../../components/form-field';
import { formatLongDate } from '../../../lib/format';
import { clinicToday } from '../admin-format';
import { errorMessage } from '../admin-http';
import { useConfirm } from '../ui/confirm-dialog';
import { TableScroller } from '../ui/table-scroller';
import { showError, showSuccess } from '../ui/toast-store';
import { addTimeOff, deleteTimeOff, outsideNote } from './schedule-api';
import type { FieldErrors } from './schedule-draft';
import { FormFailure, submitFailure } from './schedule-form-failure';

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
  const { confirm, dialog } = useConfirm();
  const [deleting, setDeleting] = useState<number | null>(null);

  async function remove(period: TimeOff) {
    const yes = await confirm({
      title: 'Delete leave',
      message: `Delete the leave of ${leaveDates(period)}? The therapist can be booked on those dates again.`,
      confirmLabel: 'Delete',
      cancelLabel: 'Keep',
    });
    if (!yes) return;
    setDeleting(period.id);
    try {
      await deleteTimeOff(therapistId, period.id);
      showSuccess(`Leave of ${leaveDates(period)} deleted.`);
      onChanged();
    } catch (error) {
      showError(errorMessage(error, 'The leave could not be deleted.'));
    } finally {
      setDeleting(null);
    }
  }

  return (
    <section className="admin-panel schedule-section" aria-labelledby="leave-heading">
      <h2 id="leave-heading">Leave</h2>
      <p className="admin-page__subtitle">No sessions from the first date to the last, both included.</p>
      {leave.length === 0 ? (
        <p className="admin-empty">No upcoming leave.</p>
      ) : (
        <TableScroller label="Upcoming leave">
          <table className="admin-table">
            <caption className="visually-hidden">Upcoming leave</caption>
            <thead>
              <tr>
                <th scope="col">Dates</th>
                <th scope="col">Reason</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {leave.map((period) => (
                <tr key={period.id}>
                  <th scope="row">{leaveDates(period)}</th>
                  <td className="admin-table__wrap">{period.reason || <span className="muted">—</span>}</td>
                  <td className="admin-table__actions">
                    <Button
                      variant="danger"
                      className="admin-button--small"
                      aria-label={`Delete leave ${leaveDates(period)}`}
                      busy={deleting === period.id}
                      busyLabel="Deleting..."
                      onClick={() => remove(period)}
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
      <AddLeaveForm therapistId={therapistId} onAdded={onChanged} />
      {dialog}
    </section>
  );
}

function AddLeaveForm({ therapistId, onAdded }: { therapistId: number; onAdded: () => void }) {
  const [values, setValues] = useState({ from: '', to: '', reason: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const today = clinicToday();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const found: FieldErrors = {};
    if (!values.from) found[FIELDS.from] = 'Choose the first day of leave';
    if (!values.to) found[FIELDS.to] = 'Choose the last day of leave';
    if (values.from && values.to && values.to < values.from)
      found[FIELDS.to] = 'The last day must not be before the first';
    setErrors(found);
    setFailure([]);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const added = await addTimeOff(therapistId, { ...values, reason: values.reason.trim() });
      showSuccess(`Leave of ${leaveDates(values)} added.${outsideNote(added)}`);
      setValues({ from: '', to: '', reason: '' });
      onAdded();
    } catch (error) {
      const mapped = submitFailure(error, 'The leave could not be saved.', FIELDS);
      setErrors(mapped.errors);
      setFailure(mapped.general);
    } finally {
      setSaving(false);
    }
  }

  const field = (name: 'from' | 'to', label: string) => (
    <FormField id={FIELDS[name]} label={label} error={errors[FIELDS[name]]}>
      {(control) => (
        <input
          {...control}
          className="input schedule-date"
          type="date"
          min={name === 'to' ? values.from || today : today}
          value={values[name]}
          onChange={(event) => setValues({ ...values, [name]: event.target.value })}
        />
      )}
    </FormField>
  );

  return (
    <form
      className="form admin-form schedule-add"
      onSubmit={submit}
      noValidate
      aria-labelledby="add-leave-heading"
    >
      <h3 id="add-leave-heading">Add leave</h3>
      <FormFailure lines={failure} />
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
      <div className="admin-form__actions">
        <Button type="submit" busy={saving} busyLabel="Saving...">
          Add Leave
        </Button>
      </div>
    </form>
  );
}
