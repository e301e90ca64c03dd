import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCredentials, signedInContext } from './support/admin-session.ts';
import { launchChromium } from './support/browser.ts';

const { baseUrl } = adminCredentials();

/**
 * Each admin screen's load failure: the specification's title and message, Retry that loads
 * again, and Logout. The failing call is answered by the browser test, the rest by the server.
 */
describe('admin screens when their data cannot be loaded', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser.close());

  it.each([
    ['/admin/dashboard', '**/api/admin/bookings?*', 'Failed to load admin data.', 'Therapists'],
    ['/admin/calendar', '**/api/admin/calendar?*', 'Error Loading Calendar', 'Booking Calendar'],
    ['/admin/clients', '**/api/admin/clients-with-therapists*', 'Error Loading Data', 'Refresh Data'],
    ['/admin/patients', '**/api/admin/search-clients*', 'Error', 'Search Clients'],
  ])(
    '%s, with %s failing: shows its error panel, then recovers on Retry',
    async (path, call, title, loaded) => {
      const context = await signedInContext(browser);
      const page = await context.newPage();
      let fail = true;
      await page.route(call, (route) =>
        fail
          ? route.fulfill({
              status: 500,
              contentType: 'application/json',
              body: JSON.stringify({ detail: 'Database unavailable' }),
            })
          : route.continue(),
      );
      await page.goto(`${baseUrl}${path}`);
      const panel = page.getByRole('heading', { name: title, exact: true });
      await panel.waitFor();
      expect(await page.getByText('Database unavailable').isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: 'Logout' }).last().isVisible()).toBe(true);

      fail = false;
      await page.getByRole('button', { name: 'Retry' }).click();
      await page.getByText(loaded, { exact: false }).first().waitFor();
      expect(await panel.count()).toBe(0);
      await context.close();
    },
  );

  // A wrong shape (an update half-deployed, a proxy's answer) must not reach the screen as a
  // wrong figure: each of these is answered with 200 and a body the shared schema refuses.
  it.each([
    [
      '/admin/dashboard',
      '**/api/admin/bookings?*',
      { items: [{ id: 1, amount: 'lots' }], total: 1, limit: 10, next_cursor: null },
      'Failed to load admin data.',
      null,
    ],
    [
      '/admin/income',
      '**/api/admin/income?*',
      { total_amount: '₹9,99,999', payments: [] },
      'Error Loading Income',
      'Failed to load income data.',
    ],
    [
      '/admin/reports',
      '**/api/admin/reports/inventory*',
      { total_amount: 1500, payments: [{ amount: null }] },
      null,
      'Failed to load inventory report.',
    ],
  ])(
    '%s, with %s answering a wrong shape: shows its load failure, not the figures',
    async (path, call, body, title, message) => {
      const context = await signedInContext(browser);
      const page = await context.newPage();
      await page.route(call, (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) }),
      );
      await page.goto(`${baseUrl}${path}`);
      if (title) await page.getByRole('heading', { name: title, exact: true }).waitFor();
      if (message) await page.getByText(message, { exact: true }).waitFor();
      expect(await page.getByRole('button', { name: 'Retry' }).isVisible()).toBe(true);
      const shown = (await page.locator('main').textContent()) ?? '';
      expect(shown).not.toContain('9,99,999');
      expect(shown).not.toContain('1,500');
      expect(shown).not.toContain('lots');
      await context.close();
    },
  );

  it('logs out from the error panel', async () => {
    const context = await signedInContext(browser);
    const page = await context.newPage();
    await page.route('**/api/admin/calendar?*', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"detail":"Database unavailable"}',
      }),
    );
    await page.goto(`${baseUrl}/admin/calendar`);
    await page.getByRole('heading', { name: 'Error Loading Calendar' }).waitFor();
    await page.getByRole('main').getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${baseUrl}/admin/login`);
    await context.close();
  });
});
