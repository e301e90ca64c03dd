import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOW, TODAY } from '../../test/admin-test-kit.ts';
import { type ReportsKit, startReports, YESTERDAY } from '../../test/reports-kit.ts';
import { backends } from '../../test/test-database.ts';

describe.each(backends)('reports and income on %s', (backend) => {
  let close: () => Promise<void>;
  let ids: ReportsKit['ids'];
  let get: ReportsKit['get'];

  beforeAll(async () => {
    ({ close, ids, get } = await startReports(backend, () => NOW));
  });
  afterAll(() => close());

  it("gives the end-of-day report of today's bookings by default, admin blocks and failed payments left out", async () => {
    const response = await get('/api/admin/reports/eod');
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json();
    expect(report).toMatchObject({
      report_date: TODAY,
      total_bookings_today: 5,
      completed_bookings_today: 2,
      cancelled_bookings_today: 2,
      total_income_today: 2734.56,
    });
    // By start time, then booking id.
    expect(report.details.map((row: { booking_id: number }) => row.booking_id)).toEqual([
      ids.paid,
      ids.pending,
      ids.paidOdd,
      ids.adminCancelled,
      ids.flagCancelled,
    ]);
    expect(report.details[0]).toEqual({
      booking_id: ids.paid,
      client_name: 'Anita Desai',
      therapist_id: 1,
      therapist_name: 'Dr.Asha Menon',
      service_id: 1,
      payment_status: 'COMPLETED',
      cancelled: false,
      amount: 1500,
    });
    expect(report.details[3]).toMatchObject({ payment_status: 'CANCELLED', cancelled: true, amount: 2000 });
    expect(report.details[4]).toMatchObject({ payment_status: 'COMPLETED', cancelled: true, amount: 1500 });
    expect((await get(`/api/admin/reports/eod?report_date=${TODAY}`)).json()).toEqual(report);
  });

  it('gives the end-of-day report of another day, and zeros for a day without bookings', async () => {
    const yesterday = (await get(`/api/admin/reports/eod?report_date=${YESTERDAY}`)).json();
    expect(yesterday).toMatchObject({
      report_date: YESTERDAY,
      total_bookings_today: 2,
      completed_bookings_today: 1,
      cancelled_bookings_today: 0,
      total_income_today: 1500,
    });
    expect(yesterday.details.map((row: { booking_id: number }) => row.booking_id)).toEqual([
      ids.paidYesterday,
      ids.initiatedYesterday,
    ]);
    expect((await get('/api/admin/reports/eod?report_date=2026-11-23')).json()).toEqual({
      report_date: '2026-11-23',
      total_bookings_today: 0,
      completed_bookings_today: 0,
      cancelled_bookings_today: 0,
      total_income_today: 0,
      details: [],
    });
  });

  it('refuses an end-of-day date that is not a real day with 400', async () => {
    for (const date of ['2026-02-30', '2026-13-01', '22-11-2026', 'today', '']) {
      const response = await get(`/api/admin/reports/eod?report_date=${date}`);
      expect(response.statusCode, date).toBe(400);
      expect(response.json().detail, date).toMatch(/report_date/);
    }
  });
});
