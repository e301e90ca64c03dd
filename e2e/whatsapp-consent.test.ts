import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goToConfirmation, openPage, waitForStep } from './support/booking-wizard.ts';
import { launchChromium, PHONE } from './support/browser.ts';
import { serverUrl } from './support/server.ts';

const CONSENT = 'Also send me booking messages on WhatsApp';

/** The clinic's answer, as a server with WhatsApp set up (WHATSAPP_*) gives it. */
async function offerWhatsApp(page: Page): Promise<void> {
  await page.route('**/api/clinic', async (route) => {
    const answer = await route.fetch();
    await route.fulfill({ response: answer, json: { ...(await answer.json()), whatsapp_enabled: true } });
  });
}

/** The booking the wizard sends; the server is not asked (it answers no), so no booking is made. */
async function sentBooking(page: Page): Promise<Record<string, unknown>> {
  const sent = new Promise<Record<string, unknown>>((resolve) => {
    void page.route('**/confirm-booking', async (route) => {
      resolve(route.request().postDataJSON() as Record<string, unknown>);
      await route.fulfill({ status: 503, json: { detail: 'Not booked: a test.' } });
    });
  });
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  return sent;
}

describe('the WhatsApp consent box of the details step', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser.close());

  it('is offered unticked when the clinic sends WhatsApp messages, and its answer is sent', async () => {
    const { page, errors } = await openPage(browser, PHONE, 'about:blank');
    await offerWhatsApp(page);
    await page.goto(`${serverUrl()}/book`);
    await goToConfirmation(page, { type: 'offline', location: 'East Branch', therapist: 'Fatima Sheikh' });
    await page.getByRole('button', { name: 'Back' }).click();
    await waitForStep(page, 'Your Information');
    const box = page.getByRole('checkbox', { name: CONSENT });
    expect(await box.isChecked()).toBe(false);
    await box.check();
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await waitForStep(page, 'Confirm Booking');
    expect((await sentBooking(page)).whatsapp_consent).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('is not there without WhatsApp, and the booking says nothing about it', async () => {
    const { page } = await openPage(browser, PHONE, `${serverUrl()}/book`);
    await goToConfirmation(page, { type: 'offline', location: 'East Branch', therapist: 'Fatima Sheikh' });
    await page.getByRole('button', { name: 'Back' }).click();
    await waitForStep(page, 'Your Information');
    expect(await page.getByRole('checkbox', { name: CONSENT }).count()).toBe(0);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await waitForStep(page, 'Confirm Booking');
    expect('whatsapp_consent' in (await sentBooking(page))).toBe(false);
    await page.close();
  });
});
