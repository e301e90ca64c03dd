import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInContext } from './support/admin-session.ts';
import { goToConfirmation } from './support/booking-wizard.ts';
import { DESKTOP, launchChromium } from './support/browser.ts';
import { panel, tab } from './support/report-screens.ts';
import { serverUrl } from './support/server.ts';

/*
 * The server's Content-Security-Policy (apps/server/src/http/security-headers.ts) must block
 * nothing the app itself does: every kind of screen is gone through in a real browser and
 * any violation, or any complaint about the Permissions-Policy header, fails the test.
 */

/** Every document reports its violations to the console, where the context's listener sees them. */
const REPORT_VIOLATIONS = `document.addEventListener('securitypolicyviolation', (event) => {
  console.error('CSP violation: ' + event.violatedDirective + ' blocked ' + (event.blockedURI || 'inline') +
    ' in ' + event.documentURI + ' (' + event.sourceFile + ':' + event.lineNumber + ')');
}, true);`;

const COMPLAINT = /Content Security Policy|CSP violation|Permissions-Policy|Permissions policy/i;

/** A context whose pages' violations, CSP console messages and uncaught errors are collected. */
async function watchedContext(
  context: BrowserContext,
): Promise<{ context: BrowserContext; problems: string[] }> {
  const problems: string[] = [];
  await context.addInitScript({ content: REPORT_VIOLATIONS });
  context.on('console', (message) => {
    if (COMPLAINT.test(message.text())) problems.push(`${message.page()?.url()}: ${message.text()}`);
  });
  context.on('weberror', (error) => {
    // A new tab's about:blank has no storage: signedInContext's seeding script fails there, harmlessly.
    if (error.page()?.url() !== 'about:blank') problems.push(`uncaught: ${error.error().message}`);
  });
  return { context, problems };
}

/** The page's own answer carries the policy: without it, a clean run would prove nothing. */
async function goTo(page: Page, url: string) {
  const response = await page.goto(url);
  expect(response?.headers()['content-security-policy'], url).toContain("script-src 'self'");
}

describe('the Content-Security-Policy', () => {
  const baseUrl = serverUrl();
  // PUBLIC_URL (the payment provider returns there, and the API docs name it as their server).
  const publicUrl = baseUrl.replace('127.0.0.1', 'localhost');
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());

  it('blocks nothing on the way through the wizard, the sandbox payment page and the status pages', async () => {
    const { context, problems } = await watchedContext(await browser.newContext({ viewport: DESKTOP }));
    const page = await context.newPage();

    // Online: the wizard, the payment page (its form posts here and is sent on to PUBLIC_URL).
    await goTo(page, `${baseUrl}/`);
    await goToConfirmation(page, { type: 'online', therapist: 'Rohan Kapoor' });
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await page.getByRole('button', { name: /^Pay ₹/ }).click();
    await page.waitForURL(/\/payment-status\?/);
    await page.getByRole('heading', { name: 'Booking Confirmed!' }).waitFor();
    const meeting = page.locator('.summary').getByRole('link');
    expect(await meeting.getAttribute('href')).toMatch(/^https:\/\//);

    // In person, in a tab of its own (the first one's draft is still there): the centres'
    // photos, then the status page with its token.
    const inPerson = await context.newPage();
    await goTo(inPerson, `${baseUrl}/`);
    await goToConfirmation(inPerson, { type: 'offline', location: 'West Branch', therapist: 'Priya Nair' });
    await inPerson.getByRole('button', { name: 'Confirm Booking' }).click();
    await inPerson.waitForURL(/\/payment-status\?booking_id=\d+&token=/);
    await inPerson.getByRole('heading', { name: 'Booking Confirmed!' }).waitFor();

    expect(problems).toEqual([]);
    await context.close();
  });

  it('blocks nothing on the admin screens, the Excel export included', async () => {
    const { context, problems } = await watchedContext(await signedInContext(browser));
    const page = await context.newPage();

    await goTo(page, `${baseUrl}/admin/dashboard`);
    await page.getByRole('table', { name: 'Therapists' }).waitFor();
    await page.getByRole('button', { name: 'View availability of Karan Singh' }).click();
    await page.getByRole('region', { name: 'Karan Singh' }).getByRole('listitem').first().waitFor();
    for (const [path, heading] of [
      ['/admin/calendar', 'Booking Calendar'],
      ['/admin/patients', 'Client List'],
      ['/admin/clients?search=Anita', 'Clients & Bookings'],
      ['/admin/income', 'Income Report'],
      ['/admin/audit-log', 'Audit Log'],
      ['/admin/privacy', 'Privacy Desk'],
      ['/admin/clinic', 'Clinic Profile'],
      ['/admin/system', 'System'],
      ['/admin/reports', 'Reports'],
    ]) {
      await goTo(page, `${baseUrl}${path}`);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    }
    // The online booking of the test above has been paid: the inventory has a row to export.
    await tab(page, 'Inventory (PhonePe Income)').waitFor();
    await panel(page).getByRole('table').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      panel(page).getByRole('button', { name: 'Download Excel' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Inventory_Report_.+\.xlsx$/);
    await tab(page, 'Therapist Monthly Report').click();
    await panel(page).getByRole('table').waitFor();

    expect(problems).toEqual([]);
    await context.close();
  });

  it('blocks nothing in the API docs, a call tried out from them included', async () => {
    const { context, problems } = await watchedContext(await browser.newContext({ viewport: DESKTOP }));
    const page = await context.newPage();
    await goTo(page, `${publicUrl}/api/docs`);
    await page
      .locator('.swagger-ui .info .title')
      .filter({ hasText: 'Therapy session booking API' })
      .waitFor();
    const operation = page.locator('.opblock').filter({ has: page.locator('[data-path="/locations"]') });
    await operation.locator('.opblock-summary').click();
    await operation.getByRole('button', { name: 'Try it out' }).click();
    await operation.getByRole('button', { name: 'Execute' }).click();
    await operation
      .locator('.live-responses-table .response-col_status')
      .filter({ hasText: '200' })
      .waitFor();

    expect(problems).toEqual([]);
    await context.close();
  });

  it('is watched for real: an inline script is refused and reported', async () => {
    const { context, problems } = await watchedContext(await browser.newContext({ viewport: DESKTOP }));
    const page = await context.newPage();
    await goTo(page, `${baseUrl}/`);
    await page.evaluate(
      "(() => { const s = document.createElement('script'); s.textContent = 'window.inlineRan = true'; document.head.append(s); })()",
    );
    await expect.poll(() => problems.length).toBeGreaterThan(0);
    expect(problems.join('\n')).toMatch(/script-src/);
    expect(await page.evaluate('window.inlineRan === true')).toBe(false);
    await context.close();
  });
});
