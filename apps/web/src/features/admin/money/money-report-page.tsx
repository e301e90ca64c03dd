import type { ReactNode } from 'react';
import { PageLoading } from '../../../components/page-loading';
import { StatePanel } from '../../../components/state-panel';
import { useDocumentTitle } from '../../../lib/use-document-title';
import type { FetchResult } from '../../../lib/use-fetch';
import { isForbidden, loadErrorMessage } from '../admin-http';
import { AdminPageHeader } from '../ui/admin-page-header';
import { MoneyDownloadButton } from './money-download-button';
import './money.css';

type MoneyReportPageProps<T> = {
  title: string;
  subtitle: string;
  /** The period's fields, before the download button. */
  filters: ReactNode;
  download: { path: string; fileName: string };
  report: FetchResult<T>;
  /** What is loading and what failed, in the page's words ("the payouts"). */
  what: string;
  children: (data: T, busy: boolean) => ReactNode;
};

/**
 * A superadmin's money report (the receipts register, the payouts): its heading, the period with
 * an Excel download, then loading, a refusal or failure, or the report itself.
 */
export function MoneyReportPage<T>({
  title,
  subtitle,
  filters,
  download,
  report,
  what,
  children,
}: MoneyReportPageProps<T>) {
  useDocumentTitle(title);
  return (
    <div className="admin-page">
      <AdminPageHeader title={title} subtitle={subtitle} />
      <form className="money-filters" onSubmit={(event) => event.preventDefault()}>
        {filters}
        <MoneyDownloadButton path={download.path} fileName={download.fileName} label="Download Excel" />
      </form>
      {report.status === 'loading' && <PageLoading label={`Loading ${what}…`} />}
      {report.status === 'error' && (
        <StatePanel title={isForbidden(report.error) ? 'Superadmins only' : 'Error'}>
          <p className="state-panel__message" role="alert">
            {loadErrorMessage(report.error, `${what[0]?.toUpperCase()}${what.slice(1)} could not be loaded.`)}
          </p>
        </StatePanel>
      )}
      {report.status === 'success' && report.data && children(report.data, report.refreshing)}
    </div>
  );
}
