import type { CatalogueLocation } from '@therapy/shared/catalogue-admin-schemas';
import { fetchCatalogueLocations, saveLocation } from './catalogue-api';
import { CataloguePage } from './catalogue-page';
import { type CatalogueColumn, CatalogueTable } from './catalogue-table';
import { CentreDialog } from './centre-dialog';
import { useCatalogueList } from './use-catalogue-list';

const COLUMNS: CatalogueColumn<CatalogueLocation>[] = [
  { title: 'Short name', cell: (centre) => centre.short_name },
  { title: 'Address', className: 'admin-table__wrap', cell: (centre) => centre.address },
  { title: 'Phone', className: 'tabular-nums', cell: (centre) => centre.phone || '--' },
];

/** Centres (superadmins): add, edit, photo, deactivate and reactivate. */
export function CentresPage() {
  const list = useCatalogueList<CatalogueLocation, CatalogueLocation[]>(
    'centre',
    fetchCatalogueLocations,
    saveLocation,
  );
  const rows = list.data.data ?? [];

  return (
    <CataloguePage
      step="centre"
      noun="centre"
      subtitle="Where clients meet therapists in person. Inactive centres are hidden from the booking wizard."
      list={list}
      empty={rows.length === 0}
      editor={(centre) => (
        <CentreDialog
          centre={centre}
          first={list.data.status === 'success' && rows.length === 0}
          onClose={list.close}
          onSaved={(saved) => list.saved(saved.name)}
        />
      )}
    >
      <CatalogueTable
        label="Centres"
        rows={rows}
        name={(centre) => centre.name}
        columns={COLUMNS}
        onEdit={list.edit}
        onToggle={list.toggle}
      />
    </CataloguePage>
  );
}
