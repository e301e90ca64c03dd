import { chromium, type Locator, type Page } from 'playwright-core';
import { chromiumLaunchOptions } from '../scripts/chromium-options.mjs';

/**
 * The admin screens at a million bookings, in Chromium as an admin uses them (issue 13: "the
 * admin screens work page by page at that scale in the browser"): each screen's first rows, then
 * its next page, timed from the click to the new rows. A screen that shows an error, logs one to
 * the console, or gets a 4xx or 5xx answer counts as a miss.
 */
export type ScreenWalk = {
  name: string;
  firstRowsMs: number;
  nextPageMs: number | null;
  shown: string;
  problems: string[];
};

type Screen = {
  name: string;
  path: string;
  heading: string;
  /** What to do before the list (a search); the list is then the first table on the screen. */
  prepare?: (page: Page) => Promise<void>;
  /** The region holding the list, where the screen has more than one. */
  region?: string;
  /** The calendar: its month grid, then a busy day's events and Show more. */
  calendar?: boolean;
};

const SCREENS: Screen[] = [
  { name: 'Dashboard: All Bookings', path: '/admin/dashboard', heading: 'Dashboard', region: 'All Bookings' },
  { name: 'Clients & Bookings', path: '/admin/clients', heading: 'Clients & Bookings' },
  { name: 'Client List', path: '/admin/patients', heading: 'Client List' },
  {
    name: 'Client List: search "sharma"',
    path: '/admin/patients',
    heading: 'Client List',
    prepare: async (page) => {
      await page.getByLabel('Client name, email or mobile').fill('sharma');
      await page.getByRole('button', { name: 'Search' }).click();
      await page.locator('[aria-busy="false"] tbody tr').first().waitFor();
    },
  },
  { name: 'Income Report', path: '/admin/income', heading: 'Income Report' },
  { name: 'Audit log', path: '/admin/audit-log', heading: 'Audit Log' },
  {
    name: 'Booking Calendar: a month, then a day',
    path: '/admin/calendar',
    heading: 'Booking Calendar',
    calendar: true,
  },
];

export async function walkAdminScreens(base: string, token: string, user: object): Promise<ScreenWalk[]> {
  const browser = await chromium.launch(await chromiumLaunchOptions());
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const seed = JSON.stringify({ token, user: JSON.stringify(user) });
    await context.addInitScript({
      content: `(() => { const { token, user } = ${seed}; localStorage.setItem('admin_token', token); localStorage.setItem('admin_user', user); })();`,
    });
    const walks: ScreenWalk[] = [];
    for (const screen of SCREENS) walks.push(await walkScreen(await context.newPage(), base, screen));
    return walks;
  } finally {
    await browser.close();
  }
}

async function walkScreen(page: Page, base: string, screen: Screen): Promise<ScreenWalk> {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text().slice(0, 120)}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  const walk: ScreenWalk = {
    name: screen.name,
    firstRowsMs: Number.NaN,
    nextPageMs: null,
    shown: '',
    problems,
  };
  try {
    const started = performance.now();
    await page.goto(`${base}${screen.path}`);
    await page.getByRole('heading', { level: 1, name: screen.heading }).waitFor({ timeout: 15_000 });
    if (screen.calendar) {
      await walkCalendar(page, walk, started);
      return walk;
    }
    await screen.prepare?.(page);
    const list = screen.region ? page.getByRole('region', { name: screen.region }) : page;
    await list.locator('table tbody tr').first().waitFor({ timeout: 15_000 });
    walk.firstRowsMs = performance.now() - started;
    const pages = list.locator('nav[aria-label^="Pages of"]').first();
    const range = pages.locator('.admin-pagination__range');
    const before = (await range.textContent()) ?? '';
    const next = pages.getByRole('button', { name: 'Next' });
    if ((await next.count()) === 0 || (await next.isDisabled())) {
      walk.shown = before;
      return walk;
    }
    const clicked = performance.now();
    await next.click();
    await changed(page, range, before);
    walk.nextPageMs = performance.now() - clicked;
    walk.shown = `${before} → ${await range.textContent()}`;
  } catch (error) {
    problems.push(error instanceof Error ? error.message.split('\n')[0]! : String(error));
  } finally {
    await page.close();
  }
  return walk;
}

/** The month's counts, then the first busy day's events: the first 100, and Show more for the next. */
async function walkCalendar(page: Page, walk: ScreenWalk, started: number) {
  // Each day's button names its count ("…, 912 bookings"); the count badges show on phones only.
  const busy = page.locator(
    'button.admin-calendar__open[aria-label$=" bookings"], button.admin-calendar__open[aria-label$=" 1 booking"]',
  );
  await busy.first().waitFor({ timeout: 15_000 });
  walk.firstRowsMs = performance.now() - started;
  const busyDays = await busy.count();
  await busy.first().click();
  const tally = page.getByRole('dialog').locator('.admin-day-events__more p').first();
  await tally.waitFor({ timeout: 15_000 });
  const before = (await tally.textContent()) ?? '';
  const more = page.getByRole('dialog').getByRole('button', { name: 'Show more' });
  if ((await more.count()) === 0) {
    walk.shown = `${busyDays} days with bookings; ${before}`;
    return;
  }
  const clicked = performance.now();
  await more.click();
  await changed(page, tally, before);
  walk.nextPageMs = performance.now() - clicked;
  walk.shown = `${busyDays} days with bookings; ${before} → ${await tally.textContent()}`;
}

/** Until `text` no longer reads `old` and nothing on the page is busy (polled: the CSP forbids eval). */
async function changed(page: Page, text: Locator, old: string) {
  const until = performance.now() + 15_000;
  while (performance.now() < until) {
    const now = (await text.textContent()) ?? '';
    if (now !== old && (await page.locator('[aria-busy="true"]').count()) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`still "${old}" after 15 s`);
}
