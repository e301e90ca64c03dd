import type { ClientSearchPage, ClientSearchResult } from '@therapy/shared/admin-client-schemas';
import { type FormEvent, useId, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Button } from '../../../components/button';
import { PageLoading } from '../../../components/page-loading';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useFetch } from '../../../lib/use-fetch';
import { loadErrorMessage } from '../admin-http';
import { AdminPageHeader } from '../ui/admin-page-header';
import { LoadErrorPanel } from '../ui/load-error-panel';
import { Pagination } from '../ui/pagination';
import { TableScroller } from '../ui/table-scroller';
import { useCursorPages } from '../ui/use-cursor-pages';
import type { Paging } from '../ui/use-pagination';
import { useLogout } from '../use-logout';
import { searchClients } from './clients-api';
import { clientsHref } from './clients-page';
import './clients.css';

export const SEARCH_FAILED = 'Failed to search for clients.';

/** Client List: search clients by name, e-mail or mobile, a page at a time; lists every client on entry. */
export function PatientsPage() {
  useDocumentTitle('Client List');
  const logout = useLogout();
  const [query, setQuery] = useState('');
  const [searched, setSearched] = useState('');
  const pages = useCursorPages(`clients:${searched}`);
  const search = useFetch<ClientSearchPage>(
    `search-clients:${searched}:${pages.size}:${pages.cursor ?? ''}`,
    (signal) => searchClients(searched, { limit: pages.size, cursor: pages.cursor }, signal),
    { keepPrevious: true },
  );

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The same words again still searches again: the list may have changed since.
    if (query.trim() === searched) search.retry();
    else setSearched(query.trim());
  };

  const searching = search.status === 'loading' || search.refreshing;
  const paging = search.data ? pages.paging(search.data, search.refreshing) : undefined;

  return (
    <div className="admin-page">
      <AdminPageHeader title="Client List" subtitle="Find a client, then open their bookings." />
      <section className="admin-panel" aria-labelledby="search-clients-heading">
        <h2 id="search-clients-heading">Search Clients</h2>
        <SearchForm query={query} onChange={setQuery} onSubmit={handleSubmit} busy={searching} />

        {search.status === 'error' ? (
          <LoadErrorPanel
            title="Error"
            message={loadErrorMessage(search.error, SEARCH_FAILED)}
            onRetry={search.retry}
            onLogout={logout}
          />
        ) : !paging ? (
          <PageLoading label="Searching..." />
        ) : paging.pageItems.length === 0 ? (
          <p className="admin-empty">No clients found. Try searching by name, email, or mobile number.</p>
        ) : (
          <>
            <ClientsTable paging={paging} busy={searching} />
            <Pagination paging={paging} noun="clients" />
          </>
        )}
      </section>
    </div>
  );
}

/** A page of clients: a row opens the client's bookings. */
function ClientsTable({ paging, busy }: { paging: Paging<ClientSearchResult>; busy: boolean }) {
  const [, navigate] = useLocation();
  return (
    <TableScroller label="Clients">
      <table className="admin-table" aria-busy={busy}>
        <caption className="visually-hidden">Clients</caption>
        <thead>
          <tr>
            <th scope="col">Sr No.</th>
            <th scope="col">Patient Name</th>
            <th scope="col">Email</th>
            <th scope="col">Mobile</th>
          </tr>
        </thead>
        <tbody>
          {paging.pageItems.map((client, index) => (
            <tr
              key={`${client.email}|${client.phone}|${client.name}`}
              className="admin-table__row--link"
              onClick={(event) => {
                if (!(event.target instanceof Element && event.target.closest('a'))) {
                  navigate(clientsHref(client.name));
                }
              }}
            >
              <td className="tabular-nums">{(paging.page - 1) * paging.pageSize + index + 1}</td>
              <th scope="row">
                <Link href={clientsHref(client.name)}>{client.name}</Link>
              </th>
              <td>{client.email || 'N/A'}</td>
              <td className="tabular-nums">{client.phone || 'N/A'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroller>
  );
}

type SearchFormProps = {
  query: string;
  onChange: (query: string) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  busy: boolean;
};

function SearchForm({ query, onChange, onSubmit, busy }: SearchFormProps) {
  const id = useId();
  return (
    <form className="admin-search" onSubmit={onSubmit}>
      <label className="visually-hidden" htmlFor={id}>
        Client name, email or mobile
      </label>
      <input
        id={id}
        className="input"
        type="search"
        placeholder="Name, email or mobile"
        value={query}
        onChange={(event) => onChange(event.target.value)}
      />
      <Button type="submit" busy={busy} busyLabel="Searching...">
        Search
      </Button>
    </form>
  );
}
