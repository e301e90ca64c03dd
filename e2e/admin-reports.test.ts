import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import readXlsxFile from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicDate, openDate } from './support/admin-data.ts';
import { launchChromium } from './support/browser.ts';
import {
  createInPersonBooking,
  createPaidOnlineBooking,
  fetchEod,
  fetchInventory,
  fetchMonthly,
  formatRupees,
} from './support/report-data.ts';
import { openSignedIn, panel, shortDate, summary, tab } from './support/report-screens.ts';

// Therapists the other browser tests leave alone.
const ARJUN_IYER = 6; // online, 08:00 to 13:00 and 17:00 to 20:00, ₹900
const MEERA_JOSHI = 7; // in person at location 1, 13:00 to 20:00
const WEST_BRANCH = 1;
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const utcDay = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`);

describe('admin reports', () => {
  let browser: Browser;
  let downloads: string;
  let paid: { id: number; paymentId: string };
  let pendingId: number;
  let cancelledId: number;
  // A day both work, about 10 days ahead (Meera Joshi works Monday to Friday).
  let reportDay = '';

  beforeAll(async () => {
    browser = await launchChromium();
    reportDay = await openDate(
      10,
      { therapistId: MEERA_JOSHI, locationId: WEST_BRANCH, starts: ['18:00', '19:00'] },
      { therapistId: ARJUN_IYER, locationId: 0, starts: ['20:00'] },
    );
    downloads = await mkdtemp(path.join(tmpdir(), 'therapy-reports-'));
    paid = await createPaidOnlineBooking({
      therapistId: ARJUN_IYER,
      date: reportDay,
      start: '20:00',
      name: 'E2E Report Paid',
    });
    const inPerson = { therapistId: MEERA_JOSHI, locationId: WEST_BRANCH, date: reportDay };
    pendingId = await createInPersonBooking({ ...inPerson, start: '19:00', name: 'E2E Report Pending' });
    cancelledId = await createInPersonBooking(
      { ...inPerson, start: '18:00', name: 'E2E Report Cancelled' },
      true,
    );
  });
  afterAll(async () => {
    await browser?.close();
    await rm(downloads, { recursive: true, force: true });
  });

  const open = (pathname: string) => openSignedIn(browser, pathname);

  /** Clicks Download Excel and reads the file the browser saved. */
  async function download(page: Page) {
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      panel(page).getByRole('button', { name: 'Download Excel' }).click(),
    ]);
    const target = path.join(downloads, file.suggestedFilename());
    await file.saveAs(target);
    return { name: file.suggestedFilename(), sheets: await readXlsxFile(target) };
  }

  it('opens on the inventory, which lists the paid booking and the total, and exports it', async () => {
    const { context, page, errors } = await open('/admin/Reports');
    await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
    expect(await tab(page, 'Inventory (PhonePe Income)').getAttribute('aria-selected')).toBe('true');
    const table = page.getByRole('table', { name: 'Collected payments' });
    await table.getByRole('row').first().waitFor();
    // The server pages the payments, newest booking date first: other tests' later ones may come first.
    await panel(page).getByLabel('Rows per page').selectOption('50');
    const row = table.getByRole('row').filter({ hasText: paid.paymentId });
    for (let pages = 0; pages < 20 && !(await row.count()); pages++) {
      await panel(page).getByRole('button', { name: 'Next' }).click();
      await page.waitForFunction('!document.querySelector(\'[aria-busy="true"]\')');
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

  it("shows each therapist's month on the Therapist Monthly Report and exports it", async () => {
    const { context, page, errors } = await open('/admin/reports');
    await tab(page, 'Therapist Monthly Report').click();
    const yearInput = panel(page).getByLabel('Year');
    const monthSelect = panel(page).getByLabel('Month');
    const [thisYear, thisMonth] = clinicDate(0).split('-').map(Number) as [number, number];
    expect(await yearInput.inputValue()).toBe(String(thisYear));
    expect(await yearInput.getAttribute('min')).toBe('2020');
    expect(await yearInput.getAttribute('max')).toBe(String(thisYear + 5));
    expect(await monthSelect.inputValue()).toBe(String(thisMonth));
    expect(await monthSelect.locator('option').allTextContents()).toEqual(MONTHS);

    await yearInput.fill('2019');
    await panel(page)
      .getByText(`Enter a year from 2020 to ${thisYear + 5}.`)
      .waitFor();

    const [year, month] = reportDay.split('-').map(Number) as [number, number];
    await yearInput.fill(String(year));
    await monthSelect.selectOption(String(month));
    const table = page.getByRole('table', { name: `Therapist performance in ${MONTHS[month - 1]} ${year}` });
    const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Arjun Iyer' }) });
    await row.waitFor();

    const report = await fetchMonthly(year, month);
    const arjun = report.therapist_performance.find((line) => line.therapist_id === ARJUN_IYER)!;
    expect(arjun.completed_sessions).toBeGreaterThanOrEqual(1);
    expect(arjun.total_income).toBeGreaterThanOrEqual(900);
    expect([
      ...(await row.getByRole('cell').allTextContents()).slice(0, 1),
      await row.getByRole('rowheader').textContent(),
      ...(await row.getByRole('cell').allTextContents()).slice(1),
    ]).toEqual([
      String(ARJUN_IYER),
      'Arjun Iyer',
      String(arjun.total_sessions),
      String(arjun.completed_sessions),
      String(arjun.missed_or_cancelled_sessions),
      formatRupees(arjun.total_income),
    ]);

    const { name, sheets } = await download(page);
    expect(name).toBe(`Therapist_Monthly_Report_${year}-${month}.xlsx`);
    expect(sheets.map((sheet) => sheet.sheet)).toEqual(['Therapist_Monthly']);
    const data = sheets[0]!.data;
    expect(data[0]).toEqual([
      'Therapist ID',
      'Name',
      'Total Sessions',
      'Completed Sessions',
      'Missed/Cancelled',
      'Total Income',
    ]);
    expect(data).toHaveLength(report.therapist_performance.length + 1);
    expect(data.find((line) => line[0] === ARJUN_IYER)).toEqual([
      ARJUN_IYER,
      'Arjun Iyer',
      arjun.total_sessions,
      arjun.completed_sessions,
      arjun.missed_or_cancelled_sessions,
      arjun.total_income,
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('moves between the tabs with the arrow keys, Home and End', async () => {
    const { context, page } = await open('/admin/reports');
    const first = tab(page, 'Inventory (PhonePe Income)');
    await first.focus();
    const focused = () =>
      page.evaluate(
        "(() => { const e = document.activeElement; return e?.getAttribute('role') === 'tab' && e.getAttribute('aria-selected') === 'true' ? e.textContent : null; })()",
      );
    const steps: [string, string][] = [
      ['ArrowRight', 'End of Day Report'],
      ['ArrowRight', 'Therapist Monthly Report'],
      ['ArrowRight', 'Inventory (PhonePe Income)'],
      ['ArrowLeft', 'Therapist Monthly Report'],
      ['Home', 'Inventory (PhonePe Income)'],
      ['End', 'Therapist Monthly Report'],
    ];
    for (const [key, name] of steps) {
      await page.keyboard.press(key);
      expect(await focused(), key).toBe(name);
    }
    // Only the selected tab is in the tab order; Tab goes on into its panel.
    expect(
      await page.getByRole('tab').evaluateAll((tabs) => tabs.map((t) => t.getAttribute('tabindex'))),
    ).toEqual(['-1', '-1', '0']);
    expect(await panel(page).getAttribute('aria-labelledby')).toBe(
      await tab(page, 'Therapist Monthly Report').getAttribute('id'),
    );
    await page.keyboard.press('Tab');
    expect(await page.evaluate('document.activeElement?.id')).toBe(
      await panel(page).getByLabel('Year').getAttribute('id'),
    );
    await context.close();
  });
});
