import { type FormEvent, type ReactNode, useState } from 'react';
import { Button } from '../../../components/button';
import { FormField } from '../../../components/form-field';
import { errorMessage } from '../admin-http';
import { AdminTable } from '../ui/admin-table';
import { useConfirm } from '../ui/confirm-dialog';
import { showError, showSuccess } from '../ui/toast-store';
import type { FieldErrors } from './schedule-draft';
import { FormFailure } from './schedule-form-failure';

type ScheduleSectionProps = { headingId: string; heading: string; subtitle?: string; children: ReactNode };

/** A panel of the schedule screens: its heading (naming it), a line on what it holds, its content. */
export function ScheduleSection({ headingId, heading, subtitle, children }: ScheduleSectionProps) {
  return (
    <section className="admin-panel schedule-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      {subtitle && <p className="admin-page__subtitle">{subtitle}</p>}
      {children}
    </section>
  );
}

type DatedEntryListProps<T> = {
  rows: readonly T[];
  /** Shown instead of the table when there are no rows. */
  emptyText: string;
  /** Names the table for screen readers; `caption` when its caption says more. */
  label: string;
  caption?: string;
  columns: readonly string[];
  rowKey: (row: T) => string | number;
  /** The row's cells before its Delete button (the first one a row header). */
  cells: (row: T) => ReactNode;
  /** The Delete button's label for screen readers. */
  deleteLabel: (row: T) => string;
  /** The confirmation's title ("Delete leave") and its question for the row. */
  confirmTitle: string;
  confirmMessage: (row: T) => string;
  remove: (row: T) => Promise<unknown>;
  /** The toast once deleted. */
  deleted: (row: T) => string;
  /** The toast when the delete failed without a message of the server's. */
  failed: string;
  onChanged: () => void;
};

/** Dated entries (overrides, leave, holidays) in a table, each deleted after a confirmation. */
export function DatedEntryList<T>(props: DatedEntryListProps<T>) {
  const { rows, rowKey } = props;
  const { confirm, dialog } = useConfirm();
  const [deleting, setDeleting] = useState<string | number | null>(null);

  async function remove(row: T) {
    const yes = await confirm({
      title: props.confirmTitle,
      message: props.confirmMessage(row),
      confirmLabel: 'Delete',
      cancelLabel: 'Keep',
    });
    if (!yes) return;
    setDeleting(rowKey(row));
    try {
      await props.remove(row);
      showSuccess(props.deleted(row));
      props.onChanged();
    } catch (error) {
      showError(errorMessage(error, props.failed));
    } finally {
      setDeleting(null);
    }
  }

  if (rows.length === 0) return <p className="admin-empty">{props.emptyText}</p>;
  return (
    <>
      <AdminTable label={props.label} caption={props.caption} columns={props.columns}>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {props.cells(row)}
            <td className="admin-table__actions">
              <Button
                variant="danger"
                className="admin-button--small"
                aria-label={props.deleteLabel(row)}
                busy={deleting === rowKey(row)}
                busyLabel="Deleting..."
                onClick={() => remove(row)}
              >
                Delete
              </Button>
            </td>
          </tr>
        ))}
      </AdminTable>
      {dialog}
    </>
  );
}

type SaveSteps = {
  /** The form's own checks: field id to message; nothing is sent while there are any. */
  check: () => FieldErrors;
  save: () => Promise<void>;
  /** A refused save: messages beside fields, and the rest above the form. */
  failure: (error: unknown) => { errors: FieldErrors; general: string[] };
};

/** The state of a small add form: its field errors, the form-level failure, and whether it saves. */
export function useEntryForm() {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent, steps: SaveSteps) => {
    event.preventDefault();
    if (saving) return;
    const found = steps.check();
    setErrors(found);
    setFailure([]);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      await steps.save();
    } catch (error) {
      const mapped = steps.failure(error);
      setErrors(mapped.errors);
      setFailure(mapped.general);
    } finally {
      setSaving(false);
    }
  };
  return { errors, failure, saving, submit };
}

type EntryFormProps = {
  /** The heading's id ("add-leave-heading") and text. */
  headingId: string;
  heading: string;
  form: Pick<ReturnType<typeof useEntryForm>, 'failure' | 'saving'>;
  submitLabel: string;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
};

/** A small add form below a list: heading, failure, the fields, then its submit button. */
export function EntryForm({ headingId, heading, form, submitLabel, onSubmit, children }: EntryFormProps) {
  return (
    <form className="form admin-form schedule-add" onSubmit={onSubmit} noValidate aria-labelledby={headingId}>
      <h3 id={headingId}>{heading}</h3>
      <FormFailure lines={form.failure} />
      {children}
      <div className="admin-form__actions">
        <Button type="submit" busy={form.saving} busyLabel="Saving...">
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

type DateFieldProps = {
  id: string;
  label: string;
  error: string | undefined;
  value: string;
  min: string;
  onChange: (value: string) => void;
};

/** A date field of an add form: none before `min`. */
export function DateField({ id, label, error, value, min, onChange }: DateFieldProps) {
  return (
    <FormField id={id} label={label} error={error}>
      {(control) => (
        <input
          {...control}
          className="input schedule-date"
          type="date"
          min={min}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FormField>
  );
}
