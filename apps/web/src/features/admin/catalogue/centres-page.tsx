import type { CatalogueLocation } from '@therapy/shared/catalogue-admin-schemas';
import { useState } from 'react';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useFetch } from '../../../lib/use-fetch';
import '../ui/card-table.css';
import { TableScroller } from '../ui/table-scroller';
import { showSuccess } from '../ui/toast-store';
import { fetchCatalogueLocations, saveLocation } from './catalogue-api';
import { ActiveBadge, CataloguePage, RowActions, useActiveToggle } from './catalogue-page';
import { CentreDialog } from './centre-dialog';

/** Centres (superadmins): add, edit, photo, deactivate and reactivate. */
export function CentresPage() {
  useDocumentTitle('Centres');
  const [version, setVersion] = useState(0);
  const reload = () => setVersion((v) => v + 1);
  const centres = useFetch('catalogue-centres', fetchCatalogueLocations, { version });
  const [editing, setEditing] = useState<CatalogueLocation | 'new' | null>(null);
  const { toggle, dialog } = useActiveToggle(
    'centre',
    (id, is_active) => saveLocation(id, { is_active }),
    reload,
  );
  const rows = centres.data ?? [];

  return (
    <CataloguePage
      title="Centres"
      subtitle="Where clients meet therapists in person. Inactive centres are hidden from the booking wizard."
      addLabel="Add centre"
      onAdd={() => setEditing('new')}
      load={centres}
      loadingLabel="Loading centres…"
      loadFailed="Failed to load centres."
      empty={rows.length === 0}
      emptyText="No centres yet. Add the first one."
      dialogs={
        <>
          {dialog}
          {editing && (
            <CentreDialog
              centre={editing === 'new' ? null : editing}
              onClose={() => setEditing(null)}
              onSaved={(saved) => {
                setEditing(null);
                showSuccess(`Centre '${saved.name}' saved.`);
                reload();
              }}
            />
          )}
        </>
      }
    >
      <CentresTable rows={rows} onEdit={setEditing} onToggle={(row) => toggle(row, row.name)} />
    </CataloguePage>
  );
}

type CentresTableProps = {
  rows: readonly CatalogueLocation[];
  onEdit: (row: CatalogueLocation) => void;
  onToggle: (row: CatalogueLocation) => void;
};

/** Every centre, inactive ones too. */
function CentresTable({ rows, onEdit, onToggle }: CentresTableProps) {
  return (
    <TableScroller label="Centres">
      <table className="admin-table admin-table--cards">
        <caption className="visually-hidden">Centres</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Short name</th>
            <th scope="col">Address</th>
            <th scope="col">Phone</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((centre) => (
            <tr key={centre.id}>
              <th scope="row" data-label="Name">
                {centre.name}
              </th>
              <td data-label="Short name">{centre.short_name}</td>
              <td className="admin-table__wrap" data-label="Address">
                {centre.address}
              </td>
              <td className="tabular-nums" data-label="Phone">
                {centre.phone || '--'}
              </td>
              <td data-label="Status">
                <ActiveBadge active={centre.is_active} />
              </td>
              <td className="admin-table__actions">
                <RowActions
                  name={centre.name}
                  active={centre.is_active}
                  onEdit={() => onEdit(centre)}
                  onToggle={() => onToggle(centre)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroller>
  );
}
