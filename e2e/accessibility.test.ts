import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicDate, createOfflineBooking } from './support/admin-data.ts';
import { signedInContext } from './support/admin-session.ts';
import { violations } from './support/axe.ts';
import {
  chooseFreeSlot,
  chooseLocation,
  chooseSessionType,
  chooseTherapist,
  continueButton,
  fillDetails,
  goToConfirmation,
  type Viewport,
  waitForStep,
} from './support/booking-wizard.ts';
import { DESKTOP, launchChromium, PHONE } from './support/browser.ts';
import { serverUrl } from './support/server.ts';

/*
 * Every screen checked with axe-core against WCAG 2.1 A and AA (labels, names, roles,
 * contrast, landmarks, ARIA use). Each check runs on the screen as a user reaches it, with
 * its dynamic parts (errors shown, dialogs open) in place.
 */

/** axe-core needs a page of a context of our own (not browser.newPage). */
async function openPage(browser: Browser, viewport: Viewport, url: string): Promise<{ page: Page }> {
  // Without motion, nothing is caught mid-transition (a slot's colours while it is being selected).
  const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto(url);
  return { page };
}

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
])('accessibility of the visitor screens on a %s', (_name, viewport) => {
  const baseUrl = serverUrl();
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser.close());

  it('has no WCAG A/AA violations on any step of an in-person booking', async () => {
    const { page } = await openPage(browser, viewport, `${baseUrl}/`);
    await waitForStep(page, 'How would you like to meet?');
    expect(await violations(page), 'Booking Type').toEqual([]);

    await chooseSessionType(page, 'offline');
    await waitForStep(page, 'Select Location');
    await page.locator('img').first().waitFor();
    expect(await violations(page), 'Select Location').toEqual([]);

    await chooseLocation(page, 'West Branch');
    await waitForStep(page, 'Select Your Therapist');
    await page.getByRole('button', { name: 'Priya Nair', exact: true }).waitFor();
    expect(await violations(page), 'Select Your Therapist').toEqual([]);

    await chooseTherapist(page, 'Priya Nair');
    await chooseFreeSlot(page);
    expect(await violations(page), 'Select Date & Time').toEqual([]);

    await continueButton(page).click();
    await waitForStep(page, 'Your Information');
    // The form as it is after a submit with nothing filled in: every error on screen.
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByText('Full name is required').first().waitFor();
    expect(await violations(page), 'Your Information with errors').toEqual([]);

    await fillDetails(page);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await waitForStep(page, 'Confirm Booking');
    expect(await violations(page), 'Confirm Booking').toEqual([]);
    await page.context().close();
  });

  it('has no WCAG A/AA violations on an online payment: confirm, payment page, confirmed', async () => {
    const { page } = await openPage(browser, viewport, `${baseUrl}/`);
    await goToConfirmation(page, { type: 'online', therapist: 'Rohan Kapoor' });
    expect(await violations(page), 'Confirm Payment').toEqual([]);

    await page.getByRole('button', { name: 'Pay Now' }).click();
    const pay = page.getByRole('button', { name: /^Pay ₹/ });
    await pay.waitFor();
    expect(await violations(page), 'sandbox payment page').toEqual([]);

    await pay.click();
    await page.getByRole('heading', { name: 'Booking Confirmed!' }).waitFor();
    expect(await violations(page), 'Booking Confirmed!').toEqual([]);
    await page.context().close();
  });

  it('has no WCAG A/AA violations on the static pages and the status page', async () => {
    for (const [path, heading] of [
      ['/privacy-policy', 'Privacy Policy'],
      ['/terms-and-conditions', 'Terms and Conditions'],
      ['/payment-status', undefined],
    ] as const) {
      const { page } = await openPage(browser, viewport, `${baseUrl}${path}`);
      if (heading) await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await page.locator('main').waitFor();
      await page.waitForLoadState('networkidle');
      expect(await violations(page), path).toEqual([]);
      await page.context().close();
    }
  });
});

describe('accessibility of the admin screens', () => {
  const baseUrl = serverUrl();
  const bookingDate = clinicDate(1);
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
    // A booking, so that the lists and the calendar have something in them.
    await createOfflineBooking({
      therapistId: 5, // Fatima Sheikh, in person at the East Branch
      locationId: 2,
      date: bookingDate,
      start: '09:00',
      name: 'E2E Accessibility Client',
    });
  });
  afterAll(() => browser.close());

  it('has no WCAG A/AA violations on the sign-in form, with its error shown', async () => {
    const { page } = await openPage(browser, DESKTOP, `${baseUrl}/admin/login`);
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(await violations(page), 'login').toEqual([]);
    await page.getByLabel('Email / Username').fill('nobody@example.com');
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('alert').waitFor();
    expect(await violations(page), 'login with error').toEqual([]);
    await page.context().close();
  });

  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ])(
    'has no WCAG A/AA violations on any admin screen (%s)',
    async (_name, viewport) => {
      const context = await signedInContext(browser, { viewport, reducedMotion: 'reduce' });
      const page = await context.newPage();
      const screens = [
        ['/admin/dashboard', 'Therapists'],
        ['/admin/calendar', 'Booking Calendar'],
        ['/admin/patients', 'Client List'],
        ['/admin/clients', 'Clients & Bookings'],
        ['/admin/reports', 'Reports'],
        ['/admin/income', 'Income Report'],
        ['/admin/receipts', 'Receipts Register'],
        ['/admin/payouts', 'Payouts'],
        ['/admin/audit-log', 'Audit Log'],
        ['/admin/privacy', 'Privacy Desk'],
        ['/admin/clinic', 'Clinic Profile'],
        ['/admin/therapists', 'Therapists'],
        ['/admin/centres', 'Centres'],
        ['/admin/services', 'Services'],
        ['/admin/system', 'System'],
      ] as const;
      for (const [path, heading] of screens) {
        await page.goto(`${baseUrl}${path}`);
        await page.getByRole('heading', { name: heading }).first().waitFor();
        await page.waitForLoadState('networkidle');
        expect(await violations(page), path).toEqual([]);
      }

      // The calendar on the booking's month, with a day that holds it.
      await page.goto(`${baseUrl}/admin/calendar`);
      if (bookingDate.slice(0, 7) !== clinicDate(0).slice(0, 7)) {
        await page.getByRole('button', { name: 'Next month' }).click();
      }
      await page
        .getByRole('button', { name: /, \d+ bookings?$/ })
        .first()
        .waitFor();
      expect(await violations(page), 'calendar with bookings').toEqual([]);

      // The manual booking form and a confirm dialog, opened from the dashboard.
      await page.goto(`${baseUrl}/admin/dashboard`);
      await page.getByRole('button', { name: 'Manual Booking' }).click();
      await page.getByRole('dialog', { name: 'Manual Booking' }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await violations(page), 'manual booking').toEqual([]);
      await context.close();
      // Fifteen screens, each read by axe: a busy 2-CPU run took past the default 60 s.
    },
    120_000,
  );
});
