import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicDate } from './support/admin-data.ts';
import { launchChromium } from './support/browser.ts';
import { fetchInventory, formatRupees } from './support/report-data.ts';
import { bookReportDay, downloadExcel, type ReportDay, utcDay } from './support/report-day.ts';
import { openSignedIn, panel, shortDate, summary, tab } from './support/report-screens.ts';

describe('admin reports', () => {
  let browser: Browser;
  let downloads: string;
  let paid: ReportDay['paid'];
  let reportDay = '';

  beforeAll(async () => {
    browser = await launchChromium();
    ({ reportDay, paid } = await bookReportDay({ paid: '19:00', pending: '17:00', cancelled: '16:00' }));
    downloads = await mkdtemp(path.join(tmpdir(), 'therapy-reports-'));
  });
  afterAll(async () => {
    await browser?.close();
    await rm(downloads, { recursive: true, force: true });
  });

  const open = (pathname: string) => openSignedIn(browser, pathname);
  const download = (page: Page) => downloadExcel(page, downloads);

  it('opens on the inventory, which lists the paid booking and the total, and exports it', async () => {
    const { context, page, errors } = await open('/admin/Reports');
    await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
    expect(await tab(page, 'Inventory (PhonePe Income)').getAttribute('aria-selected')).toBe('true');
    const table = page.getByRole('table', { name: 'Collected payments' });
    await table.getByRole('row').first().waitFor();
    // The server pages the payments, newest booking date first: other tests' later ones may come
    // first (admin-income's on the days after, another report file's later slot on the same day).
    // The rows on screen stay, busy, until the server's page of 50 comes, while the pager already
    // counts pages of 50 (with 50 or fewer payments it shows no Next at all): look for the booking
    // only once that page is on screen, never in the old page of 10.
    const settled = () => page.waitForFunction('!document.querySelector(\'[aria-busy="true"]\')');
    const answered = (limit: number) =>
      page.waitForResponse(
        (response) =>
          new URL(response.url()).pathname === '/api/admin/reports/inventory' &&
          new URL(response.url()).searchParams.get('limit') === String(limit),
      );
    await Promise.all([answered(50), panel(page).getByLabel('Rows per page').selectOption('50')]);
    await settled();
    const row = table.getByRole('row').filter({ hasText: paid.paymentId });
    for (let pages = 0; pages < 20 && !(await row.count()); pages++) {
      await Promise.all([answered(50), panel(page).getByRole('button', { name: 'Next' }).click()]);
      await settled();
    }
    await row.waitFor();
    const shown = await table.locator('tbody tr').count();
    const cells = await row.getByRole('cell').allTextContents();
    expect(cells).toEqual(['₹900.00', paid.paymentId, 'E2E Report Paid', '9811122233', shortDate(reportDay)]);

    const report = await fetchInventory();
    expect(await summary(page, 'Total Amount').getByRole('definition').textContent()).toBe(
      formatRupees(report.total_amount),
    );

    const { name, sheets } = await download(page);
    expect(name).toBe(`Inventory_Report_${clinicDate(0)}.xlsx`);
    expect(sheets.map((sheet) => sheet.sheet)).toEqual(['Inventory']);
    const data = sheets[0]!.data;
    expect(data[0]).toEqual(['Amount', 'Payment ID', 'Client Name', 'Client Phone', 'Booking Date']);
    // The page shown is what is exported.
    expect(data).toHaveLength(shown + 1);
    expect(data.find((line) => line[1] === paid.paymentId)).toEqual([
      900,
      paid.paymentId,
      'E2E Report Paid',
      '9811122233',
      utcDay(reportDay),
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
