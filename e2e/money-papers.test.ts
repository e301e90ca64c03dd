import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookInPerson } from './support/admin-data.ts';
import { loginThroughApi, signedInContext, watchErrors } from './support/admin-session.ts';
import { violations } from './support/axe.ts';
import { launchChromium, PHONE } from './support/browser.ts';
import { EAST_BRANCH, FATIMA_SHEIKH, twoOpenDays } from './support/manage-data.ts';
import { serverUrl } from './support/server.ts';

/*
 * The money papers in the browser (issue 27): a payment taken at the centre gets its receipt; the
 * client finds it on the manage page and opens its PDF; a superadmin finds it in the Receipts
 * Register, and the month on the Payouts screen.
 */
describe('receipts, the register and the payouts', () => {
  let browser: Browser;
  let bookingId: number;
  let number: string;
  let confirmationToken: string;

  beforeAll(async () => {
    browser = await launchChromium();
    // An open slot ten days or more ahead, on a later day than the first: other browser tests book nearer.
    const [, slot] = await twoOpenDays(10);
    const booking = await bookInPerson({
      therapistId: FATIMA_SHEIKH,
      locationId: EAST_BRANCH,
      ...slot,
      name: 'E2E Receipt Client',
    });
    bookingId = booking.booking_id;
    confirmationToken = booking.confirmation_token;
    const { access_token: token } = await loginThroughApi();
    const paid = await fetch(`${serverUrl()}/api/admin/bookings/${bookingId}/payments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ method: 'cash' }),
    });
    expect(paid.status).toBe(200);
    const receipts = (await (
      await fetch(`${serverUrl()}/api/admin/bookings/${bookingId}/receipts`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { number: string }[];
    number = receipts[0]!.number;
  });
  afterAll(() => browser?.close());

  it('shows the client the receipt on the manage page, on a phone, with its PDF', async () => {
    const query = new URLSearchParams({ booking_id: String(bookingId), token: confirmationToken });
    const context = await browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${serverUrl()}/payment-status?${query}`);
    await page.getByRole('link', { name: 'Manage your booking' }).click();
    await page.waitForURL(/\/manage\/[^/]+$/);
    await page.getByRole('heading', { name: 'Receipts', exact: true }).waitFor();
    const item = page.locator('.manage-receipts__item');
    await item.first().waitFor();
    expect(await item.first().textContent()).toContain(`Bill of Supply ${number}`);
    const link = page.getByRole('link', { name: `Download PDF of ${number}` });
    const href = await link.getAttribute('href');
    const pdf = await fetch(new URL(href!, serverUrl()));
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(await violations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lists the receipt in the register and the month in the payouts, for a superadmin', async () => {
    const context = await signedInContext(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${serverUrl()}/admin/receipts`);
    await page.getByRole('heading', { name: 'Receipts Register', level: 1 }).waitFor();
    await page.getByRole('cell', { name: number, exact: true }).waitFor();
    expect(await violations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Payouts', exact: true }).click();
    await page.getByRole('heading', { name: 'Payouts', level: 1 }).waitFor();
    await page.getByRole('rowheader', { name: 'Total' }).waitFor();
    await page.getByRole('button', { name: 'Download Excel' }).waitFor();
    expect(await violations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
