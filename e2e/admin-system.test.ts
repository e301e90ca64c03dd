import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  adminCredentials,
  focusedLabel,
  signedInContext,
  signInAsStaffThroughForm,
} from './support/admin-session.ts';
import { violations } from './support/axe.ts';
import { launchChromium, PHONE } from './support/browser.ts';

const { baseUrl } = adminCredentials();

describe('the System screen for superadmins', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser.close());

  it('shows the health figures in words on a phone, by keyboard, in English and Hindi', async () => {
    const context = await signedInContext(browser, { viewport: PHONE, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/admin/dashboard`);
    await page.getByRole('table', { name: 'Therapists' }).waitFor();

    // From the phone's menu, by keyboard.
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Admin menu' });
    await drawer.getByRole('link', { name: 'System' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseUrl}/admin/system`);
    await page.getByRole('heading', { level: 1, name: 'System' }).waitFor();

    const figures = page.getByRole('region', { name: 'Health figures' }).getByRole('listitem');
    await figures.first().waitFor();
    const lines = await figures.allTextContents();
    expect(lines.some((line) => /^E-mails are (up to date|\d+ (minutes?|hours?) behind)/.test(line))).toBe(
      true,
    );
    expect(lines.some((line) => /^(All jobs are up to date|\d+ jobs? (is|are) waiting)/.test(line))).toBe(
      true,
    );
    expect(lines.some((line) => /^Holds expired today: \d+(OK|Needs attention)$/.test(line))).toBe(true);
    expect(lines.some((line) => /^Reminders due in the next hour: \d+/.test(line))).toBe(true);
    expect(lines).toContainEqual(
      expect.stringMatching(/^Database connections in use: [01] of 1 \(the embedded/),
    );
    expect(await page.getByText(/^Checked at /).isVisible()).toBe(true);
    // Nothing wider than the phone's screen.
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(PHONE.width);
    await page.waitForLoadState('networkidle');
    expect(await violations(page), 'System in English').toEqual([]);

    // The screen's own language switch, by keyboard: Hindi on this screen only.
    const hindi = page.getByRole('button', { name: 'हिन्दी' });
    await hindi.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'सिस्टम' }).waitFor();
    await page.getByText(/^आज समाप्त हुए होल्ड: \d+/).waitFor();
    expect(await page.locator('.system-page').getAttribute('lang')).toBe('hi');
    expect(await page.evaluate('document.documentElement.lang')).toBe('en');
    expect(await violations(page), 'System in Hindi').toEqual([]);

    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { level: 1, name: 'System' }).waitFor();
    // Refresh reads the figures again, the focus staying on it.
    const refreshed = page.waitForResponse((response) => response.url().endsWith('/api/admin/system'));
    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    await refreshed;
    await page.getByRole('button', { name: 'Refresh', exact: true }).waitFor();
    expect(await focusedLabel(page)).toBe('Refresh');
    await context.close();
  });

  it('is not offered to an admin who is not a superadmin, and tells them why', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await signInAsStaffThroughForm(page, baseUrl);
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Admin menu' });
    await drawer.getByRole('link', { name: 'Dashboard' }).waitFor();
    expect(await drawer.getByRole('link', { name: 'System' }).count()).toBe(0);

    await page.goto(`${baseUrl}/admin/system`);
    await page.getByText('Only a superadmin can see the system’s figures.').waitFor();
    expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    await context.close();
  });

  it('answers /metrics to the token, counting the System screen’s calls', async () => {
    const token = inject('metricsToken');
    expect((await fetch(`${baseUrl}/metrics`)).status).toBe(401);
    const response = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toMatch(
      /^http_requests_total\{method="GET",route="\/api\/admin\/system",status_code="200"\} [1-9]/m,
    );
    expect(text).toMatch(
      /^http_requests_total\{method="GET",route="\/api\/admin\/system",status_code="403"\} [1-9]/m,
    );
    expect(text).toMatch(/^therapy_db_pool_max\{backend="pglite"\} 1$/m);
    expect(text).toMatch(/^therapy_database_up 1$/m);
  });
});
