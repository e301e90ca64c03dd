import {
  CLINIC_FIELDS,
  CLINIC_LABELS,
  CLINIC_LIMITS,
  CLINIC_TAX_FIELDS,
  type ClinicField,
  type ClinicProfile,
  type ClinicProfileRequest,
  clinicErrorsOf,
  DOCUMENTS_LANGUAGE_LABEL,
  validateClinicProfile,
} from '@therapy/shared/clinic-schemas';
import { INDIAN_STATES } from '@therapy/shared/indian-states';
import { type FormEvent, useRef, useState } from 'react';
import { Button } from '../../../components/button';
import { FormField } from '../../../components/form-field';
import { PageLoading } from '../../../components/page-loading';
import { ApiError } from '../../../lib/api-client';
import { rememberClinicProfile } from '../../../lib/clinic';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useFetch } from '../../../lib/use-fetch';
import { errorMessage, isForbidden, loadErrorMessage } from '../admin-http';
import { SetupNextStep } from '../setup/setup-next-step';
import { setupChanged } from '../setup/setup-steps';
import { AdminPageHeader } from '../ui/admin-page-header';
import { LoadErrorPanel } from '../ui/load-error-panel';
import { RequiredNote } from '../ui/required-note';
import { showSuccess } from '../ui/toast-store';
import { fetchClinicProfile, saveClinicProfile } from './clinic-api';
import './clinic.css';

export const CLINIC_LOAD_FAILED = 'Failed to load the clinic profile.';
export const CLINIC_SAVED = 'Clinic profile saved.';

const HINTS: Partial<Record<ClinicField, string>> = {
  phone: 'A mobile, or a landline with its area code.',
  email: 'Clients’ replies go here.',
  privacy_contact: 'Who answers privacy requests, e.g. “Grievance Officer, privacy@…”.',
  legal_name: 'The name registered for GST, printed on receipts and invoices (empty: the clinic’s name).',
  gstin: 'Leave empty below the GST registration threshold. Checked with its check character.',
  state: 'Where the clinic is registered: a client in another state is charged IGST on taxable services.',
  receipt_prefix: 'Receipts and invoices are numbered R/2026-27/000001: 1 to 3 capital letters or digits.',
  credit_note_prefix: 'Credit notes (refunds, undone payments) have their own series.',
};
/** Not needed to take a first booking, so behind a disclosure (issue 31). */
const FOLDED_FIELDS: ReadonlySet<ClinicField> = new Set(['privacy_contact', ...CLINIC_TAX_FIELDS]);
const OPTIONAL: ReadonlySet<ClinicField> = new Set([
  'address',
  'privacy_contact',
  'legal_name',
  'gstin',
  'state',
]);
const INPUT_TYPES: Partial<Record<ClinicField, string>> = { phone: 'tel', email: 'email' };

type ClinicForm = Required<ClinicProfileRequest>;

const toForm = (profile: ClinicProfile): ClinicForm => ({
  name: profile.name,
  phone: profile.phone,
  email: profile.email,
  address: profile.address,
  privacy_contact: profile.privacy_contact,
  legal_name: profile.legal_name,
  gstin: profile.gstin,
  state: profile.state,
  receipt_prefix: profile.receipt_prefix,
  credit_note_prefix: profile.credit_note_prefix,
  documents_in_client_language: profile.documents_in_client_language,
});

/** Superadmins: the clinic's name, phone, e-mail, address and privacy contact. */
export function ClinicProfilePage() {
  useDocumentTitle('Clinic Profile');
  const profile = useFetch('admin-clinic-profile', fetchClinicProfile);

  return (
    <div className="admin-page">
      <AdminPageHeader title="Clinic Profile" />
      <SetupNextStep step="clinic" />
      {profile.status === 'loading' && <PageLoading label="Loading the clinic profile…" />}
      {profile.status === 'error' &&
        (isForbidden(profile.error) ? (
          <p className="admin-alert admin-alert--error" role="alert">
            {profile.error.message}
          </p>
        ) : (
          <LoadErrorPanel
            title="Error"
            message={loadErrorMessage(profile.error, CLINIC_LOAD_FAILED)}
            onRetry={profile.retry}
          />
        ))}
      {profile.status === 'success' && <ClinicProfileForm saved={profile.data} />}
    </div>
  );
}

