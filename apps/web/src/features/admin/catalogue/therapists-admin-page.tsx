import { therapistTypeLabel } from '@therapy/shared/booking-rules';
import type { CatalogueLocation, CatalogueTherapist } from '@therapy/shared/catalogue-admin-schemas';
import { useState } from 'react';
import { Link } from 'wouter';
import { therapistDisplayName } from '../../../lib/therapist-display';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useFetch } from '../../../lib/use-fetch';
import { formatAmount } from '../admin-format';
import '../ui/card-table.css';
import { Pagination } from '../ui/pagination';
import { TableScroller } from '../ui/table-scroller';
import { showSuccess } from '../ui/toast-store';
import { usePagination } from '../ui/use-pagination';
import {
  fetchCatalogueLocations,
  fetchCatalogueServices,
  fetchCatalogueTherapists,
  saveTherapist,
} from './catalogue-api';
import { ActiveBadge, CataloguePage, RowActions, useActiveToggle } from './catalogue-page';
import { TherapistDialog } from './therapist-dialog';

async function loadAll(signal?: AbortSignal) {
  const [therapists, centres, services] = await Promise.all([
    fetchCatalogueTherapists(signal),
    fetchCatalogueLocations(signal),
    fetchCatalogueServices(signal),
  ]);
  return { therapists, centres, services };
}

/** Therapists (superadmins): the list with inactive ones, add, edit, photo, (de)activate. */
export function TherapistsAdminPage() {
  useDocumentTitle('Therapists');
  const [version, setVersion] = useState(0);
  const reload = () => setVersion((v) => v + 1);
  const data = useFetch('catalogue-therapists', loadAll, { version });
  const [editing, setEditing] = useState<CatalogueTherapist | 'new' | null>(null);
  const { toggle, dialog } = useActiveToggle(
    'therapist',
    (id, is_active) => saveTherapist(id, { is_active }),
    reload,
  );
  const therapists = data.data?.therapists ?? [];

  return (
    <CataloguePage
      title="Therapists"
      subtitle="Who clients can book. Inactive therapists are hidden from the booking wizard; their bookings stay."
      addLabel="Add therapist"
      onAdd={() => setEditing('new')}
      load={data}
      loadingLabel="Loading therapists…"
      loadFailed="Failed to load therapists."
      empty={therapists.length === 0}
      emptyText="No therapists yet. Add the first one."
      dialogs={
        <>
          {dialog}
          {editing && data.data && (
            <TherapistDialog
              therapist={editing === 'new' ? null : editing}
              centres={data.data.centres}
              services={data.data.services}
              onClose={() => setEditing(null)}
              onSaved={(saved) => {
                setEditing(null);
                showSuccess(`Therapist '${therapistDisplayName(saved.name)}' saved.`);
                reload();
              }}
            />
          )}
        </>
      }
    >
      <TherapistsTable
        therapists={therapists}
        centres={data.data?.centres ?? []}
        onEdit={setEditing}
        onToggle={(therapist) => toggle(therapist, therapistDisplayName(therapist.name))}
      />
    </CataloguePage>
  );
}

type TherapistsTableProps = {
  therapists: readonly CatalogueTherapist[];
  centres: readonly CatalogueLocation[];
  onEdit: (therapist: CatalogueTherapist) => void;
  onToggle: (therapist: CatalogueTherapist) => void;
};

/** Every therapist, inactive ones too, with a Schedule link each (the schedule screen's own). */
function TherapistsTable({ therapists, centres, onEdit, onToggle }: TherapistsTableProps) {
  const paging = usePagination(therapists);
  const centreName = (id: number) => centres.find((centre) => centre.id === id)?.short_name ?? `#${id}`;
  return (
    <>
      <TableScroller label="Therapists">
        <table className="admin-table admin-table--cards">
          <caption className="visually-hidden">Therapists</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Title</th>
              <th scope="col">Type</th>
              <th scope="col">Centres</th>
              <th scope="col" className="admin-table__amount">
                Price
              </th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {paging.pageItems.map((therapist) => {
              const name = therapistDisplayName(therapist.name);
              return (
                <tr key={therapist.id}>
                  <th scope="row" data-label="Name">
                    {name}
                  </th>
                  <td className="admin-table__wrap" data-label="Title">
                    {therapist.title}
                  </td>
                  <td data-label="Type">{therapistTypeLabel(therapist.type)}</td>
                  <td data-label="Centres">{therapist.locations.map(centreName).join(', ') || '--'}</td>
                  <td className="admin-table__amount" data-label="Price">
                    {formatAmount(therapist.price)}
                  </td>
                  <td data-label="Status">
                    <ActiveBadge active={therapist.is_active} />
                  </td>
                  <td className="admin-table__actions">
                    <RowActions
                      name={name}
                      active={therapist.is_active}
                      onEdit={() => onEdit(therapist)}
                      onToggle={() => onToggle(therapist)}
                    >
                      <Link
                        href={`/admin/therapists/${therapist.id}/schedule`}
                        className="button button--secondary admin-button--small"
                        aria-label={`Schedule of ${name}`}
                      >
                        Schedule
                      </Link>
                    </RowActions>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroller>
      <Pagination paging={paging} noun="therapists" />
    </>
  );
}
