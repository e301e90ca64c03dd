import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicDate, createOfflineBooking } from './support/admin-data.ts';
import { adminCredentials, loginThroughApi, signedInContext } from './support/admin-session.ts';
import { launchChromium } from './support/browser.ts';

const { baseUrl, email } = adminCredentials();
const FATIMA_SHEIKH = 5; // in person at location 2 (East Branch)
const EAST_BRANCH = 2;

describe('the audit log for superadmins', () => {
  let browser: Browser;
  let cancelledId: number;

  beforeAll(async () => {
    browser = await launchChromium();
    cancelledId = await createOfflineBooking({
      therapistId: FATIMA_SHEIKH,
      locationId: EAST_BRANCH,
      date: clinicDate(12),
      start: '19:00',
      name: 'E2E Audit Person',
    });
    const { access_token: token } = await loginThroughApi();
    const cancel = await fetch(`${baseUrl}/api/admin/bookings/${cancelledId}/cancel`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(cancel.status).toBe(200);
  });
  afterAll(() => browser.close());

  it('lists who cancelled which booking, and sign-ins, newest first, from the sidebar', async () => {
    const context = await signedInContext(browser);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/admin/dashboard`);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Audit Log' }).click();
    await page.getByRole('heading', { level: 1, name: 'Audit Log' }).waitFor();

    const cancelled = page.getByRole('row').filter({ hasText: `Booking ${cancelledId}` });
    await cancelled.first().waitFor();
    expect(await cancelled.first().textContent()).toContain('Cancelled booking');
    expect(await cancelled.first().textContent()).toContain(email);
    expect(await page.getByRole('row').filter({ hasText: 'Signed in' }).count()).toBeGreaterThan(0);
    // The audit log never shows a client's name.
    expect(await page.getByText('E2E Audit Person').count()).toBe(0);
    await context.close();
  });
});
