import type { AdminBookingPage, AdminTherapist } from '@therapy/shared/admin-schemas';
import { PageLoading } from '../../../components/page-loading';
import { useFetch } from '../../../lib/use-fetch';
import { LoadErrorPanel } from '../ui/load-error-panel';
import type { Paging } from '../ui/use-pagination';
import { useLogout } from '../use-logout';
import { BookingFilterBar } from './booking-filter-bar';
import { BookingsTable } from './bookings-table';
import { fetchBookingPage } from './dashboard-api';
import type { BookingActions } from './use-booking-actions';
import './booking-list.css';
import {
  type BookingListView,
  bookingPageQuery,
  bookingViewSearch,
  useBookingView,
} from './use-booking-filters';

export const LOAD_FAILED = 'Failed to load admin data.';
export const NO_MATCHES = 'No bookings match these filters.';

// The cursor each page starts after, per filter, so Previous finds its page again. Kept for the
// visit only: after a reload, Previous from a later page starts again at page 1.
const cursorsByFilter = new Map<string, (string | undefined)[]>();

function cursorsOf(view: BookingListView) {
  const key = bookingViewSearch({ ...view, page: 1, cursor: undefined });
  let cursors = cursorsByFilter.get(key);
  if (!cursors) {
    cursors = [undefined, undefined];
    cursorsByFilter.set(key, cursors);
  }
  cursors[view.page] = view.cursor;
  return cursors;
}

/** Server-side paging for the table's pager: Next follows `next_cursor`, Previous the cursor kept. */
function serverPaging(
  view: BookingListView,
  answer: AdminBookingPage,
  show: (view: BookingListView) => void,
  busy: boolean,
): Paging<AdminBookingPage['items'][number]> {
  const cursors = cursorsOf(view);
  // A search of a common name is counted only so far (SEARCH_COUNT_CAP): then the pager says
  // "more follow" rather than a page count it does not know.
  const uncounted = answer.total_capped === true;
  const seen = (view.page - 1) * view.size + answer.items.length;
  return {
    pageItems: answer.items,
    page: view.page,
    pageCount: uncounted
      ? view.page + (answer.next_cursor ? 1 : 0)
      : Math.max(1, Math.ceil(answer.total / view.size)),
    pageSize: view.size,
    total: uncounted ? seen : answer.total,
    uncounted,
    setPage: (page) => {
      // While the next page loads, the rows on screen are the last page's: its cursors would
      // skip or repeat a page.
      if (busy) return;
      if (page > view.page && answer.next_cursor) {
        show({ ...view, page: view.page + 1, cursor: answer.next_cursor });
      } else if (page < view.page) {
        const cursor = cursors[page];
        show(page > 1 && cursor ? { ...view, page, cursor } : { ...view, page: 1, cursor: undefined });
      }
    },
    setPageSize: (size) => show({ ...view, size, page: 1, cursor: undefined }),
  };
}

/** The dashboard's All Bookings: filters in the address, filtered and paged by the server. */
export function AllBookings({
  therapists,
  actions,
  version,
}: {
  therapists: readonly AdminTherapist[];
  actions: BookingActions;
  version: number;
}) {
  const logout = useLogout();
  const [view, show] = useBookingView();
  const query = bookingPageQuery(view);
  // Another page or filter keeps the last rows (busy) until its answer comes, so the pager button
  // that was pressed keeps the keyboard focus and the page does not jump.
  const answer = useFetch(`admin-booking-page?${query}`, (signal) => fetchBookingPage(query, signal), {
    version,
    keepPrevious: true,
  });
  const filtered = Object.values(view.filters).some(Boolean);

  return (
    <>
      <BookingFilterBar
        filters={view.filters}
        therapists={therapists}
        onChange={(filters) => show({ ...view, filters, page: 1, cursor: undefined })}
      />
      {answer.status === 'error' ? (
        <LoadErrorPanel
          title={LOAD_FAILED}
          message={answer.error.message !== LOAD_FAILED ? answer.error.message : undefined}
          onRetry={answer.retry}
          onLogout={logout}
        />
      ) : answer.status === 'loading' ? (
        <PageLoading label="Loading bookings…" />
      ) : (
        <div aria-busy={answer.refreshing || undefined}>
          <BookingsTable
            bookings={answer.data.items}
            paging={serverPaging(view, answer.data, show, answer.refreshing)}
            actions={actions}
            caption="All bookings"
            emptyText={filtered ? NO_MATCHES : 'No bookings yet.'}
          />
        </div>
      )}
    </>
  );
}
