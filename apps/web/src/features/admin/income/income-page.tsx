import type { IncomeReport, ReportPayment } from '@therapy/shared/report-schemas';
import { PageLoading } from '../../../components/page-loading';
import { StatePanel } from '../../../components/state-panel';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useFetch } from '../../../lib/use-fetch';
import { formatAmount, formatCount, formatDate } from '../admin-format';
import { isForbidden, loadErrorMessage } from '../admin-http';
import { paymentPage } from '../reports/payment-page';
import { AdminPageHeader } from '../ui/admin-page-header';
import { Pagination } from '../ui/pagination';
import { useCursorPages } from '../ui/use-cursor-pages';
import type { Paging } from '../ui/use-pagination';
import { fetchIncome } from './income-api';
import '../ui/report-summary.css';
import './income.css';
import { TableScroller } from '../ui/table-scroller';

export const INCOME_LOAD_FAILED = 'Failed to load income data.';
export const INCOME_EMPTY = 'No income data available.';
export const INCOME_FORBIDDEN = 'Income is for superadmins. Ask a superadmin for access.';

/** The collected payments a page at a time, and the totals of all of them (superadmins). */
export function IncomePage() {
  useDocumentTitle('Income Report');
  const pages = useCursorPages('income');
  const income = useFetch<IncomeReport>(
    `income:${pages.size}:${pages.cursor ?? ''}`,
    (signal) => fetchIncome({ limit: pages.size, cursor: pages.cursor }, signal),
    { keepPrevious: true },
  );
  const paging = income.data ? pages.paging(paymentPage(income.data), income.refreshing) : undefined;

  return (
    <div className="admin-page">
      <AdminPageHeader
        title="Income Report"
        subtitle="Payments collected for paid bookings that are not cancelled."
      />

      {income.status === 'loading' && <PageLoading label="Loading income data…" />}
      {income.status === 'error' && <IncomeLoadFailure error={income.error} />}
      {income.status === 'success' &&
        paging &&
        (paging.total === 0 ? (
          <div className="admin-panel">
            <StatePanel>
              <p className="state-panel__message">{INCOME_EMPTY}</p>
              <p className="tabular-nums">Total Income: {formatAmount(income.data?.total_amount ?? 0)}</p>
            </StatePanel>
          </div>
        ) : (
          <>
            <dl className="report-summary income-summary">
              <div className="report-summary__item report-summary__item--highlight">
                <dt>Total Collected</dt>
                <dd className="tabular-nums">{formatAmount(income.data?.total_amount)}</dd>
              </div>
              <div className="report-summary__item">
                <dt>Transactions</dt>
                <dd className="tabular-nums">{formatCount(paging.total)}</dd>
              </div>
            </dl>
            <section className="admin-panel" aria-labelledby="all-transactions-heading">
              <h2 id="all-transactions-heading">All Transactions</h2>
              <TransactionsTable paging={paging} busy={income.refreshing} />
            </section>
          </>
        ))}
    </div>
  );
}

function TransactionsTable({ paging, busy }: { paging: Paging<ReportPayment>; busy: boolean }) {
  return (
    <>
      <TableScroller label="All transactions">
        <table className="admin-table" aria-busy={busy || undefined}>
          <caption className="visually-hidden">All transactions, newest booking date first</caption>
          <thead>
            <tr>
              <th scope="col">Txn ID</th>
              <th scope="col">Client Name</th>
              <th scope="col">Client Phone</th>
              <th scope="col">Booking Date</th>
              <th scope="col" className="admin-table__amount">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {paging.pageItems.map((payment, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: read-only rows, some without a transaction id
              <tr key={`${payment.payment_transaction_id ?? 'none'}-${paging.page}-${index}`}>
                <td>{payment.payment_transaction_id ?? <span className="muted">N/A</span>}</td>
                <td className="admin-table__wrap">{payment.client_name ?? 'N/A'}</td>
                <td className="tabular-nums">{payment.client_phone ?? 'N/A'}</td>
                <td>{formatDate(payment.booking_date)}</td>
                <td className="admin-table__amount">{formatAmount(payment.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroller>
      <Pagination paging={paging} noun="transactions" />
    </>
  );
}

/** Why the report did not load: a screen for superadmins only, or a failure worth a retry. */
function IncomeLoadFailure({ error }: { error: unknown }) {
  if (isForbidden(error)) {
    return (
      <StatePanel title="Superadmins only">
        <p className="state-panel__message">{INCOME_FORBIDDEN}</p>
      </StatePanel>
    );
  }
  return (
    <StatePanel
      tone="error"
      title="Error Loading Income"
      actions={
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          Retry
        </button>
      }
    >
      <p className="state-panel__message">{loadErrorMessage(error, INCOME_LOAD_FAILED)}</p>
    </StatePanel>
  );
}
