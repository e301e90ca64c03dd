import type { EodReport, PaymentReport, TherapistMonthlyReport } from '@therapy/shared/report-schemas';
import { describe, expect, it } from 'vitest';
import { eodWorkbook, inventoryWorkbook, monthlyWorkbook, type Workbook } from './report-export';

/** The cells' values, as a spreadsheet would show them before formatting. */
function values(book: Workbook): unknown[][] {
  return book.data.map((row) =>
    row.map((cell) => (cell !== null && typeof cell === 'object' && 'value' in cell ? cell.value : cell)),
  );
}

const inventory: PaymentReport = {
  total_amount: 2099.5,
  total_count: 2,
  limit: 10,
  next_cursor: null,
  payments: [
    {
      amount: 1199.5,
      payment_transaction_id: 'pay_123',
      client_name: 'Anita Sharma',
      client_phone: '9876543210',
      booking_date: '2026-03-09',
    },
    {
      amount: 900,
      payment_transaction_id: null,
      client_name: null,
      client_phone: null,
      booking_date: '2026-03-01',
    },
  ],
};

describe('report workbooks', () => {
  it('writes the inventory with numeric amounts, text phone numbers and real dates', () => {
    const book = inventoryWorkbook(inventory, '2026-03-10');
    expect(book.fileName).toBe('Inventory_Report_2026-03-10.xlsx');
    expect(book.sheet).toBe('Inventory');
    expect(values(book)).toEqual([
      ['Amount', 'Payment ID', 'Client Name', 'Client Phone', 'Booking Date'],
      [1199.5, 'pay_123', 'Anita Sharma', '9876543210', new Date(Date.UTC(2026, 2, 9))],
      [900, null, null, null, new Date(Date.UTC(2026, 2, 1))],
    ]);
    expect(book.data[1]?.[0]).toMatchObject({ type: Number, format: '#,##0.00' });
    expect(book.data[1]?.[3]).toMatchObject({ type: String, format: '@' });
  });

  it('writes the end of day details by therapist and service id, a blank row, then the totals', () => {
    const report: EodReport = {
      report_date: '2026-03-09',
      total_bookings_today: 2,
      completed_bookings_today: 1,
      cancelled_bookings_today: 1,
      total_income_today: 900,
      details: [
        {
          booking_id: 41,
          client_name: 'Ravi',
          therapist_id: 6,
          therapist_name: 'Mr.Arjun Iyer',
          service_id: 1,
          payment_status: 'COMPLETED',
          cancelled: false,
          amount: 900,
        },
        {
          booking_id: 42,
          client_name: null,
          therapist_id: 7,
          therapist_name: 'Dr.Meera Joshi',
          service_id: null,
          payment_status: 'CANCELLED',
          cancelled: true,
          amount: 2000,
        },
      ],
    };
    const book = eodWorkbook(report);
    expect(book.fileName).toBe('EOD_Report_2026-03-09.xlsx');
    expect(book.sheet).toBe('End_of_Day');
    expect(values(book)).toEqual([
      ['Booking ID', 'Client Name', 'Therapist ID', 'Service ID', 'Payment Status', 'Cancelled', 'Amount'],
      [41, 'Ravi', 6, 1, 'COMPLETED', 'No', 900],
      [42, null, 7, null, 'CANCELLED', 'Yes', 2000],
      [],
      ['Total Bookings', 2, 'Completed', 1, 'Cancelled', 1, 'Total Income', 900],
    ]);
  });

  it('writes the monthly report with display names, named by year and month', () => {
    const report: TherapistMonthlyReport = {
      year: 2026,
      month: 3,
      therapist_performance: [
        {
          therapist_id: 6,
          therapist_name: 'Mr.Arjun Iyer',
          total_sessions: 4,
          completed_sessions: 2,
          missed_or_cancelled_sessions: 1,
          total_income: 1800,
        },
      ],
    };
    const book = monthlyWorkbook(report);
    expect(book.fileName).toBe('Therapist_Monthly_Report_2026-3.xlsx');
    expect(book.sheet).toBe('Therapist_Monthly');
    expect(values(book)).toEqual([
      ['Therapist ID', 'Name', 'Total Sessions', 'Completed Sessions', 'Missed/Cancelled', 'Total Income'],
      [6, 'Arjun Iyer', 4, 2, 1, 1800],
    ]);
  });
});
