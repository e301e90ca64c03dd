import { type CatalogueService, serviceRequestSchema } from '@therapy/shared/catalogue-admin-schemas';
import { fetchCatalogueServices, saveService } from './catalogue-api';
import { CatalogueDialog, TextInput } from './catalogue-form-parts';
import { CataloguePage } from './catalogue-page';
import { CatalogueTable } from './catalogue-table';
import { useCatalogueForm } from './use-catalogue-form';
import { useCatalogueList } from './use-catalogue-list';

const NAME = { field: 'name', id: 'service-name', label: 'Name' };

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
        columns={[]}
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
    initial: { name: service?.name ?? '' },
    toRequest: (values) => ({ name: values.name.trim() }),
    schema: serviceRequestSchema,
    save: (request) => saveService(service?.id ?? null, request),
  });
  return (
    <CatalogueDialog
      title={service ? 'Edit service' : 'Add service'}
      formId="service-form"
      fields={[NAME]}
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
    </CatalogueDialog>
  );
}
