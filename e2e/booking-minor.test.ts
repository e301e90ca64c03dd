import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { violations } from './support/axe.ts';
import {
  chooseFreeSlot,
  chooseLocation,
  chooseSessionType,
  chooseTherapist,
  continueButton,
  fillDetails,
  waitForStep,
} from './support/booking-wizard.ts';
import { launchChromium, PHONE } from './support/browser.ts';
import { serverUrl } from './support/server.ts';

/** Issue 14: a 16-year-old books only with a parent or guardian, on a phone. */
describe('a booking for a client under 18', () => {
  const baseUrl = serverUrl();
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser.close());

  it('asks for a parent or guardian and their consent, and books once they are given', async () => {
    // axe-core needs a page of a context of our own.
    const context = await browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${baseUrl}/`);
    await chooseSessionType(page, 'offline');
    await chooseLocation(page, 'West Branch');
    await chooseTherapist(page, 'Priya Nair');
    await chooseFreeSlot(page);
    await continueButton(page).click();
    await fillDetails(page);
    const guardian = page.getByRole('group', { name: 'Parent or guardian' });
    expect(await guardian.count()).toBe(0);
    await page.getByLabel('Age', { exact: true }).fill('16');
    await guardian.waitFor();

    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    const summary = page.getByRole('alert');
    await summary.getByText('For a client under 18, the name of a parent or guardian is required').waitFor();
    await summary.getByText('For a client under 18, a parent or guardian must give their consent').waitFor();
    expect(await violations(page), 'the guardian’s errors').toEqual([]);

    await guardian.getByLabel('Parent or guardian’s full name').fill('Sunita Rao');
    await guardian.getByLabel('Relation to the client').fill('Mother');
    await guardian.getByLabel('Their mobile number').fill('98200 11111');
    await guardian.getByLabel('Their email').fill('sunita.rao@example.com');
    const consent = guardian.getByRole('checkbox', {
      name: 'I, Sunita Rao, consent to this booking for the client, and to the clinic keeping these details to arrange it.',
    });
    await consent.check();
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await waitForStep(page, 'Confirm Booking');
    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    await page.getByRole('heading', { name: 'Booking Confirmed!' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
