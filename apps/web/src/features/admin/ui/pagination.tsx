import { ADMIN_PAGE_SIZES } from '@therapy/shared/admin-schemas';
import { useId } from 'react';
import { formatCount } from '../admin-format';
import type { Paging } from './use-pagination';

type PaginationProps = {
  paging: Paging<unknown>;
  /** What the list holds, for the labels: 'bookings', 'therapists'. */
  noun: string;
  /** Fixed-size lists (the clients list pages by 10) leave out the size selector. */
  sizes?: readonly number[] | null;
};

/** Under every admin list, in the same place: rows per page, the range shown, Previous and Next. */
export function Pagination({ paging, noun, sizes = ADMIN_PAGE_SIZES }: PaginationProps) {
  const sizeId = useId();
  const { page, pageCount, pageSize, total, uncounted } = paging;
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);
  // A list the server does not count (a search, the audit log) knows only whether more follow.
  const more = uncounted && page < pageCount;

  return (
    <nav className="admin-pagination" aria-label={`Pages of ${noun}`}>
      {sizes && (
        <div className="admin-pagination__size">
          <label htmlFor={sizeId}>Rows per page</label>
          <select
            id={sizeId}
            className="select admin-pagination__select"
            value={pageSize}
            onChange={(event) => paging.setPageSize(Number(event.target.value))}
          >
            {sizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </div>
      )}
      <p className="admin-pagination__range tabular-nums">
        {pageRange({ first, last, total, noun, uncounted, more })}
      </p>
      {pageCount > 1 && (
        <div className="admin-pagination__pages">
          <button
            type="button"
            className="button button--secondary admin-pagination__button"
            onClick={() => paging.setPage(page - 1)}
            disabled={page <= 1}
          >
            Previous
          </button>
          <span className="tabular-nums" aria-live="polite">
            {uncounted
              ? `Page ${formatCount(page)}`
              : `Page ${formatCount(page)} of ${formatCount(pageCount)}`}
          </span>
          <button
            type="button"
            className="button button--secondary admin-pagination__button"
            onClick={() => paging.setPage(page + 1)}
            disabled={page >= pageCount}
          >
            Next
          </button>
        </div>
      )}
    </nav>
  );
}

/** "1–10 of 10,00,406 bookings", or for a list the server does not count "Clients 11–20, more follow". */
export function pageRange({
  first,
  last,
  total,
  noun,
  uncounted,
  more,
}: {
  first: number;
  last: number;
  total: number;
  noun: string;
  uncounted?: boolean;
  more?: boolean;
}): string {
  const shown = `${formatCount(first)}–${formatCount(last)}`;
  if (!uncounted) return `${shown} of ${formatCount(total)} ${noun}`;
  return `${noun[0]?.toUpperCase()}${noun.slice(1)} ${shown}${more ? ', more follow' : ''}`;
}
