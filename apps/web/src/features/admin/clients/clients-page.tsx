import type { ClientBookingPage } from '@therapy/shared/admin-client-schemas';
import { CLIENTS_PAGE_SIZE } from '@therapy/shared/admin-schemas';
import { useId } from 'react';
import { useLocation, useSearch } from 'wouter';
import { PageLoading } from '../../../components/page-loading';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useFetch } from '../../../lib/use-fetch';
import { useSettled } from '../../../lib/use-settled';
import { loadErrorMessage } from '../admin-http';
import { AdminPageHeader } from '../ui/admin-page-header';
import { LoadErrorPanel } from '../ui/load-error-panel';
import { Pagination } from '../ui/pagination';
import { useCursorPages } from '../ui/use-cursor-pages';
import { useLogout } from '../use-logout';
import { ClientBookingsTable } from './client-bookings-table';
import { fetchClientBookings } from './clients-api';

export const CLIENTS_LOAD_FAILED = 'Failed to load client data.';

export function clientsHref(name: string): string {
  return `/admin/clients?search=${encodeURIComponent(name)}`;
}

/** Clients & Bookings: every client booking, filtered by client name (?search=), a page of 10 at a time. */
export function ClientsPage() {
  useDocumentTitle('Clients & Bookings');
  const logout = useLogout();
  const [, navigate] = useLocation();
  const search = new URLSearchParams(useSearch()).get('search') ?? '';
  // Filtered and paged by the server (ADR 034); the filter waits for a pause in typing.
  const name = useSettled(search.trim(), 300);
  const pages = useCursorPages(`client-bookings:${name}`, CLIENTS_PAGE_SIZE);
  const rows = useFetch<ClientBookingPage>(
    `client-bookings:${name}:${pages.cursor ?? ''}`,
    (signal) => fetchClientBookings(name, { limit: CLIENTS_PAGE_SIZE, cursor: pages.cursor }, signal),
    { keepPrevious: true },
  );
  const paging = rows.data ? pages.paging(rows.data, rows.refreshing) : undefined;

  return (
    <div className="admin-page">
      <AdminPageHeader title="Clients & Bookings" subtitle="Every client booking with its therapist.">
        <button
          type="button"
          className="button button--secondary"
          onClick={rows.retry}
          aria-busy={rows.refreshing || undefined}
        >
          Refresh Data
        </button>
      </AdminPageHeader>

      <section className="admin-panel" aria-label="Client bookings">
        <NameFilter search={search} />
        {rows.status === 'loading' && <PageLoading label="Loading client data…" />}
        {rows.status === 'error' && (
          <LoadErrorPanel
            title="Error Loading Data"
            message={loadErrorMessage(rows.error, CLIENTS_LOAD_FAILED)}
            onRetry={rows.retry}
            onLogout={logout}
          />
        )}
        {rows.status === 'success' &&
          paging &&
          (paging.total === 0 ? (
            <p className="admin-empty">No client booking data available.</p>
          ) : (
            <>
              <ClientBookingsTable rows={paging.pageItems} onOpen={(name) => navigate(clientsHref(name))} />
              <Pagination paging={paging} noun="bookings" sizes={null} />
            </>
          ))}
      </section>
    </div>
  );
}

/** The client-name filter, kept in the address (?search=) so the list can be linked to. */
function NameFilter({ search }: { search: string }) {
  const [, navigate] = useLocation();
  const id = useId();
  return (
    <div className="field admin-field--inline">
      <label className="field__label" htmlFor={id}>
        Filter by client name
      </label>
      <input
        id={id}
        className="input"
        type="search"
        value={search}
        onChange={(event) =>
          navigate(event.target.value ? clientsHref(event.target.value) : '/admin/clients', {
            replace: true,
          })
        }
      />
    </div>
  );
}
