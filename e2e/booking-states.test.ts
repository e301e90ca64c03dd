import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chooseLocation,
  chooseSessionType,
  chooseTherapist,
  fillDetails,
  goToConfirmation,
  openPage,
  waitForStep,
} from './support/booking-wizard.ts';
import { DESKTOP, launchChromium } from './support/browser.ts';
import { serverUrl } from './support/server.ts';

const CONNECTION_HINT = 'Please check your internet connection or try refreshing the page.';

/** Loading, empty and error states of the wizard, with the catalogue calls answered by the test. */
describe('booking wizard states', () => {
  const baseUrl = serverUrl();
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser.close());

  async function blankPage(): Promise<Page> {
    return (await openPage(browser, DESKTOP, 'about:blank')).page;
  }

  it('offers Retry when the locations fail to load, and says when there are none', async () => {
    const page = await blankPage();
    let answer: 'fail' | 'empty' | 'real' = 'fail';
    await page.route(`${baseUrl}/locations`, (route) => {
      if (answer === 'fail') return route.fulfill({ status: 500, json: { detail: 'boom' } });
      if (answer === 'empty') return route.fulfill({ json: [] });
      return route.continue();
    });
    await page.goto(`${baseUrl}/`);
    await chooseSessionType(page, 'offline');
    await page.getByText('Failed to load locations. Please try again later.').waitFor();
    expect(await page.getByText(CONNECTION_HINT).isVisible()).toBe(true);
    answer = 'empty';
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('heading', { name: 'No Locations Available' }).waitFor();
    await page.getByRole('button', { name: 'Back' }).click();
    answer = 'real';
    await page.reload();
    await chooseSessionType(page, 'offline');
    await chooseLocation(page, 'West Branch');
    await waitForStep(page, 'Select Your Therapist');
    await page.close();
  });

  it('shows the therapist load failure and the empty list', async () => {
    const page = await blankPage();
    let fail = true;
    await page.route(`${baseUrl}/therapists`, (route) =>
      fail ? route.fulfill({ status: 503, body: '' }) : route.fulfill({ json: [] }),
    );
    await page.goto(`${baseUrl}/`);
    await chooseSessionType(page, 'online');
    await page.getByText('Failed to load therapists. Please try again later.').waitFor();
    expect(await page.getByText(CONNECTION_HINT).isVisible()).toBe(true);
    fail = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('heading', { name: 'No Therapists Available' }).waitFor();
    await page.close();
  });

  it('shows the therapist load failure, not a wrong price, when the answer has the wrong shape', async () => {
    const page = await blankPage();
    // A price in paise as text: shown, it would tell the visitor the wrong amount.
    await page.route(`${baseUrl}/therapists`, async (route) => {
      const therapists = (await (await route.fetch()).json()) as { price: unknown }[];
      await route.fulfill({ json: therapists.map((therapist) => ({ ...therapist, price: '120000' })) });
    });
    await page.goto(`${baseUrl}/`);
    await chooseSessionType(page, 'online');
    await page.getByText('Failed to load therapists. Please try again later.').waitFor();
    expect(await page.getByRole('button', { name: 'Retry' }).isVisible()).toBe(true);
    expect(await page.getByText('120000').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Asha Menon', exact: true }).count()).toBe(0);
    await page.close();
  });

  it("shows the slots' error message, then the therapist with no free times", async () => {
    const page = await blankPage();
    let fail = true;
    await page.route(`${baseUrl}/api/open-slots?*`, (route) =>
      fail
        ? route.fulfill({ status: 500, json: { message: 'Slots are being updated' } })
        : route.fulfill({ json: [] }),
    );
    await page.goto(`${baseUrl}/`);
    await chooseSessionType(page, 'online');
    await waitForStep(page, 'Select Your Therapist');
    await page.getByRole('button', { name: 'Asha Menon', exact: true }).click();
    await page.getByText('Slots are being updated').waitFor();
    expect(await page.getByText(CONNECTION_HINT).isVisible()).toBe(true);
    fail = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('heading', { name: 'No Time Slots Available' }).waitFor();
    await page.getByRole('button', { name: 'Back' }).click();
    await waitForStep(page, 'Select Your Therapist');
    await page.close();
  });

  it('falls back to its own message when the slots fail without one', async () => {
    const page = await blankPage();
    await page.route(`${baseUrl}/api/open-slots?*`, (route) => route.abort());
    await page.goto(`${baseUrl}/`);
    await chooseSessionType(page, 'offline');
    await chooseLocation(page, 'West Branch');
    await waitForStep(page, 'Select Your Therapist');
    await page.getByRole('button', { name: 'Priya Nair', exact: true }).click();
    await page.getByText('Failed to load time slots. Please try again.').waitFor();
    await page.close();
  });

  it('explains a failed booking under the button and lets the visitor try again', async () => {
    const page = await blankPage();
    await page.route(`${baseUrl}/confirm-booking`, (route) => route.fulfill({ status: 500, body: 'oops' }));
    await page.goto(`${baseUrl}/`);
    await chooseSessionType(page, 'offline');
    await chooseLocation(page, 'West Branch');
    await chooseTherapist(page, 'Meera Joshi');
    await page.locator('.slot-grid__slot').first().click();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await fillDetails(page);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await waitForStep(page, 'Confirm Booking');
    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Failed to create booking. Please try again.' })
      .waitFor();
    expect(await page.getByRole('button', { name: 'Confirm Booking' }).isEnabled()).toBe(true);
    await page.close();
  });

  it('shows the busy label, a missing payment link, and the hand-over to the payment page', async () => {
    const page = await blankPage();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let link: object = { payment_link_id: 'plink_test' };
    await page.route(`${baseUrl}/api/payment/generate-link`, async (route) => {
      await held;
      await route.fulfill({ json: link });
    });
    await page.route(`${baseUrl}/api/bookings/*/payment-link`, (route) => route.fulfill({ json: {} }));
    // A 204 answer cancels the navigation to the payment page, so the hand-over stays on screen.
    await page.route(`${baseUrl}/pay-here`, (route) => route.fulfill({ status: 204 }));
    await page.goto(`${baseUrl}/`);
    await goToConfirmation(page, { type: 'online', therapist: 'Karan Singh' });
    await page.getByRole('button', { name: 'Pay Now' }).click();
    const busy = page.getByRole('button', { name: 'Redirecting to Payment...' });
    await busy.waitFor();
    expect(await busy.getAttribute('aria-busy')).toBe('true');
    release();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Failed to generate payment link. Please contact support.' })
      .waitFor();

    link = { short_url: `${baseUrl}/pay-here`, payment_link_id: 'plink_test' };
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await page.getByText('Processing payment and redirecting...').waitFor();
    expect(new URL(page.url()).searchParams.get('step')).toBe('6');
    await page.close();
  });

  it('offers a reload when a step of the wizard cannot be loaded', async () => {
    const page = await blankPage();
    await page.route(/\/assets\/therapist-step-[^/]+\.js$/, (route) => route.abort());
    await page.goto(`${baseUrl}/`);
    await chooseSessionType(page, 'online');
    await page.getByText('An unexpected error occurred. Please try again.').waitFor();
    expect(await page.getByText(CONNECTION_HINT).isVisible()).toBe(true);
    await page.unroute(/\/assets\/therapist-step-[^/]+\.js$/);
    await page.getByRole('button', { name: 'Retry' }).click();
    await waitForStep(page, 'Select Your Therapist');
    await page.close();
  });
});
