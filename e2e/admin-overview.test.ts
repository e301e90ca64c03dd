import { addDays } from '@therapy/shared/clinic-time';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDate } from './support/admin-data.ts';
import { watchErrors } from './support/admin-session.ts';
import { violations } from './support/axe.ts';
import { DESKTOP, launchChromium, PHONE } from './support/browser.ts';
import { createManualPaidBooking } from './support/report-data.ts';
import { openSignedIn } from './support/report-screens.ts';
import { serverUrl } from './support/server.ts';

// Online, 08:00 to 13:00 and 17:00 to 20:00; other files book its 18:00 and others, not 12:00.
const ARJUN_IYER = 6;

/*
 * The owner's overview (issue 29) in Chromium, on a phone and a desktop: it draws its charts and
 * the tables beside them, for a from–to around a paid session made here. The figures themselves
 * are the API tests' (overview-figures.test.ts); this shows what the screen makes of them. The
 * day is found among the open ones, so the test runs on any day at any hour.
 */
describe("the owner's overview", () => {
  let browser: Browser;
  let day = '';

  beforeAll(async () => {
    browser = await launchChromium();
    day = await openDate(12, { therapistId: ARJUN_IYER, locationId: 0, starts: ['12:00'] });
    await createManualPaidBooking({
      therapistId: ARJUN_IYER,
      date: day,
      start: '12:00',
      name: 'E2E Overview',
      amount: 900,
    });
  });
  afterAll(() => browser?.close());

  async function showPeriodAroundTheSession(page: Page) {
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    await page.getByRole('radio', { name: 'From–to' }).check();
    await page.getByLabel('From', { exact: true }).fill(addDays(day, -6));
    await page.getByLabel('To', { exact: true }).fill(addDays(day, 7));
    await page.getByRole('button', { name: 'Show' }).click();
    // The figures of the period asked (the last ones stay on screen until they come).
    await page.locator(`[data-period="${addDays(day, -6)}_${addDays(day, 7)}"]`).waitFor();
  }

  const table = (page: Page, name: string) => page.getByRole('table', { name, exact: true });

  for (const [device, viewport] of [
    ['a phone', PHONE],
    ['a desktop', DESKTOP],
  ] as const) {
    it(`draws its charts and tables on ${device}`, async () => {
      const { context, page, errors } = await openSignedIn(browser, '/admin/overview', { viewport });
      await showPeriodAroundTheSession(page);
      // The headline figures, each with the period before.
      await page.getByRole('heading', { level: 2, name: 'Income collected' }).waitFor();
      expect(await page.getByText(/before: /).count()).toBeGreaterThanOrEqual(8);

      // Each chart's table: the week of the session has its income; Arjun Iyer's row is there.
      const income = table(page, 'Income and sessions by week');
      await income.waitFor();
      expect(await income.getByRole('row').count()).toBeGreaterThanOrEqual(3);
      const utilisation = table(page, 'Utilisation by therapist');
      await utilisation.getByRole('row').filter({ hasText: 'Arjun Iyer' }).waitFor();
      for (const name of ['Busiest weekdays', 'Busiest hours', 'How far ahead clients book']) {
        await table(page, name).waitFor();
      }
      expect(await table(page, 'Busiest weekdays').getByRole('row').count()).toBe(8);

      // Five charts drawn by uPlot (a canvas each), hidden from screen readers: the tables say it.
      await page.locator('.overview-chart[data-chart="drawn"] canvas').nth(4).waitFor();
      const charts = page.locator('.overview-chart[data-chart="drawn"]');
      expect(await charts.count()).toBe(5);
      expect(await charts.first().getAttribute('aria-hidden')).toBe('true');
      const chartWidth = await page.evaluate(
        'document.querySelector(\'.overview-chart[data-chart="drawn"]\').getBoundingClientRect().width',
      );
      expect(chartWidth).toBeGreaterThan(200);
      expect(chartWidth).toBeLessThanOrEqual(viewport.width);
      // Nothing wider than the screen: the page does not scroll sideways.
      const pageWidth = await page.evaluate('document.documentElement.scrollWidth');
      expect(pageWidth).toBeLessThanOrEqual(viewport.width);
      // WCAG 2.1 A and AA, as every screen (accessibility.test.ts).
      expect(await violations(page)).toEqual([]);

      // In Hindi on request, this screen only.
      await page.getByRole('button', { name: 'हिन्दी' }).click();
      await page.getByRole('heading', { level: 1, name: 'सारांश' }).waitFor();
      await table(page, 'थेरेपिस्ट के अनुसार उपयोग').waitFor();
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('saves the figures as an Excel file', async () => {
    const { context, page, errors } = await openSignedIn(browser, '/admin/overview');
    await showPeriodAroundTheSession(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download Excel' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`Overview_${addDays(day, -6)}_${addDays(day, 7)}.xlsx`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("is where a superadmin's sign-in lands", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${serverUrl()}/admin/login`);
    await page.getByLabel('Email / Username').fill(inject('adminEmail'));
    await page.getByLabel('Password').fill(inject('adminPassword'));
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${serverUrl()}/admin/overview`);
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    // This month, by default.
    expect(await page.getByRole('radio', { name: 'This month' }).isChecked()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
