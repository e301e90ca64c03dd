import { ADMIN_PAGE_SIZES, adminBookingsQuerySchema } from '@therapy/shared/admin-schemas';
import { useLocation, useSearch } from 'wouter';

/** The All Bookings filters as the address holds them (`therapist` is the API's `therapist_id`). */
export type BookingFilters = {
  from?: string;
  to?: string;
  therapist?: string;
  status?: string;
  type?: string;
  q?: string;
};

export const FILTER_KEYS = ['from', 'to', 'therapist', 'status', 'type', 'q'] as const;
const API_NAMES: Record<(typeof FILTER_KEYS)[number], keyof typeof adminBookingsQuerySchema.shape> = {
  from: 'from',
  to: 'to',
  therapist: 'therapist_id',
  status: 'status',
  type: 'type',
  q: 'q',
};

export type BookingListView = {
  filters: BookingFilters;
  page: number;
  size: number;
  /** The booking id the page starts after (the server's cursor); none on page 1. */
  cursor?: string;
};

const valid = (key: keyof typeof adminBookingsQuerySchema.shape, value: string) =>
  adminBookingsQuerySchema.shape[key].safeParse(value).success;

/** Reads the view from the address, leaving out what the server would refuse (a hand-edited link). */
export function parseBookingView(search: string): BookingListView {
  const params = new URLSearchParams(search);
  const filters: BookingFilters = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (value && valid(API_NAMES[key], value)) filters[key] = value;
  }
  if (filters.from && filters.to && filters.from > filters.to) delete filters.to;
  const size = Number(params.get('size'));
  const cursor = params.get('cursor') ?? undefined;
  const hasCursor = cursor !== undefined && valid('cursor', cursor);
  const page = Number(params.get('page'));
  return {
    filters,
    size: (ADMIN_PAGE_SIZES as readonly number[]).includes(size) ? size : ADMIN_PAGE_SIZES[0],
    // A page past the first needs its cursor; without one the list starts again at page 1.
    page: hasCursor && Number.isInteger(page) && page > 1 ? page : 1,
    cursor: hasCursor && page > 1 ? cursor : undefined,
  };
}

/** The address of a view: only what differs from the defaults, in a stable order. */
export function bookingViewSearch(view: BookingListView): string {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = view.filters[key];
    if (value) params.set(key, value);
  }
  if (view.size !== ADMIN_PAGE_SIZES[0]) params.set('size', String(view.size));
  if (view.page > 1 && view.cursor) {
    params.set('page', String(view.page));
    params.set('cursor', view.cursor);
  }
  return params.toString();
}

/** The server query for a view. */
export function bookingPageQuery(view: BookingListView): URLSearchParams {
  const query = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = view.filters[key];
    if (value) query.set(API_NAMES[key], value);
  }
  query.set('limit', String(view.size));
  if (view.cursor) query.set('cursor', view.cursor);
  return query;
}

/** The view in the address, and a way to change it (a new history entry, so Back returns). */
export function useBookingView(): [BookingListView, (view: BookingListView) => void] {
  const search = useSearch();
  const [path, navigate] = useLocation();
  const view = parseBookingView(search);
  const show = (next: BookingListView) => {
    const nextSearch = bookingViewSearch(next);
    navigate(nextSearch ? `${path}?${nextSearch}` : path);
  };
  return [view, show];
}
