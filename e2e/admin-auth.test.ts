import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminCredentials,
  focusedLabel,
  focusInside,
  openDashboard,
  signedInContext,
  storedSession,
  storeSession,
  watchErrors,
} from './support/admin-session.ts';
import { DESKTOP, launchChromium, PHONE } from './support/browser.ts';

const { baseUrl, email, password } = adminCredentials();

describe('admin sign-in and session', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser.close());

  const storedToken = async (page: Page) => (await storedSession(page)).token;

  it('sends a signed-out visitor from every admin screen to the login, whatever the casing', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    for (const path of [
      '/admin/dashboard',
      '/admin/Reports',
      '/admin/income',
      '/admin/calendar',
      '/admin/patients',
    ]) {
      await page.goto(`${baseUrl}${path}`);
      await page.waitForURL(`${baseUrl}/admin/login`);
    }
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    await page.close();
  });

  it('refuses a wrong password with the server message, then signs in to the overview', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const errors = watchErrors(page);
    await page.goto(`${baseUrl}/admin/login`);
    await page.getByLabel('Email / Username').fill(email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toBe('Incorrect email or password');
    expect(await storedToken(page)).toBeNull();

    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Login' }).click();
    // A superadmin lands on the owner's overview (issue 29); the front desk on the dashboard.
    await page.waitForURL(`${baseUrl}/admin/overview`);
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    // The access token the server issued: a signed JWT (header.payload.signature).
    expect(await storedToken(page)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const user = JSON.parse((await storedSession(page)).user ?? '{}');
    expect(user).toMatchObject({ username: email, is_active: true, is_superadmin: true });

    // Signed in, the login screen leads back to the overview.
    await page.goto(`${baseUrl}/admin/login`);
    await page.waitForURL(`${baseUrl}/admin/overview`);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('logs out from the sidebar: the session is cleared and the admin screens need a login again', async () => {
    const context = await signedInContext(browser);
    const page = await context.newPage();
    await openDashboard(page);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${baseUrl}/admin/login`);
    expect(await storedToken(page)).toBeNull();
    await page.goto(`${baseUrl}/admin/dashboard`);
    await page.waitForURL(`${baseUrl}/admin/login`);
    await context.close();
  });

  it('ends the session when the API refuses the stored token', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${baseUrl}/admin/login`);
    await storeSession(page, 'not-a-valid-token', {
      username: 'someone@example.com',
      is_superadmin: false,
      is_admin: true,
      is_active: true,
    });
    await page.goto(`${baseUrl}/admin/dashboard`);
    await page.waitForURL(`${baseUrl}/admin/login`);
    await page.getByText('Unauthorized. Please log in again.').waitFor();
    expect(await storedToken(page)).toBeNull();
    await page.close();
  });

  it('refuses a stored session whose user is inactive and clears it', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${baseUrl}/admin/login`);
    await storeSession(page, 'some-token', {
      username: 'someone@example.com',
      is_superadmin: false,
      is_admin: true,
      is_active: false,
    });
    await page.goto(`${baseUrl}/admin/calendar`);
    await page.getByText('Unauthorized access or inactive user.').waitFor();
    expect(await storedToken(page)).toBeNull();
    await page.close();
  });

  it('shows Reports and Income inside the admin layout, at either casing of the path', async () => {
    const context = await signedInContext(browser);
    const page = await context.newPage();
    const reports = () => page.getByRole('tab', { name: 'Inventory (PhonePe Income)', selected: true });
    // With or without payments yet, depending on the tests run before.
    const income = () => page.getByText(/^(Total Collected|No income data available\.)$/);
    for (const [path, heading, content] of [
      ['/admin/Reports', 'Reports', reports],
      ['/admin/reports', 'Reports', reports],
      ['/admin/Income', 'Income Report', income],
      ['/admin/income', 'Income Report', income],
    ] as const) {
      await page.goto(`${baseUrl}${path}`);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await content().waitFor();
    }
    const nav = page.getByRole('navigation', { name: 'Admin' });
    for (const link of ['Dashboard', 'Calendar View', 'Client List', 'Reports', 'Income']) {
      expect(await nav.getByRole('link', { name: link, exact: true }).isVisible(), link).toBe(true);
    }
    expect(await nav.getByRole('link', { name: 'Client List' }).getAttribute('href')).toBe('/admin/patients');
    await context.close();
  });

  it('opens the sidebar as a drawer on a phone: it keeps focus, navigates, and closes', async () => {
    const context = await signedInContext(browser, { viewport: PHONE });
    const page = await context.newPage();
    await openDashboard(page);
    const menu = page.getByRole('button', { name: 'Menu', exact: true });
    const calendarLink = page.getByRole('link', { name: 'Calendar View' });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await calendarLink.isVisible()).toBe(false);

    await menu.click();
    const drawer = page.getByRole('dialog', { name: 'Admin menu' });
    await drawer.waitFor();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    // Focus stays inside the open drawer however far one tabs.
    for (let i = 0; i < 9; i += 1) await page.keyboard.press('Tab');
    expect(await focusInside(page, 'admin-sidebar')).toBe(true);

    await drawer.getByRole('link', { name: 'Calendar View' }).click();
    await page.waitForURL(`${baseUrl}/admin/calendar`);
    await drawer.waitFor({ state: 'hidden' });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');

    await menu.click();
    await drawer.waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    expect(await focusedLabel(page)).toBe('Menu');

    await menu.click();
    await drawer.waitFor();
    // The overlay shows beside the drawer; a tap on it closes the drawer.
    await page.mouse.click(PHONE.width - 10, PHONE.height / 2);
    await drawer.waitFor({ state: 'hidden' });
    await context.close();
  });
});
