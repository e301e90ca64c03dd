import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookInPerson, openDate } from './support/admin-data.ts';
import { openPage } from './support/booking-wizard.ts';
import { launchChromium, PHONE } from './support/browser.ts';
import { serverUrl } from './support/server.ts';

describe('payment status page', () => {
  const baseUrl = serverUrl();
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser.close());

  it('refuses an address without the payment link id or status', async () => {
    const { page, errors } = await openPage(
      browser,
      PHONE,
      `${baseUrl}/payment-status?razorpay_payment_id=pay_123`,
    );
    await page.getByRole('heading', { name: 'Payment Failed!' }).waitFor();
    expect(await page.getByText('Payment was unsuccessful or the payment link is invalid.').isVisible()).toBe(
      true,
    );
    expect(await page.getByText('pay_123').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Go to Home Page' }).getAttribute('href')).toBe('/');
    // Not paid: a new time may be chosen.
    expect(await page.getByRole('button', { name: 'Choose another time' }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows "Verifying your booking..." while it asks the server', async () => {
    const { page } = await openPage(browser, PHONE, 'about:blank');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/get-razorpay-details/**', async (route) => {
      await held;
      await route.fulfill({ status: 404, json: { detail: 'Payment link not found' } });
    });
    await page.goto(
      `${baseUrl}/payment-status?razorpay_payment_link_id=plink_unknown&razorpay_payment_link_status=paid&razorpay_payment_id=pay_9`,
    );
    await page.getByRole('heading', { name: 'Verifying your booking...' }).waitFor();
    release();
    // Paid, but the look-up failed: the booking, not the payment, is what failed.
    await page.getByRole('heading', { name: 'Booking Confirmation Failed!' }).waitFor();
    expect(await page.getByText('Payment link not found').isVisible()).toBe(true);
    // The link says paid: the visitor is sent to the clinic, never to book or pay again.
    expect(await page.getByRole('button', { name: 'Choose another time' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Try payment again' }).count()).toBe(0);
    // The clinic's phone in the page itself (the footer has it too).
    expect(await page.getByRole('main').locator('a[href^="tel:"]').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Go to Home Page' }).isVisible()).toBe(true);
    await page.close();
  });

  it('falls back to the support message when the look-up fails without a message', async () => {
    const { page } = await openPage(browser, PHONE, 'about:blank');
    await page.route('**/api/bookings/*/confirmation*', (route) => route.fulfill({ status: 502, body: '' }));
    await page.goto(`${baseUrl}/payment-status?booking_id=42&token=abc`);
    await page.getByRole('heading', { name: 'Booking Confirmation Failed!' }).waitFor();
    expect(
      await page.getByText('Failed to retrieve booking details. Please contact support.').isVisible(),
    ).toBe(true);
    await page.close();
  });

  it('shows the look-up failure, not a confirmation, when the answer has the wrong shape', async () => {
    const { page, errors } = await openPage(browser, PHONE, 'about:blank');
    // "confirmed", but the booking's amount and time are missing: nothing here may be shown as booked.
    await page.route('**/api/bookings/*/confirmation*', (route) =>
      route.fulfill({
        status: 200,
        json: {
          status: 'confirmed',
          message: 'Booking confirmed.',
          data: { booking_id: 42, therapist_name: 'Dr.Asha Menon' },
        },
      }),
    );
    await page.goto(`${baseUrl}/payment-status?booking_id=42&token=abc`);
    await page.getByRole('heading', { name: 'Booking Confirmation Failed!' }).waitFor();
    expect(
      await page.getByText('Failed to retrieve booking details. Please contact support.').isVisible(),
    ).toBe(true);
    expect(await page.getByRole('heading', { name: 'Booking Confirmed!' }).count()).toBe(0);
    expect(await page.getByText('Asha Menon').count()).toBe(0);
    // The server may just be mid-update: asking again is offered.
    expect(await page.getByRole('button', { name: 'Check Again' }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('offers Check Again when the server could not answer, and shows the booking once it does', async () => {
    // Vikram Rao, in person at the East Branch, Monday to Friday: a day he works about 13 days ahead.
    const vikram = { therapistId: 4, locationId: 2 };
    const booking = await bookInPerson({
      ...vikram,
      date: await openDate(13, { ...vikram, starts: ['16:00'] }),
      start: '16:00',
      name: 'E2E Check Again',
    });
    const { page, errors } = await openPage(browser, PHONE, 'about:blank');
    // The first look-up meets a busy server; the next one reaches it.
    let refused = 0;
    await page.route('**/api/bookings/*/confirmation*', async (route) => {
      if (refused++ === 0) {
        await route.fulfill({
          status: 429,
          json: { detail: 'Too many requests. Please wait a minute and try again.' },
        });
      } else {
        await route.continue();
      }
    });
    await page.goto(
      `${baseUrl}/payment-status?booking_id=${booking.booking_id}&token=${encodeURIComponent(booking.confirmation_token)}`,
    );
    await page.getByRole('heading', { name: 'Booking Confirmation Failed!' }).waitFor();
    expect(await page.getByText('Too many requests. Please wait a minute and try again.').isVisible()).toBe(
      true,
    );
    expect(await page.getByText(/If you paid, your payment is safe/).isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Check Again' }).click();
    await page.getByRole('heading', { name: 'Booking Confirmed!' }).waitFor();
    expect(await page.locator('main').textContent()).toContain('Vikram Rao');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('offers no Check Again when the server answered that there is no such booking', async () => {
    const { page } = await openPage(browser, PHONE, `${baseUrl}/payment-status?booking_id=999999&token=nope`);
    await page.getByRole('heading', { name: 'Booking Confirmation Failed!' }).waitFor();
    expect(await page.getByText('Booking not found').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Check Again' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Choose another time' }).count()).toBe(0);
    // The clinic's phone in the page itself (the footer has it too).
    expect(await page.getByRole('main').locator('a[href^="tel:"]').isVisible()).toBe(true);
    await page.close();
  });
});
