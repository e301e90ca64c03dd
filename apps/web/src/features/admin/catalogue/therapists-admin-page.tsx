import { therapistTypeLabel } from '@therapy/shared/booking-rules';
import type { CatalogueLocation, CatalogueTherapist } from '@therapy/shared/catalogue-admin-schemas';
import { Link } from 'wouter';
import { therapistDisplayName } from '../../../lib/therapist-display';
import { formatAmount } from '../admin-format';
import {
  fetchCatalogueLocations,
  fetchCatalogueServices,
  fetchCatalogueTherapists,
  saveTherapist,
} from './catalogue-api';
import { CataloguePage } from './catalogue-page';
import { type CatalogueColumn, CatalogueTable } from './catalogue-table';
import { InviteButton } from './invite-button';
import { TherapistDialog } from './therapist-dialog';
import { useCatalogueList } from './use-catalogue-list';

async function loadAll(signal?: AbortSignal) {
  const [therapists, centres, services] = await Promise.all([
    fetchCatalogueTherapists(signal),
    fetchCatalogueLocations(signal),
    fetchCatalogueServices(signal),
  ]);
  return { therapists, centres, services };
}

/** Title, type, centres (by short name) and price. */
function therapistColumns(centres: readonly CatalogueLocation[]): CatalogueColumn<CatalogueTherapist>[] {
  const centreName = (id: number) => centres.find((centre) => centre.id === id)?.short_name ?? `#${id}`;
  return [
    { title: 'Title', className: 'admin-table__wrap', cell: (therapist) => therapist.title },
    { title: 'Type', cell: (therapist) => therapistTypeLabel(therapist.type) },
    { title: 'Centres', cell: (therapist) => therapist.locations.map(centreName).join(', ') || '--' },
    {
      title: 'Price',
      className: 'admin-table__amount',
      headClassName: 'admin-table__amount',
      cell: (therapist) => formatAmount(therapist.price),
    },
  ];
}

/** The schedule screen's own link, and the invitation to sign in (an active therapist's), per therapist. */
function scheduleLink(therapist: CatalogueTherapist, name: string) {
  return (
    <>
      <Link
        href={`/admin/therapists/${therapist.id}/schedule`}
        className="button button--secondary admin-button--small"
        aria-label={`Schedule of ${name}`}
      >
        Schedule
      </Link>
      {therapist.is_active && <InviteButton therapistId={therapist.id} name={name} />}
    </>
  );
}

/** Therapists (superadmins): the list with inactive ones, add, edit, photo, (de)activate. */
export function TherapistsAdminPage() {
  const list = useCatalogueList<CatalogueTherapist, Awaited<ReturnType<typeof loadAll>>>(
    'therapist',
    loadAll,
    saveTherapist,
  );
  const data = list.data.data;
  const therapists = data?.therapists ?? [];

  return (
    <CataloguePage
      step="therapist"
      noun="therapist"
      subtitle="Who clients can book. Inactive therapists are hidden from the booking wizard; their bookings stay."
      list={list}
      empty={therapists.length === 0}
      editor={(therapist) =>
        data && (
          <TherapistDialog
            therapist={therapist}
            centres={data.centres}
            services={data.services}
            onClose={list.close}
            onSaved={(saved) => list.saved(therapistDisplayName(saved.name))}
          />
        )
      }
    >
      <CatalogueTable
        label="Therapists"
        rows={therapists}
        name={(therapist) => therapistDisplayName(therapist.name)}
        columns={therapistColumns(data?.centres ?? [])}
        onEdit={list.edit}
        onToggle={list.toggle}
        actions={scheduleLink}
        pagedAs="therapists"
      />
    </CataloguePage>
  );
}
