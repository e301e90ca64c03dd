import { formatShortDate } from '@therapy/shared/display-format';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicDate, createOfflineBooking } from './support/admin-data.ts';
import { openDashboard, signedInContext } from './support/admin-session.ts';
import { DESKTOP, launchChromium, PHONE } from './support/browser.ts';
import { serverUrl } from './support/server.ts';

const FATIMA_SHEIKH = 5; // in person at location 2
const EAST_BRANCH = 2;
const WEEK = { from: clinicDate(7), to: clinicDate(13) };

/** The keys typed into a date field in an en-US browser (mm/dd/yyyy): '2026-11-30' → '11302026'. */
const typedUsDate = (isoDate: string) => {
  const [year, month, day] = isoDate.split('-');
  return `${month}${day}${year}`;
};

/** Every one of `buttons` (or links) lies inside the window and is named after its visible label. */
async function expectActionsFit(page: Page, buttons: Locator, width: number, required = true) {
  const count = await buttons.count();
  if (required) expect(count).toBeGreaterThan(0);
  for (let index = 0; index < count; index += 1) {
    const button = buttons.nth(index);
    await button.scrollIntoViewIfNeeded();
    const box = await button.boundingBox();
    const text = ((await button.textContent()) ?? '').trim();
    const name = (await button.getAttribute('aria-label')) ?? text;
    expect(text, name).not.toBe('');
    // The visible label starts the accessible name (WCAG 2.5.3), which then says which booking.
    expect(name.startsWith(text), `${name} / ${text}`).toBe(true);
    expect(box, name).not.toBeNull();
    expect(box && box.x >= 0 && box.x + box.width <= width, `${name} at ${JSON.stringify(box)}`).toBe(true);
  }
  const scrollWidth = await page.evaluate('document.documentElement.scrollWidth');
  expect(scrollWidth).toBeLessThanOrEqual(width);
}

