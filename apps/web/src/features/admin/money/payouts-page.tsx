import type { PayoutReport } from '@therapy/shared/money-papers-schemas';
import { useState } from 'react';
import { useFetch } from '../../../lib/use-fetch';
import { clinicToday, formatAmount, formatCount } from '../admin-format';
import { MONTH_NAMES } from '../ui/month-names';
import { TableScroller } from '../ui/table-scroller';
import { fetchPayouts, payoutsPath } from './money-api';
import { MoneyReportPage } from './money-report-page';

/** Superadmins: each therapist's month, the gross and its split between the clinic and the therapist. */
export function PayoutsPage() {
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
    <MoneyReportPage
      title="Payouts"
      subtitle="Each therapist’s sessions and fees in a month, split by the share set on their profile."
      filters={<MonthFields month={month} years={years} onChange={setMonth} />}
      download={{ path: payoutsPath(month, 'xlsx'), fileName: `Payouts_${label}.xlsx` }}
      report={report}
      what="the payouts"
    >
      {(data, busy) => <PayoutsTable report={data} busy={busy} />}
    </MoneyReportPage>
  );
}

type Month = { year: number; month: number };

function MonthFields({
  month,
  years,
  onChange,
}: {
  month: Month;
  years: number[];
  onChange: (next: Month) => void;
}) {
  return (
    <>
      <label>
        Month
        <select
          className="input"
          value={month.month}
          onChange={(e) => onChange({ ...month, month: Number(e.target.value) })}
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
          onChange={(e) => onChange({ ...month, year: Number(e.target.value) })}
        >
          {years.map((year) => (
            <option key={year} value={year}>
              {year}
            </option>
          ))}
        </select>
      </label>
    </>
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
