import { PageLoading } from '../../../components/page-loading';
import { useT } from '../../../i18n/use-t';
import { useFormat } from '../../../lib/format';
import { useFetch } from '../../../lib/use-fetch';
import { useLiveVersion } from '../../../lib/use-live-version';
import { LeaveStatusBadge, leaveDays } from '../leave-requests/leave-request-cells';
import { LoadErrorPanel } from '../ui/load-error-panel';
import { fetchMyLeaveRequests } from './my-leave-api';

/** The therapist's own requests and what was decided, newest first. */
export function MyLeaveRequests({ version }: { version: number }) {
  const { t } = useT();
  const { longDate } = useFormat();
  const live = useLiveVersion();
  const mine = useFetch('therapist-leave-requests', fetchMyLeaveRequests, {
    version: live + version,
    keepPrevious: true,
  });
  return (
    <section className="admin-panel" aria-labelledby="leave-mine">
      <h2 id="leave-mine">{t('leave.mine.list')}</h2>
      {mine.status === 'loading' && <PageLoading label={t('leave.mine.loading')} />}
      {mine.status === 'error' && (
        <LoadErrorPanel
          title={t('leave.mine.loadFailed')}
          retryLabel={t('leave.retry')}
          onRetry={mine.retry}
        />
      )}
      {mine.status === 'success' && mine.data.items.length === 0 && <p>{t('leave.mine.empty')}</p>}
      {mine.status === 'success' && mine.data.items.length > 0 && (
        <ul className="my-leave-list">
          {mine.data.items.map((request) => (
            <li key={request.id} className="my-leave-list__item">
              <div>
                <strong>{leaveDays(request, t, longDate)}</strong>
                <div className="muted">{request.reason || t('leave.noReason')}</div>
                <div className="muted">
                  {t('leave.requestedOn', { date: longDate(request.requested_at.slice(0, 10)) })}
                </div>
              </div>
              <LeaveStatusBadge status={request.status} t={t} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
