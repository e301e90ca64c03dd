import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseSessionType, stepHeading, waitForStep } from './support/booking-wizard.ts';
import { DESKTOP, launchChromium } from './support/browser.ts';
import { type OwnServer, signedInOn, startOwnServer } from './support/own-server.ts';

/**
 * The clinic's own profile (issue 11): a fresh install (DEMO_DATA=false) shows the admin
 * checklist and the wizard's empty states; a superadmin saves the profile on its screen, and the
 * site shows it. A demo install shows a saved phone on its location cards.
 */

// A step to do opens its screen on the Add dialog (`?add=1`, decision 065).
const CHECKLIST = [
  ['Fill in the clinic profile', '/admin/clinic'],
  ['Add a centre', '/admin/centres?add=1'],
  ['Add a service', '/admin/services?add=1'],
  ['Add a therapist', '/admin/therapists?add=1'],
  // No therapist yet: the schedule step opens the therapists (then the first one's schedule).
  ['Give a therapist a weekly schedule', '/admin/therapists'],
  ['Add a therapist’s photo', '/admin/therapists'],
] as const;

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

describe('a fresh install without demo data', () => {
  let server: OwnServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startOwnServer({ DEMO_DATA: 'false' }), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the wizard’s empty states, never an error, and the placeholders', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const errors = watchErrors(page);
    await page.goto(`${server.url}/`);
    await chooseSessionType(page, 'online');
    await waitForStep(page, 'Select Your Therapist');
    await page.getByRole('heading', { name: 'No Therapists Available' }).waitFor();

    await page.getByRole('button', { name: 'Back' }).click();
    await chooseSessionType(page, 'offline');
    await waitForStep(page, 'Select Location');
    await page.getByRole('heading', { name: 'No Locations Available' }).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);

    const footer = page.getByRole('contentinfo');
    expect(await footer.getByText('Phone: to be announced').isVisible()).toBe(true);
    expect(await footer.getByText('Email: to be announced').isVisible()).toBe(true);
    expect(await page.getByRole('banner').getByRole('link', { name: 'Therapy & Counselling' }).count()).toBe(
      1,
    );
    expect(errors).toEqual([]);
    await page.close();
  });

  it('lists the setup steps on the dashboard, each linked to its screen', async () => {
    const context = await signedInOn(browser, server);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${server.url}/admin/dashboard`);
    const checklist = page.getByRole('region', { name: 'Set up the clinic' });
    await checklist.waitFor();
    const items = checklist.getByRole('listitem');
    expect(await items.count()).toBe(CHECKLIST.length);
    for (const [index, [label, href]] of CHECKLIST.entries()) {
      const item = items.nth(index);
      expect(await item.textContent()).toMatch(new RegExp(`^${label}( \\(optional\\))?: to do`));
      expect(await item.getByRole('link', { name: `Start: ${label}` }).getAttribute('href')).toBe(href);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('saves the clinic profile with per-field errors, and the site shows it', async () => {
    const context = await signedInOn(browser, server);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${server.url}/admin/dashboard`);
    await page.getByRole('link', { name: 'Start: Fill in the clinic profile' }).click();
    await page.getByRole('heading', { level: 1, name: 'Clinic Profile' }).waitFor();
    expect(
      await page
        .getByRole('navigation', { name: 'Admin' })
        .getByRole('link', { name: 'Clinic Profile' })
        .getAttribute('aria-current'),
    ).toBe('page');

    // Empty required fields: each says what it needs, and the first takes the focus.
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Enter the clinic’s name').waitFor();
    expect(await page.getByText('Enter the clinic’s phone number').isVisible()).toBe(true);
    expect(await page.getByText('Enter the clinic’s email address').isVisible()).toBe(true);
    expect(await page.evaluate('document.activeElement?.id')).toBe('clinic-name');

    await page.getByLabel('Clinic name').fill('Calm Minds Clinic');
    await page.getByLabel('Phone').fill('98200 1234');
    await page.getByLabel('Email').fill('hello@calm.example.com');
    await page.getByLabel('Address').fill('5 MG Road, Pune 411001');
    await page.getByText('Privacy contact, receipts and GST (optional)').click();
    await page.getByLabel('Privacy contact').fill('Grievance Officer, privacy@calm.example.com');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Enter a 10-digit Indian mobile number', { exact: false }).waitFor();

    // The server's refusal shows by its field too, and nothing typed is lost.
    await page.getByLabel('Phone').fill('98200 12345');
    await page.route('**/api/admin/clinic', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({
              detail: 'Invalid body: email: Enter a valid email address, e.g. contact@clinic.in',
            }),
          })
        : route.continue(),
    );
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Enter a valid email address, e.g. contact@clinic.in').waitFor();
    expect(await page.getByLabel('Clinic name').inputValue()).toBe('Calm Minds Clinic');
    expect(await page.getByLabel('Phone').inputValue()).toBe('98200 12345');
    await page.unroute('**/api/admin/clinic');

    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').getByText('Clinic profile saved.').waitFor();
    // Saved, the set-up leads on to its next step (decision 065); back to the profile, as stored.
    await page.getByRole('dialog', { name: 'Add centre' }).waitFor();
    await page.goto(`${server.url}/admin/clinic`);
    await page.getByLabel('Phone').waitFor();
    expect(await page.getByLabel('Phone').inputValue()).toBe('+91 98200 12345');

    // Documents in the client's language (decision 063): off until ticked, kept once saved.
    const inHindi = page.getByLabel('Print receipts in the client’s language (Hindi beside English)');
    expect(await inHindi.isChecked()).toBe(false);
    await inHindi.check();
    const saved = page.waitForResponse(
      (response) => response.url().endsWith('/api/admin/clinic') && response.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: 'Save' }).click();
    expect((await (await saved).json()).documents_in_client_language).toBe(true);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Clinic Profile' }).waitFor();
    await page.getByLabel('Phone').waitFor();
    expect(await inHindi.isChecked()).toBe(true);

    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Dashboard' }).click();
    const checklist = page.getByRole('region', { name: 'Set up the clinic' });
    await checklist.getByText('Fill in the clinic profile: done').waitFor();
    expect(await checklist.getByText('Add a centre: to do').isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();

    // The public site: the name in the page as served, the contact in the footer and legal pages.
    const visitor = await browser.newPage({ viewport: DESKTOP });
    await visitor.goto(`${server.url}/privacy-policy`);
    expect(await visitor.locator('meta[name="clinic-name"]').getAttribute('content')).toBe(
      'Calm Minds Clinic',
    );
    expect(
      await visitor.getByRole('banner').getByRole('link', { name: 'Calm Minds Clinic' }).isVisible(),
    ).toBe(true);
    const footer = visitor.getByRole('contentinfo');
    const phone = footer.getByRole('link', { name: '+91 98200 12345' });
    await phone.waitFor();
    expect(await phone.getAttribute('href')).toBe('tel:+919820012345');
    expect(await footer.getByText('Address: 5 MG Road, Pune 411001').isVisible()).toBe(true);
    // The policy itself loads after the footer (a chunk of its own).
    const contact = visitor.getByRole('region', { name: 'Contact us' });
    await contact.getByText('Privacy contact: Grievance Officer, privacy@calm.example.com').waitFor();
    expect(await contact.getByRole('link', { name: 'hello@calm.example.com' }).getAttribute('href')).toBe(
      'mailto:hello@calm.example.com',
    );
    await visitor.close();
  });
});

