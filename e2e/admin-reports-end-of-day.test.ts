import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicDate } from './support/admin-data.ts';
import { launchChromium } from './support/browser.ts';
import { fetchEod, formatRupees } from './support/report-data.ts';
import { ARJUN_IYER, bookReportDay, downloadExcel, type ReportDay } from './support/report-day.ts';
import { openSignedIn, panel, shortDate, summary, tab } from './support/report-screens.ts';

describe('admin reports', () => {
  let browser: Browser;
  let downloads: string;
  let paid: ReportDay['paid'];
  let pendingId: number;
  let cancelledId: number;
  let reportDay = '';

  beforeAll(async () => {
    browser = await launchChromium();
    ({ reportDay, paid, pendingId, cancelledId } = await bookReportDay({
      paid: '20:00',
      pending: '19:00',
      cancelled: '18:00',
    }));
    downloads = await mkdtemp(path.join(tmpdir(), 'therapy-reports-'));
  });
  afterAll(async () => {
    await browser?.close();
    await rm(downloads, { recursive: true, force: true });
  });

  const open = (pathname: string) => openSignedIn(browser, pathname);
  const download = (page: Page) => downloadExcel(page, downloads);

  it("shows a day's counts on the End of Day Report and exports its details and totals", async () => {
    const { context, page, errors } = await open('/admin/reports');
    await tab(page, 'End of Day Report').click();
    const date = panel(page).getByLabel('Report date');
    expect(await date.inputValue()).toBe(clinicDate(0));
    await date.fill(reportDay);
    const table = page.getByRole('table', { name: `Bookings on ${shortDate(reportDay)}` });
    await table.waitFor();

    const report = await fetchEod(reportDay);
    const ids = report.details.map((detail) => detail.booking_id);
    expect(ids).toEqual(expect.arrayContaining([paid.id, pendingId, cancelledId]));
    expect(report.completed_bookings_today).toBeGreaterThanOrEqual(1);
    expect(report.cancelled_bookings_today).toBeGreaterThanOrEqual(1);
    for (const [term, value] of [
      ['Total Bookings', String(report.total_bookings_today)],
      ['Completed', String(report.completed_bookings_today)],
      ['Cancelled', String(report.cancelled_bookings_today)],
      ['Total Income', formatRupees(report.total_income_today)],
    ] as const) {
      expect(await summary(page, term).getByRole('definition').textContent(), term).toBe(value);
    }
    const rowOf = (id: number) =>
      table.getByRole('row').filter({ has: page.getByRole('cell', { name: String(id), exact: true }) });
    expect(await rowOf(paid.id).getByRole('cell').allTextContents()).toEqual([
      String(paid.id),
      'E2E Report Paid',
      'Arjun Iyer',
      'Completed',
      'No',
      '₹900.00',
    ]);
    expect(await rowOf(cancelledId).getByRole('cell').nth(4).textContent()).toBe('Yes');

    const { name, sheets } = await download(page);
    expect(name).toBe(`EOD_Report_${reportDay}.xlsx`);
    expect(sheets.map((sheet) => sheet.sheet)).toEqual(['End_of_Day']);
    const data = sheets[0]!.data;
    const details = report.details.length;
    expect(data[0]).toEqual([
      'Booking ID',
      'Client Name',
      'Therapist ID',
      'Service ID',
      'Payment Status',
      'Cancelled',
      'Amount',
      null,
    ]);
    const paidLine = data.find((line) => line[0] === paid.id)!;
    expect([...paidLine.slice(0, 3), ...paidLine.slice(4, 7)]).toEqual([
      paid.id,
      'E2E Report Paid',
      ARJUN_IYER,
      'COMPLETED',
      'No',
      900,
    ]);
    expect(data[details + 1]!.every((cell) => cell === null)).toBe(true);
    expect(data[details + 2]).toEqual([
      'Total Bookings',
      report.total_bookings_today,
      'Completed',
      report.completed_bookings_today,
      'Cancelled',
      report.cancelled_bookings_today,
      'Total Income',
      report.total_income_today,
    ]);
    expect(data).toHaveLength(details + 3);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("says 'No data to export.' for a day without bookings", async () => {
    const { context, page } = await open('/admin/reports');
    await tab(page, 'End of Day Report').click();
    await panel(page).getByLabel('Report date').fill('2021-01-04');
    await page.getByText('No bookings found for this day.', { exact: true }).waitFor();
    const alerted = new Promise<string>((resolve) => {
      page.once('dialog', (dialog) => {
        resolve(dialog.message());
        void dialog.dismiss();
      });
    });
    await panel(page).getByRole('button', { name: 'Download Excel' }).click();
    expect(await alerted).toBe('No data to export.');
    await context.close();
  });
});
