import { type CatalogueService, serviceRequestSchema } from '@therapy/shared/catalogue-admin-schemas';
import { useState } from 'react';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useFetch } from '../../../lib/use-fetch';
import '../ui/card-table.css';
import { TableScroller } from '../ui/table-scroller';
import { showSuccess } from '../ui/toast-store';
import { fetchCatalogueServices, saveService } from './catalogue-api';
import { CatalogueDialog, TextInput } from './catalogue-form-parts';
import { ActiveBadge, CataloguePage, RowActions, useActiveToggle } from './catalogue-page';
import { useCatalogueForm } from './use-catalogue-form';

const NAME = { field: 'name', id: 'service-name', label: 'Name' };

/** Services (superadmins): add, rename, deactivate and reactivate. */
export function ServicesPage() {
  useDocumentTitle('Services');
  const [version, setVersion] = useState(0);
  const reload = () => setVersion((v) => v + 1);
  const services = useFetch('catalogue-services', fetchCatalogueServices, { version });
  const [editing, setEditing] = useState<CatalogueService | 'new' | null>(null);
  const { toggle, dialog } = useActiveToggle(
    'service',
    (id, is_active) => saveService(id, { is_active }),
    reload,
  );
  const rows = services.data ?? [];

  return (
    <CataloguePage
      title="Services"
      subtitle="What clients can book. Inactive services are hidden from the booking wizard."
      addLabel="Add service"
      onAdd={() => setEditing('new')}
      load={services}
      loadingLabel="Loading services…"
      loadFailed="Failed to load services."
      empty={rows.length === 0}
      emptyText="No services yet. Add the first one."
      dialogs={
        <>
          {dialog}
          {editing && (
            <ServiceDialog
              service={editing === 'new' ? null : editing}
              onClose={() => setEditing(null)}
              onSaved={(saved) => {
                setEditing(null);
                showSuccess(`Service '${saved.name}' saved.`);
                reload();
              }}
            />
          )}
        </>
      }
    >
      <ServicesTable rows={rows} onEdit={setEditing} onToggle={(row) => toggle(row, row.name)} />
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

type ServicesTableProps = {
  rows: readonly CatalogueService[];
  onEdit: (row: CatalogueService) => void;
  onToggle: (row: CatalogueService) => void;
};

/** Every service, inactive ones too. */
function ServicesTable({ rows, onEdit, onToggle }: ServicesTableProps) {
  return (
    <TableScroller label="Services">
      <table className="admin-table admin-table--cards">
        <caption className="visually-hidden">Services</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((service) => (
            <tr key={service.id}>
              <th scope="row" data-label="Name">
                {service.name}
              </th>
              <td data-label="Status">
                <ActiveBadge active={service.is_active} />
              </td>
              <td className="admin-table__actions">
                <RowActions
                  name={service.name}
                  active={service.is_active}
                  onEdit={() => onEdit(service)}
                  onToggle={() => onToggle(service)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroller>
  );
}
