import { ADMIN_PAGE_SIZES } from '@therapy/shared/admin-schemas';
import { useState } from 'react';

export type Paging<T> = {
  pageItems: T[];
  page: number;
  pageCount: number;
  pageSize: number;
  total: number;
  /** The server did not count the rows (ADR 034): `total` is what was seen so far, `pageCount` one past while more follow. */
  uncounted?: boolean;
  setPage: (page: number) => void;
  setPageSize: (size: number) => void;
};

/** Client-side paging of a list: page sizes 10, 20, 50 (default 10); a new size starts at page 1. */
export function usePagination<T>(items: readonly T[], initialSize: number = ADMIN_PAGE_SIZES[0]): Paging<T> {
  const [pageSize, setSize] = useState(initialSize);
  const [requestedPage, setPage] = useState(1);
  const pageCount = Math.max(1, Math.ceil(items.length / pageSize));
  // A shorter list (after a reload or a filter) must not leave the screen on a page past its end.
  const page = Math.min(requestedPage, pageCount);
  return {
    pageItems: items.slice((page - 1) * pageSize, page * pageSize),
    page,
    pageCount,
    pageSize,
    total: items.length,
    setPage: (next) => setPage(Math.min(Math.max(1, next), pageCount)),
    setPageSize: (size) => {
      setSize(size);
      setPage(1);
    },
  };
}
