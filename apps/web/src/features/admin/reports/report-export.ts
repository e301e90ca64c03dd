import type { EodReport, PaymentReport, TherapistMonthlyReport } from '@therapy/shared/report-schemas';
import type { Cell, Row, SheetData } from 'write-excel-file/browser';
import { therapistDisplayName } from '../../../lib/therapist-display';

/**
 * The reports as Excel sheets (specification section 2 "Reports"): plain data, so the sheets can
 * be checked without a browser. The writer itself is loaded only when a download is asked for.
 */

/** Excel refuses longer sheet names. */
export const MAX_SHEET_NAME_LENGTH = 31;

export type Workbook = {
  fileName: string;
  sheet: string;
  data: SheetData;
  /** Column widths, in characters. */
  widths: number[];
};

const AMOUNT_FORMAT = '#,##0.00';

const header = (titles: string[]): Row => titles.map((value) => ({ value, fontWeight: 'bold' }));
const amount = (value: number): Cell => ({ value, type: Number, format: AMOUNT_FORMAT });
const count = (value: number): Cell => ({ value, type: Number });
// '@' keeps Excel from reading a phone number or an id made of digits as a number.
const text = (value: string | null | undefined): Cell =>
  value ? { value, type: String, format: '@' } : null;
const date = (isoDate: string): Cell => {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  // write-excel-file counts days from UTC midnights, so the day stays the same in any zone.
  return { value: new Date(Date.UTC(year, month - 1, day)), type: Date, format: 'yyyy-mm-dd' };
};

function sheetName(name: string): string {
  return name.slice(0, MAX_SHEET_NAME_LENGTH);
}

/** Inventory_Report_{today}.xlsx, sheet Inventory: one row per collected payment. */
export function inventoryWorkbook(report: PaymentReport, today: string): Workbook {
  return {
    fileName: `Inventory_Report_${today}.xlsx`,
    sheet: sheetName('Inventory'),
    data: [
      header(['Amount', 'Payment ID', 'Client Name', 'Client Phone', 'Booking Date']),
      ...report.payments.map((payment) => [
        amount(payment.amount),
        text(payment.payment_transaction_id),
        text(payment.client_name),
        text(payment.client_phone),
        date(payment.booking_date),
      ]),
    ],
    widths: [12, 26, 24, 14, 13],
  };
}

/**
 * EOD_Report_{date}.xlsx, sheet End_of_Day: the day's bookings (therapist and service by id, as
 * the specification has it), a blank row, then the day's totals as label and number pairs.
 */
export function eodWorkbook(report: EodReport): Workbook {
  return {
    fileName: `EOD_Report_${report.report_date}.xlsx`,
    sheet: sheetName('End_of_Day'),
    data: [
      header([
        'Booking ID',
        'Client Name',
        'Therapist ID',
        'Service ID',
        'Payment Status',
        'Cancelled',
        'Amount',
      ]),
      ...report.details.map((detail) => [
        count(detail.booking_id),
        text(detail.client_name),
        count(detail.therapist_id),
        detail.service_id === null ? null : count(detail.service_id),
        detail.payment_status,
        detail.cancelled ? 'Yes' : 'No',
        amount(detail.amount),
      ]),
      [],
      [
        { value: 'Total Bookings', fontWeight: 'bold' },
        count(report.total_bookings_today),
        { value: 'Completed', fontWeight: 'bold' },
        count(report.completed_bookings_today),
        { value: 'Cancelled', fontWeight: 'bold' },
        count(report.cancelled_bookings_today),
        { value: 'Total Income', fontWeight: 'bold' },
        amount(report.total_income_today),
      ],
    ],
    widths: [14, 24, 12, 12, 15, 10, 13, 12],
  };
}

/** Therapist_Monthly_Report_{year}-{month}.xlsx, sheet Therapist_Monthly. */
export function monthlyWorkbook(report: TherapistMonthlyReport): Workbook {
  return {
    fileName: `Therapist_Monthly_Report_${report.year}-${report.month}.xlsx`,
    sheet: sheetName('Therapist_Monthly'),
    data: [
      header([
        'Therapist ID',
        'Name',
        'Total Sessions',
        'Completed Sessions',
        'Missed/Cancelled',
        'Total Income',
      ]),
      ...report.therapist_performance.map((row) => [
        count(row.therapist_id),
        therapistDisplayName(row.therapist_name),
        count(row.total_sessions),
        count(row.completed_sessions),
        count(row.missed_or_cancelled_sessions),
        amount(row.total_income),
      ]),
    ],
    widths: [12, 24, 14, 18, 16, 14],
  };
}

/** Builds the .xlsx file and hands it to the browser as a download. */
export async function downloadWorkbook({ fileName, sheet, data, widths }: Workbook): Promise<void> {
  const { default: writeXlsxFile } = await import('write-excel-file/browser');
  await writeXlsxFile(data, {
    sheet,
    columns: widths.map((width) => ({ width })),
    stickyRowsCount: 1,
  }).toFile(fileName);
}
