import type { ReactNode } from 'react';
import { useT } from '../i18n/use-t';
import { FieldErrorText } from './field-error-text';

export type FieldControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  'aria-required': true | undefined;
};

type FormFieldProps = {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  optional?: boolean;
  /** Marked with * (drawn by CSS, out of the label's text; read as required from aria-required). */
  required?: boolean;
  /** Renders the control with the id and the links to its hint and error. */
  children: (control: FieldControlProps) => ReactNode;
};

/** Label, control, hint and error text, linked for assistive technology (GOV.UK pattern). */
export function FormField({
  id,
  label,
  error,
  hint,
  optional = false,
  required = false,
  children,
}: FormFieldProps) {
  const { t } = useT();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label className={`field__label${required ? ' field__label--required' : ''}`} htmlFor={id}>
        {label}
        {optional && <span className="field__optional">{t('common.field.optional')}</span>}
      </label>
      {hint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field__error" id={errorId}>
          <FieldErrorText error={error} />
        </p>
      )}
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
        'aria-required': required || undefined,
      })}
    </div>
  );
}
