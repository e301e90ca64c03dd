import type { AdminWaitlistEntry } from '@therapy/shared/waitlist-schemas';
import { useState } from 'react';
import { PageLoading } from '../../../components/page-loading';
import { therapistDisplayName } from '../../../lib/therapist-display';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useFetch } from '../../../lib/use-fetch';
import { formatDate, formatInstant } from '../admin-format';
import { errorMessage, loadErrorMessage } from '../admin-http';
import { fetchAdminTherapists } from '../admin-lists-api';
import { AdminPageHeader } from '../ui/admin-page-header';
import { useConfirm } from '../ui/confirm-dialog';
import { LoadErrorPanel } from '../ui/load-error-panel';
import { Pagination } from '../ui/pagination';
import { TableScroller } from '../ui/table-scroller';
import { showError, showSuccess } from '../ui/toast-store';
import { useCursorPages } from '../ui/use-cursor-pages';
import { fetchWaitlist, removeWaitlistEntry } from './waitlist-api';
import '../ui/card-table.css';

export const WAITLIST_LOAD_FAILED = 'Failed to load the waitlist.';
const TIMES: Record<string, string> = { morning: 'Morning', afternoon: 'Afternoon', evening: 'Evening' };

/**
 * /admin/waitlist (admins, issue 15): each therapist's waitlist in line order, with the offer
 * each person has been made, and a way to take someone off it.
 */
export function WaitlistPage() {
  useDocumentTitle('Waitlist');
  const therapists = useFetch('admin-therapists', fetchAdminTherapists);
  const [therapistId, setTherapistId] = useState<number | null>(null);
  const chosen = therapistId ?? therapists.data?.[0]?.id ?? null;

  return (
    <div className="admin-page">
      <AdminPageHeader
        title="Waitlist"
        subtitle="Clients waiting for a time with a therapist. When a matching time opens, the first in line is offered it by e-mail and it is held for them; unclaimed, it passes to the next."
      />
      {therapists.status === 'loading' && <PageLoading label="Loading therapists…" />}
      {therapists.status === 'error' && (
        <LoadErrorPanel
          title="Error"
          message={loadErrorMessage(therapists.error, WAITLIST_LOAD_FAILED)}
          onRetry={therapists.retry}
        />
      )}
      {therapists.status === 'success' && (
        <div className="field">
          <label className="field__label" htmlFor="waitlist-therapist">
            Therapist
          </label>
          <select
            id="waitlist-therapist"
            className="select"
            value={chosen ?? ''}
            onChange={(event) => setTherapistId(Number(event.target.value))}
          >
            {therapists.data.map((therapist) => (
              <option key={therapist.id} value={therapist.id}>
                {therapistDisplayName(therapist.name)}
              </option>
            ))}
          </select>
        </div>
      )}
      {chosen !== null && <WaitlistTable therapistId={chosen} />}
    </div>
  );
}

function WaitlistTable({ therapistId }: { therapistId: number }) {
  const pages = useCursorPages(`waitlist:${therapistId}`);
  const [version, setVersion] = useState(0);
  const list = useFetch(
    `waitlist:${therapistId}:${pages.size}:${pages.cursor ?? ''}`,
    (signal) => fetchWaitlist(therapistId, { limit: pages.size, cursor: pages.cursor }, signal),
    { keepPrevious: true, version },
  );
  const { confirm, dialog } = useConfirm();
  const paging = list.data ? pages.paging(list.data, list.refreshing) : undefined;

  const remove = async (entry: AdminWaitlistEntry) => {
    const yes = await confirm({
      title: 'Remove from the waitlist?',
      message: `${entry.client_full_name} will no longer be offered times with this therapist. A time held for them now is released to the next person.`,
      confirmLabel: 'Remove',
      tone: 'danger',
    });
    if (!yes) return;
    try {
      await removeWaitlistEntry(entry.id);
      showSuccess(`${entry.client_full_name} was removed from the waitlist.`);
      setVersion((current) => current + 1);
    } catch (error) {
      showError(errorMessage(error, 'Failed to remove the entry. Please try again.'));
    }
  };

  if (list.status === 'loading') return <PageLoading label="Loading the waitlist…" />;
  if (list.status === 'error') {
    return (
      <LoadErrorPanel
        title="Error"
        message={loadErrorMessage(list.error, WAITLIST_LOAD_FAILED)}
        onRetry={list.retry}
      />
    );
  }
  if (!paging || paging.total === 0)
    return <p className="admin-empty">No one is waiting for this therapist.</p>;
  return (
    <section className="admin-panel" aria-label="Waitlist entries" aria-busy={list.refreshing || undefined}>
      <TableScroller label="Waitlist entries">
        <table className="admin-table">
          <caption className="visually-hidden">Waitlist entries, first in line first</caption>
          <thead>
            <tr>
              <th scope="col">In line</th>
              <th scope="col">Client</th>
              <th scope="col">Wants</th>
              <th scope="col">Latest offer</th>
              <th scope="col">Joined</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {paging.pageItems.map((entry) => (
              <tr key={entry.id}>
                <td className="tabular-nums">{entry.position ?? entry.status}</td>
                <td>
                  {entry.client_full_name}
                  <span className="summary__sub">
                    {[entry.client_email, entry.client_mobile].filter(Boolean).join(' · ')}
                  </span>
                </td>
                <td>
                  {entry.booking_type === 'ONLINE' ? 'Online' : 'In person'}:{' '}
                  {entry.preferred_dates.map((date) => formatDate(date)).join(', ')}
                  <span className="summary__sub">
                    {entry.times_of_day.map((time) => TIMES[time] ?? time).join(', ')}
                  </span>
                </td>
                <td>{offerText(entry)}</td>
                <td className="tabular-nums">{formatInstant(entry.created_at)}</td>
                <td>
                  <button
                    type="button"
                    className="button button--secondary admin-button--small"
                    onClick={() => void remove(entry)}
                  >
                    Remove<span className="visually-hidden"> {entry.client_full_name}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroller>
      <Pagination paging={paging} noun="people" />
      {dialog}
    </section>
  );
}

function offerText(entry: AdminWaitlistEntry): string {
  const offer = entry.latest_offer;
  if (!offer) return 'None yet';
  const when = `${formatDate(offer.booking_date)} ${offer.start_time.slice(0, 5)}`;
  const outcomes: Record<string, string> = {
    open: `Held until ${formatInstant(offer.expires_at)}`,
    claimed: 'Booked',
    expired: 'Not claimed',
    withdrawn: 'Withdrawn',
  };
  return `${when}: ${outcomes[offer.outcome] ?? offer.outcome}`;
}
