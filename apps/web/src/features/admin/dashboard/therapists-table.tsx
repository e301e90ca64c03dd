import type { AdminTherapist } from '@therapy/shared/admin-schemas';
import { therapistTypeLabel } from '@therapy/shared/booking-rules';
import { therapistDisplayName } from '../../../lib/therapist-display';
import { formatAmount } from '../admin-format';
import { AdminTable } from '../ui/admin-table';
import { Pagination } from '../ui/pagination';
import { usePagination } from '../ui/use-pagination';
import '../ui/card-table.css';

type TherapistsTableProps = {
  therapists: readonly AdminTherapist[];
  selectedId: number | null;
  onSelect: (therapist: AdminTherapist) => void;
};

export function TherapistsTable({ therapists, selectedId, onSelect }: TherapistsTableProps) {
  const paging = usePagination(therapists);
  if (therapists.length === 0) return <p className="admin-empty">No therapists found.</p>;

  return (
    <>
      <AdminTable
        label="Therapists"
        // On a phone each therapist is a card, so View stays on screen with its label.
        cards
        columns={['Name', 'Title', 'Type', 'Email', { title: 'Price', className: 'admin-table__amount' }]}
      >
        {paging.pageItems.map((therapist) => {
          const name = therapistDisplayName(therapist.name);
          const selected = therapist.id === selectedId;
          return (
            <tr key={therapist.id} className={selected ? 'admin-table__row--selected' : undefined}>
              <th scope="row" data-label="Name">
                {name}
                {!therapist.is_active && <span className="muted"> (inactive)</span>}
              </th>
              <td className="admin-table__wrap" data-label="Title">
                {therapist.title}
              </td>
              <td data-label="Type">{therapistTypeLabel(therapist.type)}</td>
              <td data-label="Email">{therapist.email}</td>
              <td className="admin-table__amount" data-label="Price">
                {formatAmount(therapist.price)}
              </td>
              <td className="admin-table__actions">
                <button
                  type="button"
                  className="button button--secondary admin-button--small"
                  aria-pressed={selected}
                  aria-label={`View availability of ${name}`}
                  onClick={() => onSelect(therapist)}
                >
                  {selected ? 'Selected' : 'View'}
                </button>
              </td>
            </tr>
          );
        })}
      </AdminTable>
      <Pagination paging={paging} noun="therapists" />
    </>
  );
}
