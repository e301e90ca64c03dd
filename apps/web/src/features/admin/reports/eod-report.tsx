import type { EodReport as EodReportData } from '@therapy/shared/report-schemas';
import { isSupportedDate } from '@therapy/shared/schema-limits';
import { useId } from 'react';
import { therapistDisplayName } from '../../../lib/therapist-display';
import { useFetch } from '../../../lib/use-fetch';
import { formatAmount, formatDate } from '../admin-format';
import { StatusBadge } from '../ui/status-badge';
import { TableScroller } from '../ui/table-scroller';
import { DownloadExcelButton } from './download-excel-button';
import { ReportBody } from './report-body';
import { eodWorkbook } from './report-export';
import { fetchEodReport } from './reports-api';

export const EOD_EMPTY = 'No bookings found for this day.';

type EodReportProps = {
  date: string;
  onDateChange: (date: string) => void;
};

/** One day's bookings with the counts of the day and its income. */
export function EodReport({ date, onDateChange }: EodReportProps) {
  const dateId = useId();
  const valid = isSupportedDate(date);
  const report = useFetch<EodReportData>(valid ? `report:eod:${date}` : null, (signal) =>
    fetchEodReport(date, signal),
  );
  const data = valid && report.status === 'success' ? report.data : undefined;

  return (
    <>
      <div className="report-toolbar">
        <h2 className="visually-hidden">End of Day Report</h2>
        <div className="field report-toolbar__field">
          <label className="field__label" htmlFor={dateId}>
            Report date
          </label>
          <input
            id={dateId}
            className="input"
            type="date"
            value={date}
            required
            onChange={(event) => onDateChange(event.target.value)}
          />
        </div>
        <DownloadExcelButton
          report="end of day report"
          workbook={() => (data?.details.length ? eodWorkbook(data) : null)}
        />
      </div>
      {valid ? (
        <ReportBody
          tab="eod"
          report={report}
          loadingLabel="Loading end of day report…"
          isEmpty={(value) => value.details.length === 0}
          emptyText={EOD_EMPTY}
        >
          {(value) => <EodDetails report={value} />}
        </ReportBody>
      ) : (
        <p className="admin-empty">Choose a day to see its report.</p>
      )}
    </>
  );
}

function EodDetails({ report }: { report: EodReportData }) {
  return (
    <>
      <h3 className="report-period">{formatDate(report.report_date)}</h3>
      <dl className="report-summary" aria-label={`Summary of ${formatDate(report.report_date)}`}>
        <div className="report-summary__item">
          <dt>Total Bookings</dt>
          <dd className="tabular-nums">{report.total_bookings_today}</dd>
        </div>
        <div className="report-summary__item">
          <dt>Completed</dt>
          <dd className="tabular-nums">{report.completed_bookings_today}</dd>
        </div>
        <div className="report-summary__item">
          <dt>Cancelled</dt>
          <dd className="tabular-nums">{report.cancelled_bookings_today}</dd>
        </div>
        <div className="report-summary__item report-summary__item--highlight">
          <dt>Total Income</dt>
          <dd className="tabular-nums">{formatAmount(report.total_income_today)}</dd>
        </div>
      </dl>
      <TableScroller label={`Bookings on ${formatDate(report.report_date)}`}>
        <table className="admin-table">
          <caption className="visually-hidden">Bookings on {formatDate(report.report_date)}</caption>
          <thead>
            <tr>
              <th scope="col">Booking ID</th>
              <th scope="col">Client Name</th>
              <th scope="col">Therapist Name</th>
              <th scope="col">Payment Status</th>
              <th scope="col">Cancelled</th>
              <th scope="col" className="admin-table__amount">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {report.details.map((detail) => (
              <tr key={detail.booking_id}>
                <td className="tabular-nums">{detail.booking_id}</td>
                <td className="admin-table__wrap">{detail.client_name ?? 'N/A'}</td>
                <td className="admin-table__wrap">{therapistDisplayName(detail.therapist_name)}</td>
                <td>
                  <StatusBadge status={detail.payment_status} />
                </td>
                <td>{detail.cancelled ? 'Yes' : 'No'}</td>
                <td className="admin-table__amount">{formatAmount(detail.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroller>
    </>
  );
}
