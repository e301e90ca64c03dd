import { type CatalogueLocation, locationRequestSchema } from '@therapy/shared/catalogue-admin-schemas';
import { useEffect, useRef } from 'react';
import { useFetch } from '../../../lib/use-fetch';
import { fetchClinicProfile } from '../clinic/clinic-api';
import { saveLocation } from './catalogue-api';
import { CatalogueDialog, PhotoField, TextInput } from './catalogue-form-parts';
import { useCatalogueForm } from './use-catalogue-form';
import { usePhotoSave } from './use-photo-save';

const FIELDS = {
  name: { field: 'name', id: 'centre-name', label: 'Name' },
  short_name: { field: 'short_name', id: 'centre-short-name', label: 'Short name' },
  description: { field: 'description', id: 'centre-description', label: 'Description' },
  address: { field: 'address', id: 'centre-address', label: 'Address' },
  phone: { field: 'phone', id: 'centre-phone', label: 'Phone' },
  photo: { field: 'photo', id: 'centre-photo', label: 'Photo' },
} as const;

type TextField = Exclude<keyof typeof FIELDS, 'photo'>;
const TEXT_FIELDS: TextField[] = ['name', 'short_name', 'description', 'address', 'phone'];

type CentreDialogProps = {
  centre: CatalogueLocation | null;
  /** The clinic's first centre: it starts at the clinic's address and phone (often the same place). */
  first?: boolean;
  onClose: () => void;
  onSaved: (saved: CatalogueLocation) => void;
};

/** Add or edit a centre: its details, then its photo. */
export function CentreDialog({ centre, first = false, onClose, onSaved }: CentreDialogProps) {
  const photo = usePhotoSave('locations', centre?.id ?? null);
  const form = useCatalogueForm({
    initial: Object.fromEntries(TEXT_FIELDS.map((field) => [field, centre?.[field] ?? ''])) as Record<
      TextField,
      string
    >,
    toRequest: (values) => ({
      name: values.name.trim(),
      // Left empty, the short name is the name (one field fewer for a new clinic, issue 31).
      short_name: values.short_name.trim() || values.name.trim(),
      description: values.description.trim(),
      address: values.address.trim(),
      phone: values.phone.trim(),
    }),
    schema: locationRequestSchema,
    save: (request) => saveLocation(photo.savedId, request),
  });

  // An empty short name follows the name: a refusal of it is the name's, said there.
  const errors: Partial<Record<string, string>> = { ...form.errors };
  if (!form.values.short_name.trim()) delete errors.short_name;

  // The clinic profile's address and phone, offered for the centre (often the same place).
  const profile = useFetch('admin-clinic-profile', fetchClinicProfile);
  const clinic = profile.data;
  const { update } = form;
  const prefilled = useRef(false);
  const untouched = form.values.address === '' && form.values.phone === '';
  useEffect(() => {
    if (!first || centre || !clinic || prefilled.current) return;
    prefilled.current = true;
    // Never over what the user typed before the profile arrived.
    if (untouched) update({ address: clinic.address, phone: clinic.phone });
  }, [first, centre, clinic, untouched, update]);
  const offer =
    clinic &&
    (clinic.address || clinic.phone) &&
    (clinic.address !== form.values.address || clinic.phone !== form.values.phone)
      ? clinic
      : null;

  return (
    <CatalogueDialog
      title={centre ? 'Edit centre' : 'Add centre'}
      formId="centre-form"
      fields={Object.values(FIELDS)}
      errors={{ ...errors, ...(photo.error ? { photo: photo.error } : {}) }}
      submitError={form.submitError}
      submitting={form.submitting}
      onClose={onClose}
      onSubmit={() => photo.submit(form.submit, onSaved)}
    >
      {TEXT_FIELDS.map((field) => (
        <TextInput
          key={field}
          spec={FIELDS[field]}
          value={form.values[field]}
          error={errors[field]}
          multiline={field === 'description'}
          type={field === 'phone' ? 'tel' : 'text'}
          optional={field === 'short_name' || field === 'description'}
          hint={field === 'short_name' ? 'Empty: the name.' : undefined}
          onChange={(value) => form.update({ [field]: value })}
        />
      ))}
      {offer && (
        <p className="catalogue-offer">
          <button
            type="button"
            className="button button--secondary admin-button--small"
            onClick={() =>
              form.update({
                ...(offer.address ? { address: offer.address } : {}),
                ...(offer.phone ? { phone: offer.phone } : {}),
              })
            }
          >
            Use the clinic’s address and phone
          </button>{' '}
          <span className="field__hint">{[offer.address, offer.phone].filter(Boolean).join(' · ')}</span>
        </p>
      )}
      <PhotoField
        id={FIELDS.photo.id}
        currentUrl={centre?.image_url ? `/get_location_image/${centre.id}.png` : null}
        file={photo.file}
        error={photo.error}
        onChange={photo.choose}
      />
    </CatalogueDialog>
  );
}
