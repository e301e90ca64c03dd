import type { ReactNode } from 'react';
import { TableScroller } from './table-scroller';

/** A column title, with the class its header cell carries (e.g. right-aligned amounts). */
export type HeadColumn = string | { title: string; className?: string };

type AdminTableProps = {
  /** Names the scrolling box for screen readers. */
  label: string;
  /** The table's caption (read by screen readers only); the label when not given. */
  caption?: string;
  /** Rows turn into cards on a phone (needs `card-table.css` and `data-label` on cells). */
  cards?: boolean;
  /** The column titles; a last column of row actions follows, named "Actions" for screen readers. */
  columns: readonly HeadColumn[];
  /** The rows. */
  children: ReactNode;
};

/** An admin table with a last column of row actions, in its keyboard-scrollable box. */
export function AdminTable({ label, caption, cards = false, columns, children }: AdminTableProps) {
  return (
    <TableScroller label={label}>
      <table className={cards ? 'admin-table admin-table--cards' : 'admin-table'}>
        <caption className="visually-hidden">{caption ?? label}</caption>
        <thead>
          <tr>
            {columns.map((column) => {
              const { title, className } = typeof column === 'string' ? { title: column } : column;
              return (
                <th key={title} scope="col" className={className}>
                  {title}
                </th>
              );
            })}
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </TableScroller>
  );
}
