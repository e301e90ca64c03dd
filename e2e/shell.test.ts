import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchChromium, PHONE } from './support/browser.ts';
import { serverUrl } from './support/server.ts';

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
])('web shell on a %s', (_name, viewport) => {
  let browser: Browser;
  const baseUrl = serverUrl();

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser.close());

  async function open(path: string) {
    const page = await browser.newPage({ viewport });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const response = await page.goto(`${baseUrl}${path}`);
    return { page, response, errors };
  }

  it('opens the booking page at / with the header and footer', async () => {
    const { page, response, errors } = await open('/');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      'Book Your Therapy Session',
    );
    expect(await page.getByText('Schedule your appointment in a few simple steps').isVisible()).toBe(true);
    expect(await page.getByRole('banner').getByRole('link', { name: 'Home' }).isVisible()).toBe(true);
    const footer = page.getByRole('contentinfo');
    expect(await footer.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(
      '/privacy-policy',
    );
    expect(await footer.getByRole('link', { name: 'Terms and Conditions' }).getAttribute('href')).toBe(
      '/terms-and-conditions',
    );
    expect(errors).toEqual([]);
    await page.close();
  });

  it('opens the admin login at /admin/login, and /admin redirects there', async () => {
    const { page, errors } = await open('/admin');
    await page.waitForURL(`${baseUrl}/admin/login`);
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    expect(await page.getByLabel('Email / Username').isVisible()).toBe(true);
    expect(await page.getByLabel('Password').getAttribute('type')).toBe('password');
    expect(await page.getByRole('button', { name: 'Login' }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('serves the client routes on a direct load (SPA fallback)', async () => {
    for (const [path, heading] of [
      ['/book', 'Book Your Therapy Session'],
      ['/payment-status', 'Payment Status'],
      ['/privacy-policy', 'Privacy Policy'],
      ['/terms-and-conditions', 'Terms and Conditions'],
    ] as const) {
      const { page, response } = await open(path);
      expect(response?.status(), path).toBe(200);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await page.close();
    }
  });

  it('states the policies of the specification on the terms page', async () => {
    const { page } = await open('/terms-and-conditions');
    await page.getByRole('heading', { level: 1, name: 'Terms and Conditions' }).waitFor();
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).toMatch(/24 hours/);
    expect(text).toMatch(/100%/);
    expect(text).toMatch(/10% per day/);
    expect(text).toMatch(/18/);
    expect(text).toMatch(/cash, card or UPI/i);
    for (const service of ['Counselling', 'Psychotherapy', 'Psychiatric', 'Psychometric', 'Workshops']) {
      expect(text).toContain(service);
    }
    await page.close();
  });
});
