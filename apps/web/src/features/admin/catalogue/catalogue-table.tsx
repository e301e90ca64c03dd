import type { ReactNode } from 'react';
import '../ui/card-table.css';
import { AdminTable } from '../ui/admin-table';
import { Pagination } from '../ui/pagination';
import { usePagination } from '../ui/use-pagination';
import { ActiveBadge, RowActions } from './catalogue-page';

/** A catalogue row: an id, and whether it is offered in the booking wizard. */
export type CatalogueRow = { id: number; is_active: boolean };

/** A column between Name and Status: its title (also the cell's label on a phone) and its cell. */
export type CatalogueColumn<T> = {
  title: string;
  cell: (row: T) => ReactNode;
  /** The cell's class. */
  className?: string;
  /** The header cell's class. */
  headClassName?: string;
};

type CatalogueTableProps<T extends CatalogueRow> = {
  /** The table's name (e.g. "Centres"), for screen readers. */
  label: string;
  rows: readonly T[];
  /** The row's name: its header cell, and in its buttons' labels. */
  name: (row: T) => string;
  columns: readonly CatalogueColumn<T>[];
  onEdit: (row: T) => void;
  onToggle: (row: T, name: string) => void;
  /** Buttons or links between Edit and Deactivate. */
  actions?: (row: T, name: string) => ReactNode;
  /** Paged, with this noun in the pager ("therapists"); all rows at once when not given. */
  pagedAs?: string;
};

/** Every row, inactive ones too: Name, the columns, Status, then Edit and Deactivate/Reactivate. */
export function CatalogueTable<T extends CatalogueRow>(props: CatalogueTableProps<T>) {
  const { label, name, columns, pagedAs } = props;
  const paging = usePagination(props.rows);
  const rows = pagedAs ? paging.pageItems : props.rows;
  const titles = [
    'Name',
    ...columns.map((column) => ({ title: column.title, className: column.headClassName })),
    'Status',
  ];
  return (
    <>
      <AdminTable label={label} cards columns={titles}>
        {rows.map((row) => {
          const rowName = name(row);
          return (
            <tr key={row.id}>
              <th scope="row" data-label="Name">
                {rowName}
              </th>
              {columns.map((column) => (
                <td key={column.title} className={column.className} data-label={column.title}>
                  {column.cell(row)}
                </td>
              ))}
              <td data-label="Status">
                <ActiveBadge active={row.is_active} />
              </td>
              <td className="admin-table__actions">
                <RowActions
                  name={rowName}
                  active={row.is_active}
                  onEdit={() => props.onEdit(row)}
                  onToggle={() => props.onToggle(row, rowName)}
                >
                  {props.actions?.(row, rowName)}
                </RowActions>
              </td>
            </tr>
          );
        })}
      </AdminTable>
      {pagedAs && <Pagination paging={paging} noun={pagedAs} />}
    </>
  );
}
