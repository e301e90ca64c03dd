import { MAX_PHOTO_BYTES, PHOTO_TYPES } from '@therapy/shared/catalogue-admin-schemas';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/button';
import { ErrorSummary } from '../../../components/error-summary';
import { FormField } from '../../../components/form-field';
import { ModalDialog } from '../../../components/modal-dialog';
import { RequiredNote } from '../ui/required-note';
import './catalogue.css';

/**
 * A field's error as the form shows it: its label, then the rule ('Phone must be …'); a whole
 * sentence (the photo's messages) as it is.
 */
export const fieldMessage = (label: string, message: string | undefined) => {
  if (!message) return undefined;
  return /^[A-Z]/.test(message) ? message : `${label} ${message}`;
};

export type FieldSpec = { field: string; id: string; label: string };

type CatalogueDialogProps = {
  title: string;
  formId: string;
  fields: readonly FieldSpec[];
  errors: Record<string, string>;
  submitError: string | null;
  submitting: boolean;
  onClose: () => void;
  /** True when saved (the dialog then closes); false leaves every typed value in place. */
  onSubmit: () => Promise<boolean>;
  children: ReactNode;
};

/** The add/edit dialog of a catalogue row: error summary, fields, Cancel and Save. */
export function CatalogueDialog(props: CatalogueDialogProps) {
  const { fields, errors, submitError, submitting } = props;
  const summaryRef = useRef<HTMLDivElement>(null);
  const submitErrorRef = useRef<HTMLDivElement>(null);
  const summary = fields.flatMap(({ field, id, label }) =>
    errors[field] ? [{ fieldId: id, message: fieldMessage(label, errors[field])! }] : [],
  );

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    if (await props.onSubmit()) return;
    requestAnimationFrame(() => (summaryRef.current ?? submitErrorRef.current)?.focus());
  };

  return (
    <ModalDialog
      title={props.title}
      onClose={props.onClose}
      size="large"
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={props.onClose}>
            Cancel
          </button>
          <Button type="submit" form={props.formId} busy={submitting} busyLabel="Saving...">
            Save
          </Button>
        </>
      }
    >
      <form id={props.formId} className="form admin-form" onSubmit={handleSubmit} noValidate>
        <RequiredNote />
        <ErrorSummary ref={summaryRef} errors={summary} />
        {submitError && (
          <div className="admin-alert admin-alert--error" role="alert" tabIndex={-1} ref={submitErrorRef}>
            {submitError}
          </div>
        )}
        {props.children}
      </form>
    </ModalDialog>
  );
}

type TextInputProps = {
  spec: FieldSpec;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'tel' | 'number' | 'date';
  multiline?: boolean;
  hint?: string;
  optional?: boolean;
  inputMode?: 'decimal' | 'numeric';
};

/** A labelled text input (or textarea) with its error next to it. */
export function TextInput({
  spec,
  value,
  error,
  onChange,
  type = 'text',
  multiline,
  hint,
  optional,
  inputMode,
}: TextInputProps) {
  return (
    <FormField
      id={spec.id}
      label={spec.label}
      error={fieldMessage(spec.label, error)}
      hint={hint}
      optional={optional}
      required={!optional}
    >
      {(control) =>
        multiline ? (
          <textarea
            {...control}
            className="input"
            rows={3}
            value={value}
            onChange={(e) => onChange(e.target.value)}
          />
        ) : (
          <input
            {...control}
            className="input"
            type={type}
            inputMode={inputMode}
            value={value}
            onChange={(e) => onChange(e.target.value)}
          />
        )
      }
    </FormField>
  );
}

// The picker offers only PNG, JPEG and WebP (`accept`), so the hint says the size alone.
export const PHOTO_HINT = 'At least 200×200 pixels, up to 5 MB.';

/** What the browser can tell of a chosen photo before it is sent (the server checks it all). */
export function photoProblem(file: File): string | undefined {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type))
    return 'The photo must be a PNG, JPEG or WebP image.';
  if (file.size > MAX_PHOTO_BYTES) return 'The photo must be at most 5 MB.';
  return undefined;
}

type PhotoFieldProps = {
  id: string;
  /** The stored photo's URL, if any. */
  currentUrl: string | null;
  file: File | null;
  error: string | undefined;
  onChange: (file: File | null) => void;
};

/** Choose a photo, with a preview of the chosen one (or of the stored one). */
export function PhotoField({ id, currentUrl, file, error, onChange }: PhotoFieldProps) {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setPreview(null);
    // A data: URL, as the page's content security policy allows images from data: and itself.
    const reader = new FileReader();
    reader.onload = () => setPreview(typeof reader.result === 'string' ? reader.result : null);
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file]);
  const shown = preview ?? currentUrl;

  return (
    <FormField id={id} label="Photo" hint={PHOTO_HINT} error={fieldMessage('Photo', error)} optional>
      {(control) => (
        <div className="catalogue-photo">
          {shown ? (
            <img
              className="catalogue-photo__preview"
              src={shown}
              alt={file ? 'Preview of the chosen photo' : 'Current photo'}
            />
          ) : (
            <span className="catalogue-photo__none">No photo yet</span>
          )}
          <input
            {...control}
            type="file"
            accept={PHOTO_TYPES.join(',')}
            onChange={(e) => onChange(e.target.files?.[0] ?? null)}
          />
        </div>
      )}
    </FormField>
  );
}

type CheckboxGroupProps = {
  /** The first checkbox's id (the error summary's link goes there). */
  id: string;
  legend: string;
  error: string | undefined;
  hint?: string;
  /** Marked with * (a box must be ticked). */
  required?: boolean;
  options: readonly { value: number | string; label: string }[];
  checked: (value: number | string) => boolean;
  onToggle: (value: number | string, on: boolean) => void;
};

/** Checkboxes in a fieldset, its legend read with each, the group's error above them. */
export function CheckboxGroup(props: CheckboxGroupProps) {
  const { id, legend, error, hint, required, options, checked, onToggle } = props;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset
      className={`admin-fieldset field${error ? ' field--error' : ''}`}
      aria-describedby={describedBy}
    >
      <legend className="field__label">
        {legend}
        {required && (
          <span className="field__required" aria-hidden="true">
            {' *'}
          </span>
        )}
      </legend>
      {hint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field__error" id={errorId}>
          <span className="visually-hidden">Error: </span>
          {error}
        </p>
      )}
      <div className="catalogue-checkboxes">
        {options.map((option, index) => {
          const optionId = index === 0 ? id : `${id}-${option.value}`;
          return (
            <div className="checkbox-option" key={option.value}>
              <input
                id={optionId}
                type="checkbox"
                checked={checked(option.value)}
                aria-invalid={error ? true : undefined}
                onChange={(event) => onToggle(option.value, event.target.checked)}
              />
              <label htmlFor={optionId}>{option.label}</label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
