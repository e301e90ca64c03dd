import type { AdminTherapist } from '@therapy/shared/admin-schemas';
import { therapistTypeLabel } from '@therapy/shared/booking-rules';
import { therapistDisplayName } from '../../../lib/therapist-display';
import { formatAmount } from '../admin-format';
import { AdminTable } from '../ui/admin-table';
import { Pagination } from '../ui/pagination';
import { usePagination } from '../ui/use-pagination';

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
        columns={['Name', 'Title', 'Type', 'Email', { title: 'Price', className: 'admin-table__amount' }]}
      >
        {paging.pageItems.map((therapist) => {
          const name = therapistDisplayName(therapist.name);
          const selected = therapist.id === selectedId;
          return (
            <tr key={therapist.id} className={selected ? 'admin-table__row--selected' : undefined}>
              <th scope="row">
                {name}
                {!therapist.is_active && <span className="muted"> (inactive)</span>}
              </th>
              <td className="admin-table__wrap">{therapist.title}</td>
              <td>{therapistTypeLabel(therapist.type)}</td>
              <td>{therapist.email}</td>
              <td className="admin-table__amount">{formatAmount(therapist.price)}</td>
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
