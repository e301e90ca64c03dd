import {
  type CatalogueLocation,
  type CatalogueService,
  type CatalogueTherapist,
  therapistRequestSchema,
} from '@therapy/shared/catalogue-admin-schemas';
import { useState } from 'react';
import { saveTherapist } from './catalogue-api';
import {
  CatalogueDialog,
  CheckboxGroup,
  type FieldSpec,
  fieldMessage,
  PhotoField,
  TextInput,
} from './catalogue-form-parts';
import { nameErrors, type TherapistValues, therapistRequest, therapistValues } from './therapist-form-values';
import { TherapistPayoutFields } from './therapist-payout-fields';
import { useCatalogueForm } from './use-catalogue-form';
import { usePhotoSave } from './use-photo-save';

const spec = (field: string, id: string, label: string): FieldSpec => ({
  field,
  id: `therapist-${id}`,
  label,
});
const F = {
  prefix: spec('prefix', 'prefix', 'Prefix'),
  name: spec('name', 'name', 'Name'),
  title: spec('title', 'title', 'Title'),
  specialization: spec('specialization', 'specialization', 'Specialization'),
  bio: spec('bio', 'description', 'Description'),
  qualifications: spec('qualifications', 'qualifications', 'Qualifications'),
  experience: spec('experience', 'experience', 'Experience'),
  price: spec('price', 'price', 'Price (₹)'),
  type: spec('type', 'sessions', 'Sessions'),
  locations: spec('locations', 'centres', 'Centres'),
  offered_service_ids: spec('offered_service_ids', 'services', 'Services'),
  email: spec('email', 'email', 'E-mail'),
  photo: spec('photo', 'photo', 'Photo'),
  registration_number: spec('registration_number', 'registration', 'Registration number'),
  payout: spec('payout', 'payout-value', 'Share'),
};
const TYPE_ERROR = 'Choose online, in person or both.';

/** Active rows, and inactive ones the therapist still has (marked so). */
const choices = (rows: readonly { id: number; name: string; is_active: boolean }[], chosen: number[]) =>
  rows
    .filter((row) => row.is_active || chosen.includes(row.id))
    .map((row) => ({ value: row.id, label: row.is_active ? row.name : `${row.name} (inactive)` }));

const toggled = (ids: number[], id: number, on: boolean) =>
  on ? [...ids, id] : ids.filter((item) => item !== id);

/** The one active row's id when there is only one to choose (a new clinic's centre or service). */
const onlyChoice = (rows: readonly { id: number; is_active: boolean }[]) => {
  const active = rows.filter((row) => row.is_active);
  return active.length === 1 && active[0] ? [active[0].id] : [];
};

/** A new therapist starts with the only service ticked: with one, there is nothing to choose. */
function initialValues(therapist: CatalogueTherapist | null, services: readonly CatalogueService[]) {
  const values = therapistValues(therapist);
  return therapist ? values : { ...values, services: onlyChoice(services) };
}

type TherapistDialogProps = {
  therapist: CatalogueTherapist | null;
  centres: readonly CatalogueLocation[];
  services: readonly CatalogueService[];
  onClose: () => void;
  onSaved: (saved: CatalogueTherapist) => void;
};

/** Add or edit a therapist: details, bio parts, price, sessions, centres, services, photo. */
export function TherapistDialog({ therapist, centres, services, onClose, onSaved }: TherapistDialogProps) {
  const photo = usePhotoSave('therapists', therapist?.id ?? null);
  const form = useCatalogueForm({
    initial: initialValues(therapist, services),
    toRequest: therapistRequest,
    schema: therapistRequestSchema,
    save: (request) => saveTherapist(photo.savedId, request),
  });
  const { values, update } = form;
  const { name: nameError, ...errors } = form.errors;
  const shownErrors: Record<string, string> = {
    ...errors,
    ...nameErrors(values, nameError),
    ...(errors.type ? { type: TYPE_ERROR } : {}),
    ...(photo.error ? { photo: photo.error } : {}),
  };

  return (
    <CatalogueDialog
      title={therapist ? 'Edit therapist' : 'Add therapist'}
      formId="therapist-form"
      fields={Object.values(F)}
      errors={shownErrors}
      submitError={form.submitError}
      submitting={form.submitting}
      onClose={onClose}
      onSubmit={() => photo.submit(form.submit, onSaved)}
    >
      <TherapistTextFields values={values} errors={shownErrors} update={update} />
      <TherapistChoices
        values={values}
        errors={shownErrors}
        centres={centres}
        services={services}
        update={update}
      />
      <PhotoField
        id={F.photo.id}
        currentUrl={therapist?.image_url ? `/get_specific_image/${therapist.image_url}` : null}
        file={photo.file}
        error={photo.error}
        onChange={photo.choose}
      />
      <TherapistMoreFields values={values} errors={shownErrors} update={update} />
    </CatalogueDialog>
  );
}

