import {
  AUDIT_PAGE_DEFAULT,
  type AuditEntry,
  type AuditLogPage as AuditPage,
} from '@therapy/shared/audit-schemas';
import { PageLoading } from '../../../components/page-loading';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useFetch } from '../../../lib/use-fetch';
import { formatInstant } from '../admin-format';
import { loadErrorMessage } from '../admin-http';
import { AdminPageHeader } from '../ui/admin-page-header';
import { LoadErrorPanel } from '../ui/load-error-panel';
import { Pagination } from '../ui/pagination';
import { TableScroller } from '../ui/table-scroller';
import { useCursorPages } from '../ui/use-cursor-pages';
import { fetchAuditLog } from './audit-api';

export const AUDIT_LOAD_FAILED = 'Failed to load the audit log.';

const ACTIONS: Record<string, string> = {
  'admin.login': 'Signed in',
  'admin.login_failed': 'Failed sign-in',
  'booking.cancel': 'Cancelled booking',
  'booking.manual_create': 'Created manual booking',
  'slot.block': 'Blocked slot',
  'slot.unblock': 'Unblocked slot',
  'payment_link.create': 'Created payment link',
  'booking.refund': 'Refunded payment',
  'booking.refund_failed': 'Refund failed',
  'admin_user.create': 'Created admin user',
  'admin_user.deactivate': 'Deactivated admin user',
  'admin_user.reset_password': 'Reset password',
  'client_data.view': 'Viewed client data',
  'privacy.export': 'Exported client data',
  'privacy.correct': 'Corrected client details',
  'privacy.erase': 'Erased client data',
  'privacy.request_received': 'Recorded privacy request',
  'privacy.retention': 'Erased old client data',
  'waitlist.remove': 'Removed from waitlist',
  ...catalogueActions(),
};

/** 'therapist.create' → 'Added therapist', …, for therapists, centres and services. */
function catalogueActions(): Record<string, string> {
  const verbs = {
    create: 'Added',
    update: 'Changed',
    deactivate: 'Deactivated',
    reactivate: 'Reactivated',
    photo: 'New photo of',
  };
  const nouns = { therapist: 'therapist', location: 'centre', service: 'service' };
  return Object.fromEntries(
    Object.entries(nouns).flatMap(([entity, noun]) =>
      Object.entries(verbs).map(([change, verb]) => [`${entity}.${change}`, `${verb} ${noun}`]),
    ),
  );
}

/** What was acted on, from the entry's ids and the few facts its details keep. */
function subject(entry: AuditEntry): string {
  const parts: string[] = [];
  if (entry.booking_id) parts.push(`Booking ${entry.booking_id}`);
  if (entry.therapist_id) parts.push(`Therapist ${entry.therapist_id}`);
  if (typeof entry.details.location_id === 'number') parts.push(`Centre ${entry.details.location_id}`);
  if (typeof entry.details.service_id === 'number') parts.push(`Service ${entry.details.service_id}`);
  if (typeof entry.details.request_id === 'number') parts.push(`Request ${entry.details.request_id}`);
  if (typeof entry.details.bookings === 'number') parts.push(`${entry.details.bookings} booking(s)`);
  for (const key of ['view', 'kind', 'booking_date', 'date', 'start_time', 'refund_id', 'reason', 'email']) {
    const value = entry.details[key];
    if (typeof value === 'string' || typeof value === 'number') parts.push(String(value));
  }
  return parts.join(' · ') || '—';
}

/** Every admin action, newest first: who did what, to which booking or slot, and when (superadmins). */
export function AuditLogPage() {
  useDocumentTitle('Audit Log');
  const pages = useCursorPages('audit-log', AUDIT_PAGE_DEFAULT);
  const log = useFetch<AuditPage>(
    `audit-log:${pages.size}:${pages.cursor ?? ''}`,
    (signal) => fetchAuditLog({ limit: pages.size, cursor: pages.cursor }, signal),
    { keepPrevious: true },
  );
  const paging = log.data ? pages.paging(log.data, log.refreshing) : undefined;

  return (
    <div className="admin-page">
      <AdminPageHeader title="Audit Log" subtitle="Administrator actions and sign-ins, newest first." />
      {log.status === 'loading' && <PageLoading label="Loading the audit log…" />}
      {log.status === 'error' && (
        <LoadErrorPanel
          title="Error"
          message={loadErrorMessage(log.error, AUDIT_LOAD_FAILED)}
          onRetry={log.retry}
        />
      )}
      {log.status === 'success' &&
        paging &&
        (paging.total === 0 ? (
          <p className="admin-empty">No actions recorded yet.</p>
        ) : (
          <section
            className="admin-panel"
            aria-label="Audit log entries"
            aria-busy={log.refreshing || undefined}
          >
            <TableScroller label="Audit log entries">
              <table className="admin-table">
                <caption className="visually-hidden">Audit log entries</caption>
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">Who</th>
                    <th scope="col">Action</th>
                    <th scope="col">On</th>
                  </tr>
                </thead>
                <tbody>
                  {paging.pageItems.map((entry) => (
                    <tr key={entry.id}>
                      <td className="tabular-nums">{formatInstant(entry.at)}</td>
                      <td>{entry.actor_label}</td>
                      <td>{ACTIONS[entry.action] ?? entry.action}</td>
                      <td>{subject(entry)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroller>
            <Pagination paging={paging} noun="entries" sizes={null} />
          </section>
        ))}
    </div>
  );
}
