import type { ReactNode } from 'react';
import { PageLoading } from '../../../components/page-loading';
import { StatePanel } from '../../../components/state-panel';
import type { FetchResult } from '../../../lib/use-fetch';
import { isForbidden, loadErrorMessage } from '../admin-http';

/** The tab keys, as the load-failure message names them ('Failed to load eod report.'). */
export type ReportKey = 'inventory' | 'eod' | 'monthly';

export const REPORTS_FORBIDDEN = 'Reports are for superadmins. Ask a superadmin for access.';

export function reportLoadFailed(tab: ReportKey): string {
  return `Failed to load ${tab} report.`;
}

type ReportBodyProps<T> = {
  tab: ReportKey;
  report: FetchResult<T>;
  loadingLabel: string;
  isEmpty: (data: T) => boolean;
  emptyText: string;
  children: (data: T) => ReactNode;
};

/** A report's states: loading, the error with Retry (not for a refusal), the empty message, or the report. */
export function ReportBody<T>({
  tab,
  report,
  loadingLabel,
  isEmpty,
  emptyText,
  children,
}: ReportBodyProps<T>) {
  if (report.status === 'loading') return <PageLoading label={loadingLabel} />;
  if (report.status === 'error' && isForbidden(report.error)) {
    return (
      <StatePanel title="Superadmins only">
        <p className="state-panel__message">{REPORTS_FORBIDDEN}</p>
      </StatePanel>
    );
  }
  if (report.status === 'error') {
    return (
      <StatePanel
        tone="error"
        actions={
          <button type="button" className="button button--primary" onClick={report.retry}>
            Retry
          </button>
        }
      >
        <p className="state-panel__message">{loadErrorMessage(report.error, reportLoadFailed(tab))}</p>
      </StatePanel>
    );
  }
  const data = report.data as T;
  return (
    <div aria-busy={report.refreshing || undefined}>
      {isEmpty(data) ? <p className="admin-empty">{emptyText}</p> : children(data)}
    </div>
  );
}