describe('a demo install', () => {
  let server: OwnServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startOwnServer(), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('has no checklist, and shows a saved phone on the location cards and in the footer', async () => {
    const token = await server.token();
    const status = await fetch(`${server.url}/api/admin/setup-status`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(((await status.json()) as { complete: boolean }).complete).toBe(true);
    const saved = await fetch(`${server.url}/api/admin/clinic`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Sunrise Therapy & Counselling',
        phone: '020 2550 1234',
        email: 'contact@example.com',
        address: '',
        privacy_contact: '',
      }),
    });
    expect(saved.status).toBe(200);

    const page = await browser.newPage({ viewport: DESKTOP });
    const errors = watchErrors(page);
    await page.goto(`${server.url}/book`);
    await chooseSessionType(page, 'offline');
    await stepHeading(page, 'Select Location').waitFor();
    await page.locator('.location-card').first().waitFor();
    expect(await page.locator('.location-card').getByText('+91 20 2550 1234').count()).toBe(2);
    // The footer asks for the clinic on its own: its link comes when that answer does.
    const footerPhone = page.getByRole('contentinfo').getByRole('link', { name: '+91 20 2550 1234' });
    await footerPhone.waitFor();
    expect(await footerPhone.getAttribute('href')).toBe('tel:+912025501234');
    expect(errors).toEqual([]);
    await page.close();

    const context = await signedInOn(browser, server);
    const admin = await context.newPage();
    await admin.goto(`${server.url}/admin/dashboard`);
    await admin.getByRole('heading', { name: 'Therapists' }).waitFor();
    expect(await admin.getByRole('region', { name: 'Set up the clinic' }).count()).toBe(0);
    await context.close();
  });
});
