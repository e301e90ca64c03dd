import type { PaymentReport } from '@therapy/shared/report-schemas';
import { useFetch } from '../../../lib/use-fetch';
import { clinicToday, formatAmount, formatCount, formatDate } from '../admin-format';
import { Pagination } from '../ui/pagination';
import { TableScroller } from '../ui/table-scroller';
import { useCursorPages } from '../ui/use-cursor-pages';
import { DownloadExcelButton } from './download-excel-button';
import { paymentPage } from './payment-page';
import { ReportBody } from './report-body';
import { inventoryWorkbook } from './report-export';
import { fetchInventoryReport } from './reports-api';

export const INVENTORY_EMPTY = 'No payments found for this report.';

/** The collected payments a page at a time, newest booking date first, and the total of all. */
export function InventoryReport() {
  const pages = useCursorPages('report:inventory');
  const report = useFetch<PaymentReport>(
    `report:inventory:${pages.size}:${pages.cursor ?? ''}`,
    (signal) => fetchInventoryReport({ limit: pages.size, cursor: pages.cursor }, signal),
    { keepPrevious: true },
  );
  const data = report.status === 'success' ? report.data : undefined;

  return (
    <>
      <div className="report-toolbar">
        <div className="report-toolbar__intro">
          <h2 className="visually-hidden">Inventory (PhonePe Income)</h2>
          <p className="report-toolbar__note">
            Paid bookings that are not cancelled, newest booking date first.
          </p>
        </div>
        <DownloadExcelButton
          report="inventory report"
          workbook={() => (data?.payments.length ? inventoryWorkbook(data, clinicToday()) : null)}
        />
      </div>
      <ReportBody
        tab="inventory"
        report={report}
        loadingLabel="Loading inventory report…"
        isEmpty={(value) => value.payments.length === 0}
        emptyText={INVENTORY_EMPTY}
      >
        {(value) => (
          <>
            <dl className="report-summary">
              <div className="report-summary__item report-summary__item--highlight">
                <dt>Total Amount</dt>
                <dd className="tabular-nums">{formatAmount(value.total_amount)}</dd>
              </div>
              <div className="report-summary__item">
                <dt>Payments</dt>
                <dd className="tabular-nums">{formatCount(value.total_count)}</dd>
              </div>
            </dl>
            <TableScroller label="Collected payments">
              <table className="admin-table">
                <caption className="visually-hidden">Collected payments</caption>
                <thead>
                  <tr>
                    <th scope="col" className="admin-table__amount">
                      Amount
                    </th>
                    <th scope="col">Payment ID</th>
                    <th scope="col">Client Name</th>
                    <th scope="col">Client Phone</th>
                    <th scope="col">Booking Date</th>
                  </tr>
                </thead>
                <tbody>
                  {value.payments.map((payment, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: read-only rows, some without a payment id
                    <tr key={`${payment.payment_transaction_id ?? 'none'}-${index}`}>
                      <td className="admin-table__amount">{formatAmount(payment.amount)}</td>
                      <td>{payment.payment_transaction_id ?? <span className="muted">N/A</span>}</td>
                      <td className="admin-table__wrap">{payment.client_name ?? 'N/A'}</td>
                      <td className="tabular-nums">{payment.client_phone ?? 'N/A'}</td>
                      <td>{formatDate(payment.booking_date)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroller>
            <Pagination paging={pages.paging(paymentPage(value), report.refreshing)} noun="payments" />
          </>
        )}
      </ReportBody>
    </>
  );
}
