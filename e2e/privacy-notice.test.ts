import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, PHONE } from './support/browser.ts';
import { serverUrl } from './support/server.ts';

/** Issue 14: the plain-language privacy notice the details step links, on a phone. */
describe('the privacy notice', () => {
  const baseUrl = serverUrl();
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser.close());

  it('lists each item collected and why, retention, rights, consent, minors and the privacy contact', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto(`${baseUrl}/privacy-policy#what-we-collect`);
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
    await page.getByText(/^Version 2, /).waitFor();
    const table = page.getByRole('table', { name: 'What we collect and why' });
    const items = await table.getByRole('rowheader').allTextContents();
    expect(items).toEqual([
      'Your full name',
      'Your email address',
      'Your mobile number',
      'Your age',
      'Session type (individual or couple)',
      'State and city (in-person sessions)',
      'Your note (optional)',
      'A parent or guardian’s name, relation, mobile and email (clients under 18)',
      'The booking and its payment',
      'Your consent',
    ]);
    for (const heading of [
      'Clients under 18',
      'How long we keep your information',
      'Your rights',
      'Withdrawing your consent',
      'If you need help now',
      'Contact us',
    ]) {
      expect(await page.getByRole('heading', { level: 2, name: heading }).isVisible(), heading).toBe(true);
    }
    const retention = page.getByRole('region', { name: 'How long we keep your information' });
    expect(await retention.textContent()).toContain('for 36 months after your session');
    expect(await page.getByRole('region', { name: 'Your rights' }).textContent()).toContain('within 90 days');
    // The clinic profile's contact (the demo clinic's), and the crisis numbers as links.
    const contact = page.getByRole('region', { name: 'Contact us' });
    expect(await contact.getByRole('link', { name: 'contact@example.com' }).isVisible()).toBe(true);
    expect(await contact.textContent()).toContain('Privacy contact: Privacy Officer, privacy@example.com');
    const help = page.getByRole('region', { name: 'If you need help now' });
    expect(await help.getByRole('link', { name: '14416' }).getAttribute('href')).toBe('tel:14416');
    // The table fits the phone: no sideways scroll of the page.
    expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
    await page.close();
  });
});
