import { ADMIN_PAGE_SIZES } from '@therapy/shared/admin-schemas';
import { useState } from 'react';
import type { Paging } from './use-pagination';

/** What a keyset-paged admin call answers (packages/shared page-schemas). */
export type CursorPage<T> = {
  items: T[];
  /** Rows over all pages, when the call counts them (it drives "Page X of Y"). */
  total?: number;
  limit: number;
  next_cursor: string | null;
};

type PageState = { key: string; size: number; page: number; cursors: (string | undefined)[] };

/**
 * Server paging by cursor for a list kept in component state: `cursor` and `size` go into the
 * call; Next follows the answer's `next_cursor`, Previous the cursor kept for that page. A new
 * `resetKey` (another filter or search) starts again at page 1.
 */
export function useCursorPages(resetKey: string, initialSize: number = ADMIN_PAGE_SIZES[0]) {
  const [state, setState] = useState<PageState>({ key: resetKey, size: initialSize, page: 1, cursors: [] });
  const current = state.key === resetKey ? state : { key: resetKey, size: state.size, page: 1, cursors: [] };
  const cursor = current.cursors[current.page];

  function paging<T>(answer: CursorPage<T>, busy: boolean): Paging<T> {
    const total = answer.total ?? (current.page - 1) * current.size + answer.items.length;
    const known =
      Math.ceil(total / current.size) + (answer.total === undefined && answer.next_cursor ? 1 : 0);
    return {
      pageItems: answer.items,
      page: current.page,
      pageCount: Math.max(1, known, current.page),
      pageSize: current.size,
      total,
      uncounted: answer.total === undefined,
      setPage: (page) => {
        // While a page loads, the rows on screen are the last page's: their cursor would skip one.
        if (busy) return;
        if (page > current.page && answer.next_cursor) {
          const cursors = [...current.cursors];
          cursors[current.page + 1] = answer.next_cursor;
          setState({ ...current, page: current.page + 1, cursors });
        } else if (page < current.page) {
          setState({ ...current, page: Math.max(1, page) });
        }
      },
      setPageSize: (size) => setState({ key: resetKey, size, page: 1, cursors: [] }),
    };
  }

  return { cursor, size: current.size, page: current.page, paging };
}
