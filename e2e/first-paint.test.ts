import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, PHONE } from './support/browser.ts';
import { serverUrl } from './support/server.ts';

type FirstPaints = { fcp?: number; lcp?: number; shellRemoved?: number };

/**
 * In the page, before its own scripts: when the first contentful and the largest contentful paint
 * reached the screen, and when the app removed the shell's crisis line to draw its own. (A
 * string: the DOM's types are not this project's.)
 */
const WATCH_FIRST_PAINTS = `
  const seen = {};
  window.firstPaints = seen;
  let shellLine;
  new MutationObserver((_, observer) => {
    shellLine ??= document.querySelector('.crisis-line__text');
    if (shellLine && !shellLine.isConnected) {
      seen.shellRemoved = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntriesByName('first-contentful-paint')) seen.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) seen.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
`;

/**
 * What a slow phone paints before the JavaScript runs: index.html's shell (the site header, the
 * booking heading and a loading state), seen here with JavaScript turned off. React then replaces it.
 */
describe('the page before its JavaScript runs', () => {
  const baseUrl = serverUrl();
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser.close());

  async function openWithoutScript(path: string) {
    const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto(`${baseUrl}${path}`);
    expect(response?.status()).toBe(200);
    return { page, close: () => context.close() };
  }

  it('shows the clinic’s header, the booking heading and a calm loading state at /', async () => {
    const { page, close } = await openWithoutScript('/');
    const banner = page.getByRole('banner').first();
    // The (demo) clinic's saved name, put into the shell by the server.
    expect(
      await banner.getByRole('link', { name: 'Sunrise Therapy & Counselling', exact: true }).isVisible(),
    ).toBe(true);
    expect(await banner.getByRole('link', { name: 'Home' }).isVisible()).toBe(true);
    const heading = page.getByRole('heading', { level: 1 });
    expect(await heading.textContent()).toBe('Book Your Therapy Session');
    expect(await heading.isVisible()).toBe(true);
    expect(await page.getByRole('status').textContent()).toContain('Loading…');
    // The stylesheet applies: the header is the site's, not unstyled text.
    const headerHeight = await banner.evaluate((element) => element.getBoundingClientRect().height);
    expect(headerHeight).toBeGreaterThanOrEqual(60);
    await close();
  });

  it('comes in Hindi, as served and before any script, to a visitor whose lang cookie says Hindi', async () => {
    const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    await context.addCookies([{ name: 'lang', value: 'hi', url: baseUrl }]);
    const page = await context.newPage();
    const response = await page.goto(`${baseUrl}/`);
    expect(response?.status()).toBe(200);
    expect(response?.headers().vary).toMatch(/cookie/i);
    // The HTML as the server sent it, not as a script left it.
    const served = await response?.text();
    expect(served).toMatch(/<html lang="hi"/);
    expect(served).toContain('<h1>अपना थेरेपी सत्र बुक करें</h1>');
    expect(await page.locator('html').getAttribute('lang')).toBe('hi');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('अपना थेरेपी सत्र बुक करें');
    const banner = page.getByRole('banner').first();
    expect(await banner.getByRole('link', { name: 'होम' }).isVisible()).toBe(true);
    expect(await banner.getByRole('button', { name: 'English' }).isVisible()).toBe(true);
    const crisis = page.getByRole('complementary', { name: 'तुरंत मदद' });
    expect(await crisis.textContent()).toContain('टेली-मानस');
    expect(await crisis.getByRole('link', { name: '14416', exact: true }).getAttribute('href')).toBe(
      'tel:14416',
    );
    expect(await page.getByRole('status').textContent()).toContain('लोड हो रहा है…');
    await context.close();

    // Without the cookie (or with English in it) the same address is English.
    const english = await openWithoutScript('/');
    expect(await english.page.locator('html').getAttribute('lang')).toBe('en');
    await english.close();
  });

  it('sets the lang cookie when the visitor chooses Hindi, and the next first paint is Hindi', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/`);
    await page.getByRole('button', { name: 'हिन्दी' }).click();
    await page.getByRole('button', { name: 'English' }).waitFor();
    const cookie = (await context.cookies(baseUrl)).find((each) => each.name === 'lang');
    expect(cookie?.value).toBe('hi');
    const again = await page.request.get(`${baseUrl}/`);
    expect(await again.text()).toMatch(/<html lang="hi"/);
    await context.close();
  });

  it('keeps the header but not the booking heading on other pages, and nothing of it on /admin', async () => {
    const status = await openWithoutScript('/payment-status');
    expect(await status.page.getByRole('link', { name: 'Therapy & Counselling' }).isVisible()).toBe(true);
    expect(await status.page.getByRole('heading', { level: 1 }).count()).toBe(0);
    await status.close();

    const admin = await openWithoutScript('/admin/login');
    expect(await admin.page.getByRole('banner').count()).toBe(0);
    expect((await admin.page.locator('#root').innerHTML()).trim()).toBe('');
    await admin.close();
  });

  it('gives way to the app without moving the heading', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    // The app's script arrives late, as on a slow network: the shell is what shows meanwhile.
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto(`${baseUrl}/`, { waitUntil: 'commit' });
    const heading = page.getByRole('heading', { level: 1 });
    await heading.waitFor();
    expect(await page.getByRole('status').textContent()).toContain('Loading…');
    // Where the visitor sees it: once the stylesheet is in (a layout asked for before then, on a
    // loaded machine, is of the page unstyled, which no one sees).
    // (Asked from outside the page: a predicate Playwright polls inside it is refused by the CSP.)
    await expect
      .poll(() => page.evaluate("document.querySelector('link[rel=stylesheet]')?.sheet != null"))
      .toBe(true);
    const before = await heading.boundingBox();
    await page.getByRole('heading', { level: 2, name: 'How would you like to meet?' }).waitFor();
    const after = await heading.boundingBox();
    expect(after?.y).toBeCloseTo(before?.y ?? -1, 0);
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    await page.close();
  });

  it.each(['/', '/payment-status'])(
    'shows the shell before the app replaces it, on a phone’s CPU with the scripts there at once (%s)',
    async (path) => {
      const context = await browser.newContext({ viewport: PHONE });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      // About a mid-range phone's speed (Lighthouse's mobile setting); loopback brings the
      // scripts with the HTML, so the app could start before anything was painted.
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.addInitScript(WATCH_FIRST_PAINTS);
      await page.goto(`${baseUrl}${path}`);
      await page.getByRole('contentinfo').waitFor();
      const seen = (await page.evaluate('window.firstPaints')) as FirstPaints;
      // The visitor saw the shell first, and its crisis line stays the page's largest paint: it
      // reached the screen before the app removed it (the app's copy, drawn later, would be a
      // later largest paint).
      expect(seen.fcp, JSON.stringify(seen)).toBeGreaterThan(0);
      expect(seen.shellRemoved, JSON.stringify(seen)).toBeGreaterThan(0);
      expect(seen.lcp, JSON.stringify(seen)).toBeLessThan(seen.shellRemoved ?? 0);
      await context.close();
    },
  );
});
