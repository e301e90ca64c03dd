import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { clinicDate, openSlotSet } from './support/admin-data.ts';
import { signedInContext, watchErrors } from './support/admin-session.ts';
import { DESKTOP, launchChromium, PHONE } from './support/browser.ts';
import { createManualPaidBooking, fetchIncome, formatRupees } from './support/report-data.ts';
import { openSignedIn, panel, shortDate, summary, tab } from './support/report-screens.ts';
import { serverUrl } from './support/server.ts';

// Arjun Iyer (online, 08:00 to 13:00 and 17:00 to 20:00) on days the other browser tests leave alone.
const ARJUN_IYER = 6;
const INCOME_DAYS = [clinicDate(11), clinicDate(13)];
const ARJUN_STARTS = [
  '08:00',
  '09:00',
  '10:00',
  '11:00',
  '12:00',
  '13:00',
  '17:00',
  '18:00',
  '19:00',
  '20:00',
];

describe('admin income, and the report screens when there is nothing or no access', () => {
  const baseUrl = serverUrl();
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());

  it('shows the total collected and pages All Transactions by 10, 20 or 50', async () => {
    let count = (await fetchIncome()).total_count;
    // Other browser tests may have booked some of these (admin-reports takes a 20:00 about 10 days on).
    const open = await openSlotSet(ARJUN_IYER, 0);
    const slots = INCOME_DAYS.flatMap((date) => ARJUN_STARTS.map((start) => ({ date, start }))).filter(
      ({ date, start }) => open.has(`${date} ${start}`),
    );
    for (const { date, start } of slots) {
      if (count > 11) break;
      await createManualPaidBooking({
        therapistId: ARJUN_IYER,
        date,
        start,
        name: `E2E Income ${count}`,
        amount: 750.5,
      });
      count += 1;
    }
    const income = await fetchIncome();
    // The server pages the list (newest booking date first) and counts it.
    const total = income.total_count;
    const newest = income.payments[0]!.booking_date;

    const { context, page, errors } = await openSignedIn(browser, '/admin/Income');
    await page.getByRole('heading', { level: 1, name: 'Income Report' }).waitFor();
    expect(await summary(page, 'Total Collected').getByRole('definition').textContent()).toBe(
      formatRupees(income.total_amount),
    );
    const transactions = page.getByRole('region', { name: 'All Transactions' });
    const table = transactions.getByRole('table');
    const bodyRows = table.locator('tbody tr');
    await bodyRows.first().waitFor();
    expect(await table.getByRole('columnheader').allTextContents()).toEqual([
      'Txn ID',
      'Client Name',
      'Client Phone',
      'Booking Date',
      'Amount',
    ]);
    expect(await bodyRows.count()).toBe(10);
    expect(await bodyRows.first().getByRole('cell').nth(3).textContent()).toBe(shortDate(newest));
    const firstRow = await bodyRows.first().textContent();

    const pageCount = Math.ceil(total / 10);
    await transactions.getByText(`Page 1 of ${pageCount}`, { exact: true }).waitFor();
    await transactions.getByRole('button', { name: 'Next' }).click();
    await transactions.getByText(`Page 2 of ${pageCount}`, { exact: true }).waitFor();

    // A new page size starts again at page 1.
    await transactions.getByLabel('Rows per page').selectOption('50');
    // The server sends the new page; the rows on screen stay until it comes.
    await expect.poll(() => bodyRows.count()).toBe(Math.min(total, 50));
    expect(await bodyRows.first().textContent()).toBe(firstRow);
    if (total <= 50) {
      expect(await transactions.getByText(/^Page \d+ of \d+$/).count()).toBe(0);
      expect(await transactions.getByRole('button', { name: 'Previous' }).count()).toBe(0);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('tells an admin who is not a superadmin why Reports and Income stay empty, and hides their links', async () => {
    // A real, active admin without the superadmin role (created in global-setup with `npm run admin`).
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${baseUrl}/admin/login`);
    await page.getByLabel('Email / Username').fill(inject('staffEmail'));
    await page.getByLabel('Password').fill(inject('staffPassword'));
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${baseUrl}/admin/dashboard`);
    await page.getByText(`Welcome, ${inject('staffEmail')}`).waitFor();

    const nav = page.getByRole('navigation', { name: 'Admin' });
    const navLinks = () => nav.getByRole('link').allTextContents();
    // Reports and Income show only to superadmins on the other admin screens (specification section 2).
    for (const [path, loaded] of [
      ['/admin/dashboard', page.getByRole('table', { name: 'Therapists' })],
      ['/admin/calendar', page.getByRole('heading', { level: 1, name: 'Booking Calendar' })],
      ['/admin/patients', page.getByRole('heading', { level: 1, name: 'Client List' })],
      ['/admin/clients', page.getByRole('heading', { level: 1, name: 'Clients & Bookings' })],
    ] as const) {
      await page.goto(`${baseUrl}${path}`);
      await loaded.waitFor();
      expect(await navLinks(), path).toEqual([
        'Dashboard',
        'Calendar View',
        'Client List',
        'Outside schedule',
        'Waitlist',
      ]);
    }

    // The reports and income screens show them to all who reach them; the server refuses the data,
    // and the screen says why, without a Retry that cannot help.
    const why = 'Reports are for superadmins. Ask a superadmin for access.';
    await page.goto(`${baseUrl}/admin/reports`);
    await panel(page).getByText(why, { exact: true }).waitFor();
    // The audit log and holidays are no report: their links stay a superadmin's.
    expect(await navLinks()).toEqual([
      'Dashboard',
      'Calendar View',
      'Client List',
      'Outside schedule',
      'Waitlist',
      'Reports',
      'Income',
    ]);
    expect(await page.getByRole('table', { name: 'Collected payments' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    for (const name of ['End of Day Report', 'Therapist Monthly Report']) {
      await tab(page, name).click();
      await panel(page).getByText(why, { exact: true }).waitFor();
      expect(await panel(page).getByRole('table').count(), name).toBe(0);
      expect(await page.getByRole('button', { name: 'Retry' }).count(), name).toBe(0);
    }

    await page.goto(`${baseUrl}/admin/income`);
    await page
      .getByText('Income is for superadmins. Ask a superadmin for access.', { exact: true })
      .waitFor();
    expect(await page.getByText('Total Collected', { exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    expect(await navLinks()).toEqual([
      'Dashboard',
      'Calendar View',
      'Client List',
      'Outside schedule',
      'Waitlist',
      'Reports',
      'Income',
    ]);
    // Still signed in: a refusal is not a sign-out.
    expect(page.url()).toBe(`${baseUrl}/admin/income`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows a report's fallback message when it cannot be reached, with Retry", async () => {
    const context = await signedInContext(browser);
    await context.route('**/api/admin/reports/eod?**', (route) => route.abort());
    const page = await context.newPage();
    await page.goto(`${baseUrl}/admin/reports`);
    await tab(page, 'End of Day Report').click();
    await panel(page).getByText('Failed to load eod report.', { exact: true }).waitFor();
    expect(await panel(page).getByRole('button', { name: 'Retry' }).isVisible()).toBe(true);
    await context.close();
  });

  it('shows the empty messages when there is nothing to report', async () => {
    const context = await signedInContext(browser);
    // A database without payments or therapists, as a new clinic would have.
    const answer = (body: unknown) => ({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify(body),
    });
    const noPayments = answer({
      total_amount: 0,
      total_count: 0,
      payments: [],
      limit: 10,
      next_cursor: null,
    });
    await context.route('**/api/admin/reports/inventory?**', (route) => route.fulfill(noPayments));
    await context.route('**/api/admin/income?**', (route) => route.fulfill(noPayments));
    await context.route('**/api/admin/reports/therapist-monthly?**', (route) =>
      route.fulfill(answer({ year: 2026, month: 1, therapist_performance: [] })),
    );
    const page = await context.newPage();

    await page.goto(`${baseUrl}/admin/reports`);
    await panel(page).getByText('No payments found for this report.', { exact: true }).waitFor();
    await tab(page, 'Therapist Monthly Report').click();
    await panel(page).getByText('No performance data found for this period.', { exact: true }).waitFor();

    await page.goto(`${baseUrl}/admin/income`);
    await page.getByText('No income data available.', { exact: true }).waitFor();
    expect(await page.getByText('Total Income: ₹0.00', { exact: true }).isVisible()).toBe(true);
    await context.close();
  });

  it('fits a phone: the tabs and tables scroll sideways, not the page', async () => {
    const { context, page } = await openSignedIn(browser, '/admin/reports', { viewport: PHONE });
    await page.getByRole('table', { name: 'Collected payments' }).waitFor();
    const widths = () =>
      page.evaluate(
        "({ page: document.documentElement.scrollWidth, table: document.querySelector('.admin-table-wrap').scrollWidth, wrap: document.querySelector('.admin-table-wrap').clientWidth })",
      ) as Promise<{ page: number; table: number; wrap: number }>;
    const inventory = await widths();
    expect(inventory.page).toBeLessThanOrEqual(PHONE.width);
    expect(inventory.table).toBeGreaterThan(inventory.wrap);

    await page.goto(`${baseUrl}/admin/income`);
    await page.getByRole('region', { name: 'All Transactions' }).getByRole('table').waitFor();
    expect((await widths()).page).toBeLessThanOrEqual(PHONE.width);
    await context.close();
  });
});
