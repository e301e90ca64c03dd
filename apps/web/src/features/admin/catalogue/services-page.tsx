import { type CatalogueService, serviceRequestSchema } from '@therapy/shared/catalogue-admin-schemas';
import { useState } from 'react';
import { fetchCatalogueServices, saveService } from './catalogue-api';
import { CatalogueDialog, TextInput } from './catalogue-form-parts';
import { CataloguePage } from './catalogue-page';
import { CatalogueTable } from './catalogue-table';
import { type CatalogueForm, useCatalogueForm } from './use-catalogue-form';
import { useCatalogueList } from './use-catalogue-list';

const NAME = { field: 'name', id: 'service-name', label: 'Name' };
const RATE = { field: 'tax', id: 'service-rate', label: 'GST rate (%)' };
const SAC = { field: 'tax', id: 'service-sac', label: 'SAC code' };

/** How the receipts treat it (decision 057): the clinic's accountant decides. */
const taxText = (service: CatalogueService) =>
  service.tax.rate_percent === undefined ? 'Exempt' : `${service.tax.rate_percent}% (SAC ${service.tax.sac})`;

/** Services (superadmins): add, rename, deactivate and reactivate. */
export function ServicesPage() {
  const list = useCatalogueList<CatalogueService, CatalogueService[]>(
    'service',
    fetchCatalogueServices,
    saveService,
  );
  const rows = list.data.data ?? [];

  return (
    <CataloguePage
      step="service"
      noun="service"
      subtitle="What clients can book. Inactive services are hidden from the booking wizard."
      list={list}
      empty={rows.length === 0}
      editor={(service) => (
        <ServiceDialog service={service} onClose={list.close} onSaved={(saved) => list.saved(saved.name)} />
      )}
    >
      <CatalogueTable
        label="Services"
        rows={rows}
        name={(service) => service.name}
        columns={[{ title: 'GST', cell: taxText }]}
        onEdit={list.edit}
        onToggle={list.toggle}
      />
    </CataloguePage>
  );
}

type ServiceDialogProps = {
  service: CatalogueService | null;
  onClose: () => void;
  onSaved: (saved: CatalogueService) => void;
};

function ServiceDialog({ service, onClose, onSaved }: ServiceDialogProps) {
  const form = useCatalogueForm({
    initial: {
      name: service?.name ?? '',
      taxable: service?.tax.rate_percent !== undefined,
      rate: String(service?.tax.rate_percent ?? 18),
      sac: service?.tax.sac ?? '999312',
    },
    toRequest: (values) => ({
      name: values.name.trim(),
      tax: values.taxable
        ? { rate_percent: Number(values.rate), sac: values.sac.trim() }
        : { exempt: true as const },
    }),
    schema: serviceRequestSchema,
    save: (request) => saveService(service?.id ?? null, request),
  });
  return (
    <CatalogueDialog
      title={service ? 'Edit service' : 'Add service'}
      formId="service-form"
      fields={[NAME, RATE]}
      errors={form.errors}
      submitError={form.submitError}
      submitting={form.submitting}
      onClose={onClose}
      onSubmit={async () => {
        const saved = await form.submit();
        if (saved) onSaved(saved);
        return Boolean(saved);
      }}
    >
      <TextInput
        spec={NAME}
        value={form.values.name}
        error={form.errors.name}
        onChange={(name) => form.update({ name })}
      />
      <ServiceTaxFields form={form} />
    </CatalogueDialog>
  );
}

type TaxValues = { name: string; taxable: boolean; rate: string; sac: string };

/** Exempt or taxable at a rate with its SAC (decision 057): what the service's receipts say. */
function ServiceTaxFields({ form }: { form: CatalogueForm<TaxValues> }) {
  const { values, errors, update } = form;
  // Health care is exempt: folded until wanted, open for a taxable service or a refused rate.
  const [open, setOpen] = useState(values.taxable);
  return (
    <details
      className="catalogue-more"
      open={open || Boolean(errors.tax)}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary>{values.taxable ? 'GST: taxable' : 'GST: exempt (health care)'}</summary>
      <fieldset className="catalogue-form__group">
        <legend>GST on receipts</legend>
        <label>
          <input
            type="radio"
            name="service-tax"
            checked={!values.taxable}
            onChange={() => update({ taxable: false }, ['tax'])}
          />{' '}
          Exempt: health care (Bill of Supply)
        </label>
        <label>
          <input
            type="radio"
            name="service-tax"
            checked={values.taxable}
            onChange={() => update({ taxable: true }, ['tax'])}
          />{' '}
          Taxable (Tax Invoice)
        </label>
      </fieldset>
      {values.taxable && (
        <>
          <TextInput
            spec={RATE}
            value={values.rate}
            error={errors.tax}
            inputMode="decimal"
            onChange={(rate) => update({ rate }, ['tax'])}
          />
          <TextInput
            spec={SAC}
            value={values.sac}
            error={undefined}
            inputMode="numeric"
            hint="6 digits, e.g. 999312 (health services) or 999799 (other services)."
            onChange={(sac) => update({ sac }, ['tax'])}
          />
        </>
      )}
    </details>
  );
}
