import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, PHONE } from './support/browser.ts';
import { serverUrl } from './support/server.ts';

/**
 * Issue 14: a calm, always present line with Tele-MANAS and 112 on every public page, the status
 * and manage pages included, on a phone; in the first paint too; never on the admin screens.
 */
const PAGES = [
  '/',
  '/book',
  '/payment-status',
  '/manage/not-a-real-link',
  '/privacy-policy',
  '/terms-and-conditions',
  '/no-such-page',
];
const NUMBERS = [
  { name: '14416', href: 'tel:14416' },
  { name: '1-800-891-4416', href: 'tel:18008914416' },
  { name: '112', href: 'tel:112' },
];

describe('the crisis line', () => {
  const baseUrl = serverUrl();
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser.close());

  async function expectLine(page: Page, path: string) {
    const line = page.getByRole('complementary', { name: 'Urgent help' });
    await line.waitFor();
    expect((await line.textContent())?.replace(/\s+/g, ' ').trim(), path).toBe(
      'In distress or thinking of harming yourself? Call Tele-MANAS on 14416 or 1-800-891-4416 (free, 24×7). In an emergency, call 112.',
    );
    for (const number of NUMBERS) {
      const link = line.getByRole('link', { name: number.name, exact: true });
      expect(await link.getAttribute('href'), `${path} ${number.name}`).toBe(number.href);
      expect(await link.isVisible(), `${path} ${number.name}`).toBe(true);
    }
    // Under the header, inside the first screen of a phone, and wrapped within its width.
    const box = await line.boundingBox();
    expect(box?.y ?? 999, path).toBeLessThan(200);
    expect(box?.width ?? 999, path).toBeLessThanOrEqual(PHONE.width);
    return line;
  }

  it.each(PAGES)('is on %s on a phone, with each number a tel: link', async (path) => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${baseUrl}${path}`);
    // The app's own line, once it has drawn the page (its footer is the app's, not the shell's).
    await page.getByRole('contentinfo').waitFor();
    await expectLine(page, path);
    expect(await page.getByRole('complementary', { name: 'Urgent help' }).count()).toBe(1);
    await context.close();
  });

  it('is in the first paint, the same as the app draws it, and stays put when the app takes over', async () => {
    const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    const noScript = await context.newPage();
    await noScript.goto(`${baseUrl}/payment-status`);
    const shellLine = await expectLine(noScript, 'the shell');
    const shellHtml = await shellLine.innerHTML();
    const shellBox = await shellLine.boundingBox();
    await context.close();

    const page = await browser.newPage({ viewport: PHONE });
    await page.goto(`${baseUrl}/payment-status`);
    await page.getByRole('heading', { level: 1, name: 'Payment Status' }).waitFor();
    const appLine = await expectLine(page, 'the app');
    // The same words and links (React writes no comments or extra spaces in between).
    expect(normalise(await appLine.innerHTML())).toBe(normalise(shellHtml));
    const appBox = await appLine.boundingBox();
    expect(appBox?.y).toBeCloseTo(shellBox?.y ?? -1, 0);
    expect(appBox?.height).toBeCloseTo(shellBox?.height ?? -1, 0);
    await page.close();
  });

  it('is not on the admin screens', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto(`${baseUrl}/admin/login`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('complementary', { name: 'Urgent help' }).count()).toBe(0);
    await page.close();
  });
});

const normalise = (html: string) =>
  html
    .replace(/<!--.*?-->/g, '')
    // The shell's line is timed (lib/after-shell-shown.ts); the app's need not be.
    .replace(/ elementtiming="[^"]*"/g, '')
    .replace(/\s+/g, ' ')
    .trim();