/** The form's values, per-field errors and save: what was typed stays whatever the answer. */
function useClinicForm(saved: ClinicProfile) {
  const [values, setValues] = useState<ClinicForm>(() => toForm(saved));
  const [errors, setErrors] = useState<Partial<Record<ClinicField, string>>>({});
  const [failure, setFailure] = useState<string>();
  const [saving, setSaving] = useState(false);
  // Open from the start when the privacy contact is set or documents follow the client's language.
  const [foldOpen, setFoldOpen] = useState(
    saved.privacy_contact !== '' || saved.documents_in_client_language,
  );
  const form = useRef<HTMLFormElement>(null);

  /** Shows the refusals by their fields and puts the focus on the first (its error is read out). */
  function showErrors(found: Partial<Record<ClinicField, string>>) {
    setErrors(found);
    const first = CLINIC_FIELDS.find((field) => found[field]);
    if (CLINIC_FIELDS.some((field) => found[field] && FOLDED_FIELDS.has(field))) setFoldOpen(true);
    if (first)
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>(`#clinic-${first}`)?.focus());
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    setFailure(undefined);
    const checked = validateClinicProfile(values);
    if (!checked.ok) return showErrors(checked.errors);
    setErrors({});
    setSaving(true);
    try {
      const stored = await saveClinicProfile(values);
      // The stored form (the phone normalised) replaces what was typed.
      setValues(toForm(stored));
      void rememberClinicProfile(stored);
      showSuccess(CLINIC_SAVED);
      setupChanged();
    } catch (error) {
      const byField =
        error instanceof ApiError && error.serverMessage ? clinicErrorsOf(error.serverMessage) : {};
      if (Object.keys(byField).length > 0) showErrors(byField);
      else setFailure(errorMessage(error, 'The clinic profile could not be saved.'));
    } finally {
      setSaving(false);
    }
  }

  const receipts = { open: foldOpen, setOpen: setFoldOpen };
  return { values, setValues, errors, failure, saving, form, save, receipts };
}

function ClinicProfileForm({ saved }: { saved: ClinicProfile }) {
  const clinic = useClinicForm(saved);
  const field = (name: ClinicField) => <ClinicInput key={name} field={name} clinic={clinic} />;
  return (
    <section className="admin-panel" aria-labelledby="clinic-form-heading">
      <h2 id="clinic-form-heading" className="visually-hidden">
        Clinic details
      </h2>
      <form ref={clinic.form} className="clinic-form" onSubmit={clinic.save} noValidate>
        <RequiredNote />
        {clinic.failure && (
          <p className="admin-alert admin-alert--error" role="alert">
            {clinic.failure}
          </p>
        )}
        {CLINIC_FIELDS.filter((name) => !FOLDED_FIELDS.has(name)).map(field)}
        <details
          className="clinic-form__more"
          open={clinic.receipts.open}
          onToggle={(event) => clinic.receipts.setOpen(event.currentTarget.open)}
        >
          <summary>Privacy contact, receipts and GST (optional)</summary>
          <div className="clinic-form">
            {CLINIC_FIELDS.filter((name) => FOLDED_FIELDS.has(name)).map(field)}
            <DocumentsLanguageField clinic={clinic} />
          </div>
        </details>
        <div className="admin-form__actions">
          <Button type="submit" busy={clinic.saving} busyLabel="Saving...">
            Save
          </Button>
        </div>
      </form>
    </section>
  );
}

/** One field of the profile: the state a select, the others text inputs. */
function ClinicInput({ field, clinic }: { field: ClinicField; clinic: ReturnType<typeof useClinicForm> }) {
  const { values, setValues, errors } = clinic;
  return (
    <FormField
      id={`clinic-${field}`}
      label={CLINIC_LABELS[field]}
      hint={HINTS[field]}
      optional={OPTIONAL.has(field)}
      required={!OPTIONAL.has(field)}
      error={errors[field]}
    >
      {(control) =>
        field === 'state' ? (
          <select
            {...control}
            className="input"
            value={values.state}
            onChange={(e) => setValues((current) => ({ ...current, state: e.target.value }))}
          >
            <option value="">Not set</option>
            {INDIAN_STATES.map((state) => (
              <option key={state} value={state}>
                {state}
              </option>
            ))}
          </select>
        ) : (
          <input
            {...control}
            className="input"
            type={INPUT_TYPES[field] ?? 'text'}
            autoComplete="off"
            maxLength={CLINIC_LIMITS[field]}
            value={values[field]}
            onChange={(e) => setValues((current) => ({ ...current, [field]: e.target.value }))}
          />
        )
      }
    </FormField>
  );
}

/** Receipts and invoices in the client's language too (ADR 063), with the receipt fields. */
function DocumentsLanguageField({ clinic }: { clinic: ReturnType<typeof useClinicForm> }) {
  const { values, setValues } = clinic;
  return (
    <div className="field">
      <p className="field__hint" id="clinic-documents_in_client_language-hint">
        A client who booked in Hindi gets receipts, invoices and credit notes in Hindi with the English beside
        it. Off: every document is in English only.
      </p>
      <div className="checkbox-option">
        <input
          id="clinic-documents_in_client_language"
          type="checkbox"
          aria-describedby="clinic-documents_in_client_language-hint"
          checked={values.documents_in_client_language}
          onChange={(e) =>
            setValues((current) => ({ ...current, documents_in_client_language: e.target.checked }))
          }
        />
        <label htmlFor="clinic-documents_in_client_language">{DOCUMENTS_LANGUAGE_LABEL}</label>
      </div>
    </div>
  );
}
