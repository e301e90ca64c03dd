import type { LeaveRequest, LeaveRequestStatus } from '@therapy/shared/leave-request-schemas';
import { useState } from 'react';
import { PageLoading } from '../../../components/page-loading';
import { StatePanel } from '../../../components/state-panel';
import englishLeave from '../../../i18n/en/leave.json';
import { registerEnglishArea, useCatalogueArea } from '../../../i18n/i18n';
import { type Translate, useT } from '../../../i18n/use-t';
import { useFormat } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useFetch } from '../../../lib/use-fetch';
import { requestRefresh, useLiveVersion } from '../../../lib/use-live-version';
import { errorMessage, isForbidden } from '../admin-http';
import { AdminPageHeader } from '../ui/admin-page-header';
import { useConfirm } from '../ui/confirm-dialog';
import { ScreenLanguageSwitch } from '../ui/screen-language-switch';
import { TableScroller } from '../ui/table-scroller';
import { showError, showSuccess } from '../ui/toast-store';
import { LeaveStatusBadge, leaveDays } from './leave-request-cells';
import { decideLeaveRequest, fetchLeaveRequests } from './leave-requests-api';
import './leave-requests.css';

registerEnglishArea('leave', englishLeave);

const PAGE_SIZE = 25;

/**
 * /admin/leave-requests (superadmins, issue 25): therapists' leave requests, those waiting first
 * by default; Approve makes the leave at once (the bookings it touches go to Outside schedule),
 * Decline tells the therapist no. In English, or in Hindi on request (this screen only).
 */
export function LeaveRequestsPage() {
  const { t, locale } = useT();
  useCatalogueArea('leave', locale);
  useDocumentTitle(t('leave.admin.title'));
  const [status, setStatus] = useState<LeaveRequestStatus | undefined>('requested');
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const live = useLiveVersion();
  const [decided, setDecided] = useState(0);
  const { confirm, dialog } = useConfirm();
  const { longDate } = useFormat();

  async function decide(request: LeaveRequest, decision: 'approve' | 'decline') {
    const values = {
      therapist: request.therapist_name,
      from: longDate(request.from),
      to: longDate(request.to),
    };
    const yes = await confirm({
      title: t(decision === 'approve' ? 'leave.admin.approveTitle' : 'leave.admin.declineTitle'),
      message: t(
        decision === 'approve' ? 'leave.admin.approveMessage' : 'leave.admin.declineMessage',
        values,
      ),
      confirmLabel: t(decision === 'approve' ? 'leave.admin.approve' : 'leave.admin.decline'),
      cancelLabel: t('leave.admin.cancel'),
      tone: decision === 'approve' ? 'primary' : 'danger',
    });
    if (!yes) return;
    try {
      const answer = await decideLeaveRequest(request.id, decision);
      showSuccess(
        decision === 'approve'
          ? answer.outside_bookings > 0
            ? t('leave.admin.approvedOutside', { count: answer.outside_bookings })
            : t('leave.admin.approved')
          : t('leave.admin.declined'),
      );
    } catch (error) {
      showError(errorMessage(error, t('leave.admin.failed')));
    }
    setCursors([undefined]);
    setDecided((value) => value + 1);
    // The sidebar's count follows.
    requestRefresh();
  }

  return (
    <div className="admin-page leave-requests-page" lang={locale}>
      <AdminPageHeader title={t('leave.admin.title')} subtitle={t('leave.admin.subtitle')}>
        <div className="leave-requests-page__actions">
          <ScreenLanguageSwitch locale={locale} />
        </div>
      </AdminPageHeader>
      <fieldset className="leave-requests-page__filter">
        <legend>{t('leave.admin.show')}</legend>
        {(['requested', undefined] as const).map((choice) => (
          <label key={choice ?? 'all'}>
            <input
              type="radio"
              name="leave-status"
              checked={status === choice}
              onChange={() => {
                setStatus(choice);
                setCursors([undefined]);
              }}
            />
            {t(choice ? 'leave.admin.showRequested' : 'leave.admin.showAll')}
          </label>
        ))}
      </fieldset>
      {cursors.map((cursor, index) => (
        <LeaveRequestsChunk
          key={cursor ?? 'first'}
          status={status}
          cursor={cursor}
          version={live + decided}
          first={index === 0}
          last={index === cursors.length - 1}
          onMore={(next) => setCursors((shown) => [...shown, next])}
          onDecide={decide}
          t={t}
        />
      ))}
      {dialog}
    </div>
  );
}

type ChunkProps = {
  status: LeaveRequestStatus | undefined;
  cursor: string | undefined;
  version: number;
  first: boolean;
  last: boolean;
  onMore: (cursor: string) => void;
  onDecide: (request: LeaveRequest, decision: 'approve' | 'decline') => void;
  t: Translate;
};

/** One page of requests, as a table of its own; the last offers the next page. */
function LeaveRequestsChunk({ status, cursor, version, first, last, onMore, onDecide, t }: ChunkProps) {
  const { longDate } = useFormat();
  const page = useFetch(
    `admin-leave-requests:${status ?? 'all'}:${cursor ?? ''}`,
    (signal) => fetchLeaveRequests(status, { limit: PAGE_SIZE, cursor }, signal),
    { version, keepPrevious: true },
  );
  if (page.status === 'loading') return <PageLoading label={t('leave.admin.loading')} />;
  if (page.status === 'error') {
    const forbidden = isForbidden(page.error);
    return (
      <StatePanel
        tone="error"
        title={t('leave.admin.loadFailed')}
        actions={
          forbidden ? undefined : (
            <button type="button" className="button button--primary" onClick={page.retry}>
              {t('leave.retry')}
            </button>
          )
        }
      >
        {forbidden && <p className="state-panel__message">{t('leave.admin.forbidden')}</p>}
      </StatePanel>
    );
  }
  const { items, next_cursor, total } = page.data;
  if (first && items.length === 0) {
    return (
      <p className="admin-panel leave-requests-page__empty">
        {t(status ? 'leave.admin.empty' : 'leave.admin.emptyAll')}
      </p>
    );
  }
  return (
    <>
      {first && <p className="muted">{t('leave.admin.count', { count: total })}</p>}
      <TableScroller label={t('leave.admin.title')}>
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">{t('leave.admin.therapist')}</th>
              <th scope="col">{t('leave.dates')}</th>
              <th scope="col">{t('leave.reason')}</th>
              <th scope="col">{t('leave.status')}</th>
              <th scope="col">{t('leave.admin.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((request) => (
              <tr key={request.id}>
                <td>{request.therapist_name}</td>
                <td>{leaveDays(request, t, longDate)}</td>
                <td>{request.reason || <span className="muted">{t('leave.noReason')}</span>}</td>
                <td>
                  <LeaveStatusBadge status={request.status} t={t} />
                </td>
                <td className="leave-requests-page__decide">
                  {request.status === 'requested' && (
                    <>
                      <button
                        type="button"
                        className="button button--primary"
                        onClick={() => onDecide(request, 'approve')}
                      >
                        {t('leave.admin.approve')}
                      </button>
                      <button
                        type="button"
                        className="button button--secondary"
                        onClick={() => onDecide(request, 'decline')}
                      >
                        {t('leave.admin.decline')}
                      </button>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroller>
      {last && next_cursor && (
        <button type="button" className="button button--secondary" onClick={() => onMore(next_cursor)}>
          {t('leave.admin.more')}
        </button>
      )}
    </>
  );
}
