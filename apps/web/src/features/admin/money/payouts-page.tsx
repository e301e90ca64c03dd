import type { PayoutReport } from '@therapy/shared/money-papers-schemas';
import { useState } from 'react';
import { PageLoading } from '../../../components/page-loading';
import { StatePanel } from '../../../components/state-panel';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useFetch } from '../../../lib/use-fetch';
import { clinicToday, formatAmount, formatCount } from '../admin-format';
import { isForbidden, loadErrorMessage } from '../admin-http';
import { TableScroller } from '../ui/table-scroller';
import { fetchPayouts, payoutsPath } from './money-api';
import { MoneyDownloadButton } from './money-download-button';
import './money.css';
import { MONTH_NAMES } from '../ui/month-names';

/** Superadmins: each therapist's month, the gross and its split between the clinic and the therapist. */
export function PayoutsPage() {
  useDocumentTitle('Payouts');
  const today = clinicToday();
  const thisYear = Number(today.slice(0, 4));
  const [month, setMonth] = useState({ year: thisYear, month: Number(today.slice(5, 7)) });
  const report = useFetch<PayoutReport>(
    `payouts:${month.year}:${month.month}`,
    (signal) => fetchPayouts(month, signal),
    { keepPrevious: true },
  );
  const years = [thisYear - 2, thisYear - 1, thisYear];
  const label = `${month.year}-${String(month.month).padStart(2, '0')}`;
  return (
    <div className="admin-page">
      <header className="admin-page__header">
        <div>
          <h1>Payouts</h1>
          <p className="admin-page__subtitle">
            Each therapist’s sessions and fees in a month, split by the share set on their profile.
          </p>
        </div>
      </header>
      <form className="money-filters" onSubmit={(event) => event.preventDefault()}>
        <label>
          Month
          <select
            className="input"
            value={month.month}
            onChange={(e) => setMonth((current) => ({ ...current, month: Number(e.target.value) }))}
          >
            {MONTH_NAMES.map((name, index) => (
              <option key={name} value={index + 1}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Year
          <select
            className="input"
            value={month.year}
            onChange={(e) => setMonth((current) => ({ ...current, year: Number(e.target.value) }))}
          >
            {years.map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </select>
        </label>
        <MoneyDownloadButton
          path={payoutsPath(month, 'xlsx')}
          fileName={`Payouts_${label}.xlsx`}
          label="Download Excel"
        />
      </form>
      {report.status === 'loading' && <PageLoading label="Loading the payouts…" />}
      {report.status === 'error' && (
        <StatePanel title={isForbidden(report.error) ? 'Superadmins only' : 'Error'}>
          <p className="state-panel__message" role="alert">
            {loadErrorMessage(report.error, 'The payouts could not be loaded.')}
          </p>
        </StatePanel>
      )}
      {report.status === 'success' && report.data && (
        <PayoutsTable report={report.data} busy={report.refreshing} />
      )}
    </div>
  );
}

function PayoutsTable({ report, busy }: { report: PayoutReport; busy: boolean }) {
  return (
    <section className="admin-panel" aria-labelledby="payouts-heading">
      <h2 id="payouts-heading">Therapists</h2>
      <TableScroller label="Payouts">
        <table className="admin-table" aria-busy={busy || undefined}>
          <caption className="visually-hidden">Each therapist’s month</caption>
          <thead>
            <tr>
              <th scope="col">Therapist</th>
              <th scope="col" className="admin-table__amount">
                Sessions held
              </th>
              <th scope="col" className="admin-table__amount">
                No-shows charged
              </th>
              <th scope="col" className="admin-table__amount">
                Cancellations
              </th>
              <th scope="col" className="admin-table__amount">
                Gross
              </th>
              <th scope="col" className="admin-table__amount">
                Clinic share
              </th>
              <th scope="col" className="admin-table__amount">
                Therapist share
              </th>
            </tr>
          </thead>
          <tbody>
            {report.items.map((row) => (
              <tr key={row.therapist_id}>
                <th scope="row">{row.therapist_name}</th>
                <td className="admin-table__amount">{formatCount(row.sessions_held)}</td>
                <td className="admin-table__amount">{formatCount(row.no_shows_charged)}</td>
                <td className="admin-table__amount">{formatCount(row.cancellations)}</td>
                <td className="admin-table__amount">{formatAmount(row.gross)}</td>
                <td className="admin-table__amount">{formatAmount(row.clinic_share)}</td>
                <td className="admin-table__amount">{formatAmount(row.therapist_share)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={4}>
                Total
              </th>
              <td className="admin-table__amount">{formatAmount(report.totals.gross)}</td>
              <td className="admin-table__amount">{formatAmount(report.totals.clinic_share)}</td>
              <td className="admin-table__amount">{formatAmount(report.totals.therapist_share)}</td>
            </tr>
          </tfoot>
        </table>
      </TableScroller>
    </section>
  );
}
