import type { TherapistMonthlyReport } from '@therapy/shared/report-schemas';
import { useId } from 'react';
import { therapistDisplayName } from '../../../lib/therapist-display';
import { useFetch } from '../../../lib/use-fetch';
import { formatAmount } from '../admin-format';
import { MONTH_NAMES } from '../ui/month-names';
import { TableScroller } from '../ui/table-scroller';
import { DownloadExcelButton } from './download-excel-button';
import { ReportBody } from './report-body';
import { monthlyWorkbook } from './report-export';
import { fetchTherapistMonthlyReport } from './reports-api';

export const MONTHLY_EMPTY = 'No performance data found for this period.';

type MonthlyReportProps = {
  /** As typed: the report loads once it is a year in range. */
  year: string;
  month: number;
  yearRange: { min: number; max: number };
  onYearChange: (year: string) => void;
  onMonthChange: (month: number) => void;
};

export function parseReportYear(value: string, range: { min: number; max: number }): number | null {
  if (!/^\d{4}$/.test(value.trim())) return null;
  const year = Number(value);
  return year >= range.min && year <= range.max ? year : null;
}

/** Every therapist's sessions and income in one month. */
export function MonthlyReport({ year, month, yearRange, onYearChange, onMonthChange }: MonthlyReportProps) {
  const validYear = parseReportYear(year, yearRange);
  const report = useFetch<TherapistMonthlyReport>(
    validYear === null ? null : `report:monthly:${validYear}-${month}`,
    (signal) => fetchTherapistMonthlyReport(validYear ?? 0, month, signal),
  );
  const data = validYear !== null && report.status === 'success' ? report.data : undefined;
  const yearError = validYear === null ? `Enter a year from ${yearRange.min} to ${yearRange.max}.` : null;

  return (
    <>
      <div className="report-toolbar">
        <h2 className="visually-hidden">Therapist Monthly Report</h2>
        <PeriodFields
          year={year}
          month={month}
          yearRange={yearRange}
          yearError={yearError}
          onYearChange={onYearChange}
          onMonthChange={onMonthChange}
        />
        <DownloadExcelButton
          report="therapist monthly report"
          workbook={() => (data?.therapist_performance.length ? monthlyWorkbook(data) : null)}
        />
      </div>
      {validYear === null ? (
        <p className="admin-empty">Enter a year to see the report.</p>
      ) : (
        <ReportBody
          tab="monthly"
          report={report}
          loadingLabel="Loading therapist monthly report…"
          isEmpty={(value) => value.therapist_performance.length === 0}
          emptyText={MONTHLY_EMPTY}
        >
          {(value) => <MonthlyTable report={value} />}
        </ReportBody>
      )}
    </>
  );
}

function MonthlyTable({ report }: { report: TherapistMonthlyReport }) {
  const period = `${MONTH_NAMES[report.month - 1] ?? report.month} ${report.year}`;
  return (
    <>
      <h3 className="report-period">{period}</h3>
      <TableScroller label={`Therapist performance in ${period}`}>
        <table className="admin-table">
          <caption className="visually-hidden">Therapist performance in {period}</caption>
          <thead>
            <tr>
              <th scope="col">Therapist ID</th>
              <th scope="col">Name</th>
              <th scope="col" className="admin-table__amount">
                Total Sessions
              </th>
              <th scope="col" className="admin-table__amount">
                Completed Sessions
              </th>
              <th scope="col" className="admin-table__amount">
                Missed/Cancelled
              </th>
              <th scope="col" className="admin-table__amount">
                Total Income
              </th>
            </tr>
          </thead>
          <tbody>
            {report.therapist_performance.map((row) => (
              <tr key={row.therapist_id}>
                <td className="tabular-nums">{row.therapist_id}</td>
                <th scope="row" className="admin-table__wrap">
                  {therapistDisplayName(row.therapist_name)}
                </th>
                <td className="admin-table__amount">{row.total_sessions}</td>
                <td className="admin-table__amount">{row.completed_sessions}</td>
                <td className="admin-table__amount">{row.missed_or_cancelled_sessions}</td>
                <td className="admin-table__amount">{formatAmount(row.total_income)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroller>
    </>
  );
}

/** The year (as typed, with its error) and the month of the report. */
function PeriodFields(props: MonthlyReportProps & { yearError: string | null }) {
  const { year, month, yearRange, yearError, onYearChange, onMonthChange } = props;
  const yearId = useId();
  const yearErrorId = useId();
  const monthId = useId();
  return (
    <div className="report-toolbar__fields">
      <div className="field report-toolbar__field report-toolbar__field--year">
        <label className="field__label" htmlFor={yearId}>
          Year
        </label>
        <input
          id={yearId}
          className="input"
          type="number"
          inputMode="numeric"
          min={yearRange.min}
          max={yearRange.max}
          step={1}
          value={year}
          required
          aria-invalid={yearError ? true : undefined}
          aria-describedby={yearError ? yearErrorId : undefined}
          onChange={(event) => onYearChange(event.target.value)}
        />
      </div>
      <div className="field report-toolbar__field">
        <label className="field__label" htmlFor={monthId}>
          Month
        </label>
        <select
          id={monthId}
          className="select"
          value={month}
          onChange={(event) => onMonthChange(Number(event.target.value))}
        >
          {MONTH_NAMES.map((name, index) => (
            <option key={name} value={index + 1}>
              {name}
            </option>
          ))}
        </select>
      </div>
      {yearError && (
        <p id={yearErrorId} className="field__error report-toolbar__error">
          {yearError}
        </p>
      )}
    </div>
  );
}