describe('All Bookings filters and lists that fit', () => {
  let browser: Browser;
  const ids: number[] = [];
  let outside = 0;

  beforeAll(async () => {
    browser = await launchChromium();
    const book = (days: number, name: string) =>
      createOfflineBooking({
        therapistId: FATIMA_SHEIKH,
        locationId: EAST_BRANCH,
        date: clinicDate(days),
        start: '15:00',
        name,
      });
    ids.push(await book(8, 'E2E Filter Week One'), await book(9, 'E2E Filter Week Two'));
    outside = await book(5, 'E2E Filter Before');
  });
  afterAll(() => browser.close());

  it("filters to one therapist's week, kept in the address through a reload and Back", async () => {
    const context = await signedInContext(browser, { locale: 'en-US' });
    const page = await context.newPage();
    await openDashboard(page);
    const all = page.getByRole('region', { name: 'All Bookings' });
    await all.getByRole('table', { name: 'All bookings' }).waitFor();
    await all.getByLabel('Therapist').selectOption(String(FATIMA_SHEIKH));
    // Typed key by key, as a keyboard user does: the half-typed year ('0002-…') must not clear it.
    await all.getByLabel('From').focus();
    await page.keyboard.type(typedUsDate(WEEK.from), { delay: 20 });
    await page.waitForURL(/from=/);
    expect(await all.getByLabel('From').inputValue()).toBe(WEEK.from);
    await all.getByLabel('To').fill(WEEK.to);
    await page.waitForURL(/to=/);
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toEqual({ therapist: '5', ...WEEK });

    const expectWeek = async () => {
      // The last filter's rows stay, marked busy, until the week's answer comes (a full run saw
      // the therapist's rows before From applied, the day before among them).
      await expect.poll(() => all.locator('[aria-busy="true"]').count()).toBe(0);
      await all.getByRole('row').filter({ hasText: 'E2E Filter Week Two' }).waitFor();
      const rows = all.getByRole('table').getByRole('row');
      const texts = (await rows.allTextContents()).slice(1);
      expect(texts.length).toBeGreaterThanOrEqual(2);
      for (const text of texts) expect(text).toContain('Fatima Sheikh');
      expect(texts.some((text) => text.includes('E2E Filter Week One'))).toBe(true);
      expect(texts.some((text) => text.includes(String(outside)) && text.includes('E2E Filter Before'))).toBe(
        false,
      );
      // Dates as the table shows them ('Thu, Nov 26'): the week's are there, the day before is not.
      expect(await all.getByText(formatShortDate(clinicDate(9))).count()).toBeGreaterThan(0);
      expect(await all.getByText(formatShortDate(clinicDate(5))).count()).toBe(0);
    };
    await expectWeek();
    await page.reload();
    await expectWeek();
    expect(await all.getByLabel('Therapist').inputValue()).toBe('5');
    expect(await all.getByLabel('From').inputValue()).toBe(WEEK.from);

    await all.getByLabel('Client name, e-mail or mobile').fill('nobody-matches-this');
    await all.getByRole('button', { name: 'Search' }).click();
    await all.getByText('No bookings match these filters.').waitFor();
    await page.goBack();
    await expectWeek();
    await all.getByRole('button', { name: 'Clear filters' }).click();
    await page.waitForURL((address) => address.search === '');
    await all.getByRole('row').filter({ hasText: 'E2E Filter Before' }).first().waitFor();
    await context.close();
  });

  it('keeps the rows and the keyboard on Next while the next page loads', async () => {
    const context = await signedInContext(browser);
    const page = await context.newPage();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Three pages whatever the shared data holds: the answer's total says 30, and page 2 (which
    // waits) repeats page 1's rows, so that it is never empty.
    await page.route(
      (url) => url.pathname === '/api/admin/bookings',
      async (route) => {
        const url = new URL(route.request().url());
        if (url.searchParams.has('cursor')) await held;
        url.searchParams.delete('cursor');
        const response = await route.fetch({ url: url.toString() });
        const body = (await response.json()) as { items: { id: number }[]; next_cursor: string | null };
        const nextCursor = body.next_cursor ?? String(body.items.at(-1)?.id ?? 1);
        await route.fulfill({ response, json: { ...body, total: 30, next_cursor: nextCursor } });
      },
    );
    await openDashboard(page);
    const all = page.getByRole('region', { name: 'All Bookings' });
    const table = all.getByRole('table', { name: 'All bookings' });
    await all.getByText('Page 1 of 3').waitFor();
    await all.getByRole('button', { name: 'Next' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/cursor=/);
    // Loading: the last rows stay on screen, marked busy, instead of a spinner.
    await all.locator('div[aria-busy="true"]').waitFor();
    expect(await table.isVisible()).toBe(true);
    release();
    await all.locator('div[aria-busy="true"]').waitFor({ state: 'detached' });
    expect(await all.getByText('Page 2 of 3').isVisible()).toBe(true);
    expect(await page.locator(':focus').textContent()).toBe('Next');
    await context.close();
  });

  it.each([
    ['a 1280×800 screen', DESKTOP],
    ['a 390×844 phone', PHONE],
  ])('shows every action of the dashboard lists on %s, labelled', async (_, viewport) => {
    const context = await signedInContext(browser, { viewport });
    const page = await context.newPage();
    await openDashboard(page);
    const all = page.getByRole('region', { name: 'All Bookings' });
    await all.getByRole('table', { name: 'All bookings' }).waitFor();
    await expectActionsFit(page, all.getByRole('table').getByRole('button'), viewport.width);

    await page.getByRole('button', { name: 'View availability of Fatima Sheikh' }).click();
    const details = page.getByRole('region', { name: 'Fatima Sheikh' });
    await details.getByLabel('Date').selectOption(clinicDate(8));
    const booked = details.getByRole('region', { name: 'Booked Sessions' });
    await booked.getByRole('table').waitFor();
    await expectActionsFit(page, booked.getByRole('table').getByRole('button'), viewport.width);
    // The slots panel: Block and Unblock on each free or blocked slot.
    await expectActionsFit(page, details.getByRole('listitem').getByRole('button'), viewport.width);
    await context.close();
  });

  it.each([
    ['a 1280×800 screen', DESKTOP],
    ['a 390×844 phone', PHONE],
  ])("shows each row's link of the client lists on %s", async (_, viewport) => {
    const context = await signedInContext(browser, { viewport });
    const page = await context.newPage();
    await page.goto(`${serverUrl()}/admin/clients`);
    const clients = page.getByRole('table', { name: 'Client bookings' });
    await clients.waitFor();
    await expectActionsFit(page, clients.getByRole('link'), viewport.width);
    await page.goto(`${serverUrl()}/admin/patients`);
    const search = page.getByRole('table', { name: 'Clients' });
    await search.waitFor();
    await expectActionsFit(page, search.getByRole('link'), viewport.width);
    await context.close();
  });

  it.each([
    ['a 1280×800 screen', DESKTOP],
    ['a 390×844 phone', PHONE],
  ])('keeps income, reports and the audit log within %s', async (_, viewport) => {
    const context = await signedInContext(browser, { viewport });
    const page = await context.newPage();
    for (const path of ['/admin/income', '/admin/reports', '/admin/audit-log']) {
      await page.goto(`${serverUrl()}${path}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      // These lists have no row actions; the screen's own buttons (Download Excel) must fit.
      await expectActionsFit(page, page.getByRole('main').getByRole('button'), viewport.width, false);
    }
    await context.close();
  });
});