type ChoicesProps = {
  values: TherapistValues;
  errors: Record<string, string>;
  centres: readonly CatalogueLocation[];
  services: readonly CatalogueService[];
  update: (changes: Partial<TherapistValues>, clears?: string[]) => void;
};

/** Online and/or in person, the centres (in person only) and the services offered. */
function TherapistChoices({ values, errors, centres, services, update }: ChoicesProps) {
  return (
    <>
      <CheckboxGroup
        id={F.type.id}
        legend="Sessions"
        required
        error={errors.type}
        options={[
          { value: 'online', label: 'Online' },
          { value: 'inPerson', label: 'In person' },
        ]}
        checked={(value) => (value === 'online' ? values.online : values.inPerson)}
        onToggle={(value, on) => {
          // In person with one centre: that centre, ticked (it is the only place to see clients).
          const locations =
            value === 'inPerson' && on && values.locations.length === 0 ? onlyChoice(centres) : [];
          const changes = { [value]: on, ...(locations.length > 0 ? { locations } : {}) };
          update(changes as Partial<TherapistValues>, ['type', 'locations']);
        }}
      />
      {values.inPerson && (
        <CheckboxGroup
          id={F.locations.id}
          legend="Centres"
          required
          hint="Where the therapist sees clients in person."
          error={fieldMessage('Centres', errors.locations)}
          options={choices(centres, values.locations)}
          checked={(id) => values.locations.includes(id as number)}
          onToggle={(id, on) =>
            update({ locations: toggled(values.locations, id as number, on) }, ['locations'])
          }
        />
      )}
      <CheckboxGroup
        id={F.offered_service_ids.id}
        legend="Services"
        required
        error={fieldMessage('Services', errors.offered_service_ids)}
        options={choices(services, values.services)}
        checked={(id) => values.services.includes(id as number)}
        onToggle={(id, on) =>
          update({ services: toggled(values.services, id as number, on) }, ['offered_service_ids'])
        }
      />
    </>
  );
}

type TextFieldsProps = Pick<ChoicesProps, 'values' | 'errors' | 'update'>;

/** The therapist's written details: name, title, bio parts, price and e-mail. */
function TherapistTextFields({ values, errors, update }: TextFieldsProps) {
  const text = (key: keyof TherapistValues, field: FieldSpec, options: object = {}) => (
    <TextInput
      spec={field}
      value={values[key] as string}
      error={errors[field.field]}
      onChange={(value) =>
        update({ [key]: value } as Partial<TherapistValues>, key === 'prefix' ? ['name'] : [field.field])
      }
      {...options}
    />
  );
  return (
    <>
      <div className="admin-form__row">
        {text('prefix', F.prefix, { hint: 'Dr, Ms, Mr…' })}
        {text('name', F.name, { hint: 'e.g. Asha Menon.' })}
      </div>
      <div className="admin-form__row">
        {text('title', F.title)}
        {text('specialization', F.specialization)}
      </div>
      {text('description', F.bio, { multiline: true })}
      <div className="admin-form__row">
        {text('price', F.price, { type: 'number', inputMode: 'decimal' })}
        {text('email', F.email, { type: 'email', hint: 'Receives the booking e-mails.' })}
      </div>
    </>
  );
}

const MORE_FIELDS = ['qualifications', 'experience', 'registration_number', 'payout'];

/**
 * What a first booking does not need (qualifications, experience, registration number, share),
 * folded under "More details"; open when one of them has an error or a value to show.
 */
function TherapistMoreFields({ values, errors, update }: TextFieldsProps) {
  const filled = Boolean(values.qualifications || values.experience || values.registration);
  const [open, setOpen] = useState(filled || values.payoutKind !== 'none');
  const wrong = MORE_FIELDS.some((field) => errors[field]);
  const text = (key: 'qualifications' | 'experience', field: FieldSpec, hint: string) => (
    <TextInput
      spec={field}
      value={values[key]}
      error={errors[field.field]}
      optional
      hint={hint}
      onChange={(value) => update({ [key]: value }, [field.field])}
    />
  );
  return (
    <details
      className="catalogue-more"
      open={open || wrong}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary>More details (optional)</summary>
      <div className="admin-form__row">
        {text('qualifications', F.qualifications, 'e.g. M.A. Counselling Psychology')}
        {text('experience', F.experience, 'e.g. 8 years of experience')}
      </div>
      <TherapistPayoutFields
        values={values}
        errors={errors}
        update={update}
        registration={F.registration_number}
        payout={F.payout}
      />
    </details>
  );
}
