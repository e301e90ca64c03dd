import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginThroughApi } from './support/admin-session.ts';
import { violations } from './support/axe.ts';
import { launchChromium, PHONE } from './support/browser.ts';
import { serverUrl } from './support/server.ts';

/**
 * Issue 15: every public page in Hindi or English. A switch in the header, the choice remembered,
 * a first visit following the browser's language, `<html lang>` set, and a whole booking made in
 * Hindi on a phone, recorded with the client's language.
 */
describe('Hindi and English on the public pages', () => {
  const baseUrl = serverUrl();
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser.close());

  const htmlLang = (page: Page) => page.evaluate<string>('document.documentElement.lang');
  const pageTitle = (page: Page) => page.getByRole('heading', { level: 1 });
  const crisisLine = (page: Page, name: string) => page.getByRole('complementary', { name });

  it('switches from the header, is remembered, and follows the browser on a first visit', async () => {
    const context = await browser.newContext({ viewport: PHONE, locale: 'en-IN' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${baseUrl}/`);
    await pageTitle(page).getByText('Book Your Therapy Session').waitFor();
    expect(await htmlLang(page)).toBe('en');
    // The switch names the other language in itself.
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: 'हिन्दी', exact: true }).click();
    await pageTitle(page).getByText('अपना थेरेपी सत्र बुक करें').waitFor();
    expect(await htmlLang(page)).toBe('hi');
    // The crisis line too, with its numbers in Latin digits, each still a tel: link.
    const line = crisisLine(page, 'तुरंत मदद');
    await line.getByText(/टेली-मानस/).waitFor();
    expect(await line.getByRole('link', { name: '14416', exact: true }).getAttribute('href')).toBe(
      'tel:14416',
    );
    expect(await line.getByRole('link', { name: '112', exact: true }).getAttribute('href')).toBe('tel:112');
    expect(await violations(page), 'the Hindi page').toEqual([]);

    await page.reload();
    await pageTitle(page).getByText('अपना थेरेपी सत्र बुक करें').waitFor();
    expect(await htmlLang(page)).toBe('hi');
    expect(await header.getByRole('button', { name: 'English', exact: true }).count()).toBe(1);

    // The other public pages follow the choice; the admin screens stay English.
    await page.goto(`${baseUrl}/no-such-page`);
    await pageTitle(page).getByText('पेज नहीं मिला').waitFor();
    await page.goto(`${baseUrl}/admin/login`);
    await page
      .getByRole('button', { name: /sign in|log in|login/i })
      .first()
      .waitFor();
    expect(await htmlLang(page)).toBe('en');

    await page.goto(`${baseUrl}/`);
    await page.getByRole('banner').getByRole('button', { name: 'English', exact: true }).click();
    await pageTitle(page).getByText('Book Your Therapy Session').waitFor();
    expect(await htmlLang(page)).toBe('en');
    expect(errors).toEqual([]);
    await context.close();

    // A first visit from a browser set to Hindi.
    const hindiBrowser = await browser.newContext({ viewport: PHONE, locale: 'hi-IN' });
    const first = await hindiBrowser.newPage();
    await first.goto(`${baseUrl}/`);
    await pageTitle(first).getByText('अपना थेरेपी सत्र बुक करें').waitFor();
    expect(await htmlLang(first)).toBe('hi');
    await hindiBrowser.close();
  });

  it('books a whole in-person session in Hindi on a phone, and records the language', async () => {
    const context = await browser.newContext({ viewport: PHONE, locale: 'hi-IN', reducedMotion: 'reduce' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const step = (name: string) => page.getByRole('heading', { level: 2, name, exact: true }).waitFor();
    const next = () => page.getByRole('button', { name: 'आगे बढ़ें', exact: true }).click();

    await page.goto(`${baseUrl}/`);
    await step('आप कैसे मिलना चाहेंगे?');
    expect((await page.locator('.steps__count').textContent())?.trim()).toMatch(/^चरण 1 \/ 5/);
    await page.getByRole('radio', { name: /आमने-सामने सत्र/ }).check();
    await next();
    await step('स्थान चुनें');
    await page.getByRole('radio', { name: /West Branch/ }).check();
    await next();
    await step('अपना थेरेपिस्ट चुनें');
    await page.getByText('प्रति सत्र').first().waitFor();
    await page.getByRole('button', { name: 'Priya Nair', exact: true }).click();
    await step('तारीख़ और समय चुनें');
    const dates = page.locator('.date-strip__date');
    await dates.first().waitFor();
    await dates.last().click();
    const slot = page.locator('.slot-grid__slot').first();
    await slot.click();
    // Times through Intl's hi-IN, as the e-mails write them (decision 044): the part of the day, Latin digits.
    expect((await slot.textContent())?.trim()).toMatch(/^(सुबह|दोपहर|शाम|रात) \d{1,2}:\d{2}$/);
    await page.getByRole('heading', { level: 3, name: /को उपलब्ध समय$/ }).waitFor();
    await next();

    await step('आपकी जानकारी');
    // The wizard's own checks speak Hindi too.
    await page.getByRole('button', { name: 'भुगतान की ओर बढ़ें' }).click();
    const problems = page.getByRole('alert');
    await problems.getByText('पूरा नाम भरना ज़रूरी है').waitFor();
    await problems.getByText('आमने-सामने बुकिंग के लिए शहर भरना ज़रूरी है').waitFor();
    await page.getByLabel('पूरा नाम').fill('Kavita Joshi');
    await page.getByLabel('ईमेल').fill('kavita.joshi@example.com');
    await page.getByLabel('मोबाइल नंबर').fill('9812312345');
    await page.getByLabel('उम्र', { exact: true }).fill('41');
    await page.getByRole('radio', { name: /व्यक्तिगत/ }).check();
    await page.getByLabel('राज्य').selectOption('Maharashtra');
    await page.getByLabel('शहर').selectOption('Pune');
    await page.getByRole('checkbox', { name: /नियम और शर्तों/ }).check();
    expect(await violations(page), 'the Hindi details step').toEqual([]);
    await page.getByRole('button', { name: 'भुगतान की ओर बढ़ें' }).click();

    await step('बुकिंग की पुष्टि करें');
    await page.getByText('तारीख़', { exact: true }).waitFor();
    await page.getByText('45 मिनट').waitFor();
    await page.getByRole('button', { name: 'बुकिंग की पुष्टि करें' }).click();
    await page.waitForURL(/\/payment-status\?/);
    await pageTitle(page).waitFor();
    expect(await htmlLang(page)).toBe('hi');
    expect(await page.getByText('Booking Confirmed!').count()).toBe(0);
    expect(await pageTitle(page).textContent()).toMatch(/[\u0900-\u097F]/);
    expect(errors).toEqual([]);

    // The booking carries the language its messages follow.
    const { access_token } = await loginThroughApi();
    const exported = await fetch(`${baseUrl}/api/admin/privacy/export?email=kavita.joshi%40example.com`, {
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(exported.status).toBe(200);
    expect(JSON.stringify(await exported.json())).toContain('"client_language":"hi"');
    await context.close();
  });
});
