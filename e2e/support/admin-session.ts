import type { Browser, BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';
import { DESKTOP } from './browser.ts';
import { serverUrl } from './server.ts';

/** What POST /api/admin/login answers (packages/shared/src/admin-schemas.ts). */
export type AdminLogin = {
  access_token: string;
  username: string;
  is_superadmin: boolean;
  is_admin: boolean;
  is_active: boolean;
};

export function adminCredentials() {
  return { baseUrl: serverUrl(), email: inject('adminEmail'), password: inject('adminPassword') };
}

/** Signs in through the API, as the login form does (form-encoded). */
export async function loginThroughApi(): Promise<AdminLogin> {
  const { baseUrl, email, password } = adminCredentials();
  const response = await fetch(`${baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: email, password }).toString(),
  });
  if (!response.ok) throw new Error(`admin login failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as AdminLogin;
}

/**
 * A browser context already signed in: the session is put into local storage, under the keys
 * the admin screens use, before any page of the app loads. Saves a sign-in (and the sign-in
 * rate limit) per test.
 */
export async function signedInContext(
  browser: Browser,
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<BrowserContext> {
  const login = await loginThroughApi();
  const context = await browser.newContext({ viewport: DESKTOP, ...options });
  const user = {
    username: login.username,
    is_superadmin: login.is_superadmin,
    is_admin: login.is_admin,
    is_active: login.is_active,
  };
  // A script string: the e2e project compiles without the DOM library.
  const seed = JSON.stringify({ token: login.access_token, user: JSON.stringify(user) });
  await context.addInitScript({
    content: `(() => {
      const { token, user } = ${seed};
      if (sessionStorage.getItem('e2e-session-seeded')) return;
      sessionStorage.setItem('e2e-session-seeded', '1');
      localStorage.setItem('admin_token', token);
      localStorage.setItem('admin_user', user);
    })();`,
  });
  return context;
}

/** Collects uncaught page errors, to assert there were none. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Opens the dashboard and waits for its lists. */
export async function openDashboard(page: Page): Promise<void> {
  await page.goto(`${serverUrl()}/admin/dashboard`);
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  await page.getByRole('table', { name: 'Therapists' }).waitFor();
}

/** What the admin screens keep in local storage. */
export async function storedSession(page: Page): Promise<{ token: string | null; user: string | null }> {
  return page.evaluate(
    "({ token: localStorage.getItem('admin_token'), user: localStorage.getItem('admin_user') })",
  );
}

/** Puts a session into local storage as if a sign-in had stored it. */
export async function storeSession(page: Page, token: string, user: Record<string, unknown>): Promise<void> {
  const values = JSON.stringify({ token, user: JSON.stringify(user) });
  await page.evaluate(
    `(() => { const v = ${values}; localStorage.setItem('admin_token', v.token); localStorage.setItem('admin_user', v.user); })()`,
  );
}

/** The focused element's accessible label or text. */
export async function focusedLabel(page: Page): Promise<string | null> {
  return page.evaluate(
    "(() => { const e = document.activeElement; return e ? (e.getAttribute('aria-label') || e.textContent || '').trim() : null; })()",
  );
}

/** Whether focus is inside the element with this id. */
export async function focusInside(page: Page, id: string): Promise<boolean> {
  return page.evaluate(`document.activeElement?.closest(${JSON.stringify(`#${id}`)}) != null`);
}

/** Signs the plain admin (not a superadmin) in through the login form, and waits for the dashboard. */
export async function signInAsStaffThroughForm(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/admin/login`);
  await page.getByLabel('Email / Username').fill(inject('staffEmail'));
  await page.getByLabel('Password').fill(inject('staffPassword'));
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(`${baseUrl}/admin/dashboard`);
}
