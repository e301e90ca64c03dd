import type { Browser, BrowserContext, Page } from 'playwright-core';
import { signedInContext, watchErrors } from './admin-session.ts';
import { serverUrl } from './server.ts';

/** Finding things on the Reports and Income screens, by role and visible name. */

/** As the report screens show dates: 'Mon, Nov 23'. */
export function shortDate(isoDate: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    weekday: 'short',
    month: 'short',
    day: 'numeric',
  }).format(new Date(`${isoDate}T00:00:00Z`));
}

/** A signed-in page at `pathname`, with its uncaught errors collected. */
export async function openSignedIn(
  browser: Browser,
  pathname: string,
  options: Parameters<typeof signedInContext>[1] = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await signedInContext(browser, options);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`${serverUrl()}${pathname}`);
  return { context, page, errors };
}

export const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });

export const panel = (page: Page) => page.getByRole('tabpanel');

/** A figure of a report's summary ('Total Amount', 'Completed'), term and value. */
export const summary = (page: Page, term: string) =>
  page
    .locator('.report-summary__item')
    .filter({ has: page.getByRole('term').getByText(term, { exact: true }) });
