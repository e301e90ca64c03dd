import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOfflineBooking, openDate } from './support/admin-data.ts';
import { adminCredentials, signedInContext, watchErrors } from './support/admin-session.ts';
import { launchChromium, PHONE } from './support/browser.ts';

const { baseUrl } = adminCredentials();
const PRIYA_NAIR = 3; // in person at location 1 (West Branch), 08:00 to 13:00
const WEST_BRANCH = 1;

const monthTitle = (isoDate: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
const fullDate = (isoDate: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  }).format(new Date(`${isoDate}T00:00:00Z`));

describe('admin calendar and client screens', () => {
  let browser: Browser;
  let date = '';
  const clientName = 'E2E Calendar Person';

  beforeAll(async () => {
    browser = await launchChromium();
    // Priya Nair works Monday to Friday: a day she does, about 11 days ahead.
    date = await openDate(11, { therapistId: PRIYA_NAIR, locationId: WEST_BRANCH, starts: ['13:00'] });
    await createOfflineBooking({
      therapistId: PRIYA_NAIR,
      locationId: WEST_BRANCH,
      date,
      start: '13:00',
      name: clientName,
      // A client of its own: the list shows a client's latest name, and other files book as the
      // shared e2e client under other names, before or after this one.
      email: 'calendar.person@example.com',
      mobile: '9811100077',
    });
  });
  afterAll(() => browser.close());

  it("shows a booking in the month grid and the day's events in a dialog", async () => {
    const context = await signedInContext(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${baseUrl}/admin/calendar`);
    await page.getByRole('heading', { level: 1, name: 'Booking Calendar' }).waitFor();
    await page.getByText('View all confirmed and pending bookings.').waitFor();
    const title = page.getByRole('heading', { level: 2 });
    await title.waitFor();
    if ((await title.textContent()) !== monthTitle(date)) {
      await page.getByRole('button', { name: 'Next month' }).click();
    }
    await expect(title.textContent()).resolves.toBe(monthTitle(date));

    const day = page.getByRole('button', { name: new RegExp(`^${fullDate(date)}, \\d+ bookings?$`) });
    await day.click();
    const dialog = page.getByRole('dialog', { name: `Events on ${fullDate(date)}` });
    await dialog.waitFor();
    const event = dialog.getByRole('listitem').filter({ hasText: clientName });
    await event.getByText('1:00 PM – 2:00 PM').waitFor();
    for (const text of ['Pending', 'In-Person', 'Dr. Priya Nair', 'West Branch']) {
      expect(await event.getByText(text, { exact: true }).isVisible(), text).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // Past days hold no bookings.
    await page.getByRole('button', { name: 'Today' }).click();
    await page.getByRole('button', { name: 'Previous month' }).click();
    await page
      .getByRole('button', { name: /, no bookings$/ })
      .nth(10)
      .click();
    await page.getByRole('dialog').getByText('No events scheduled for this day').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('finds a client by name on the client list and opens their bookings', async () => {
    const context = await signedInContext(browser, { viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/admin/patients`);
    await page.getByRole('heading', { name: 'Search Clients' }).waitFor();
    await page.getByRole('table', { name: 'Clients' }).waitFor();

    await page.getByLabel('Client name, email or mobile').fill('e2e calendar person');
    await page.keyboard.press('Enter');
    // The unfiltered list stays on screen (busy) until the search answers, and it holds this client too.
    const clients = page.getByRole('table', { name: 'Clients' }).and(page.locator('[aria-busy="false"]'));
    const link = clients.getByRole('link', { name: clientName });
    await link.waitFor();
    expect(await clients.getByRole('row').count()).toBe(2);

    await page.getByLabel('Client name, email or mobile').fill('no such client anywhere');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('No clients found. Try searching by name, email, or mobile number.').waitFor();

    await page.getByLabel('Client name, email or mobile').fill('E2E Calendar');
    await page.getByRole('button', { name: 'Search' }).click();
    await link.click();
    await page.waitForURL(`${baseUrl}/admin/clients?search=${encodeURIComponent(clientName)}`);
    await page.getByRole('heading', { level: 1, name: 'Clients & Bookings' }).waitFor();
    expect(await page.getByLabel('Filter by client name').inputValue()).toBe(clientName);
    const rows = page.getByRole('table', { name: 'Client bookings' }).getByRole('row');
    const row = rows.filter({ hasText: clientName });
    await row.waitFor();
    expect(await rows.count()).toBe(2);
    for (const text of ['Priya Nair', 'In-Person', 'Pending', '1:00 PM']) {
      expect(await row.getByText(text, { exact: true }).isVisible(), text).toBe(true);
    }
    await context.close();
  });
});
