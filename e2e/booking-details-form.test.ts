import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chooseFreeSlot,
  chooseLocation,
  chooseSessionType,
  chooseTherapist,
  continueButton,
  openPage,
  readDraft,
  VISITOR,
  waitForStep,
} from './support/booking-wizard.ts';
import { DESKTOP, launchChromium, PHONE } from './support/browser.ts';
import { serverUrl } from './support/server.ts';

/** The field's error text, found through its aria-describedby link (empty when valid). */
async function fieldError(page: Page, label: string): Promise<string> {
  const field = page.getByLabel(label, { exact: true });
  const invalid = await field.getAttribute('aria-invalid');
  const describedBy = (await field.getAttribute('aria-describedby')) ?? '';
  const errorId = describedBy.split(' ').find((id) => id.endsWith('-error'));
  if (!errorId) {
    expect(invalid, label).toBeNull();
    return '';
  }
  expect(invalid, label).toBe('true');
  return ((await page.locator(`#${errorId}`).textContent()) ?? '').replace(/^Error: /, '');
}

/**
 * Waits for the step; should it not come, the failure says what the page showed instead (the step
 * heading, the messages, the fields marked invalid, the wizard's step, failed requests), so a
 * failure in a loaded run explains itself.
 */
async function waitForStepOrSay(page: Page, name: string, problems: string[]): Promise<void> {
  try {
    await waitForStep(page, name);
  } catch (error) {
    const shown = {
      url: page.url(),
      headings: await page.locator('h2').allTextContents(),
      alerts: await page.getByRole('alert').allTextContents(),
      // A string expression: this project's e2e code is type-checked without the DOM library.
      invalid: await page.evaluate<string[]>(
        `[...document.querySelectorAll('[aria-invalid="true"]')].map((field) => field.id + '=' + JSON.stringify(field.value))`,
      ),
      step: (await readDraft(page).catch(() => null))?.currentStep,
      problems,
    };
    throw new Error(`'${name}' did not appear; the page showed ${JSON.stringify(shown)}`, { cause: error });
  }
}

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
])('"Your Information" form on a %s', (_name, viewport) => {
  const baseUrl = serverUrl();
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser.close());

  async function openDetailsStep(type: 'online' | 'offline') {
    const opened = await openPage(browser, viewport, 'about:blank');
    const { page } = opened;
    // What went wrong on the way (a step's chunk not loaded, a call refused), for waitForStepOrSay.
    const problems: string[] = [];
    page.on('requestfailed', (request) => problems.push(`${request.url()}: ${request.failure()?.errorText}`));
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`${response.url()}: ${response.status()}`);
    });
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    await page.goto(`${baseUrl}/`);
    await chooseSessionType(page, type);
    if (type === 'offline') {
      await chooseLocation(page, 'East Branch');
      await chooseTherapist(page, 'Vikram Rao');
    } else {
      await chooseTherapist(page, 'Arjun Iyer');
    }
    await chooseFreeSlot(page);
    await continueButton(page).click();
    await waitForStep(page, 'Your Information');
    return { ...opened, problems };
  }

  it('shows every message of the specification, field by field, and clears each on edit', async () => {
    const { page, errors, problems } = await openDetailsStep('offline');
    const submit = page.getByRole('button', { name: 'Continue to Payment' });
    expect(await page.getByLabel('Mobile number').getAttribute('maxlength')).toBe('20');
    expect(await page.getByLabel('Mobile number').getAttribute('inputmode')).toBe('tel');
    expect(await page.getByLabel('Age', { exact: true }).getAttribute('min')).toBe('1');
    expect(await page.getByLabel('Age', { exact: true }).getAttribute('max')).toBe('120');
    expect(await page.getByLabel('City').isDisabled()).toBe(true);
    // Consent by a clear act (DPDP Act s.6, decision 061): the box starts unticked, and left so
    // the booking is refused with the specification's message.
    expect(await page.getByRole('checkbox').isChecked()).toBe(false);
    await submit.click();
    const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
    await summary.waitFor();
    expect(await summary.getByRole('link').allTextContents()).toEqual([
      'Full name is required',
      'Email is required',
      'Mobile number is required',
      'Age is required and must be a positive number',
      'Please select a session type',
      'State is required for offline booking',
      'City is required for offline booking',
      'You must accept the terms and conditions',
    ]);
    expect(await page.locator(':focus').getAttribute('class')).toContain('error-summary');
    expect(await fieldError(page, 'Full name')).toBe('Full name is required');
    expect(await fieldError(page, 'Email')).toBe('Email is required');
    expect(await fieldError(page, 'Mobile number')).toBe('Mobile number is required');
    expect(await fieldError(page, 'Age')).toBe('Age is required and must be a positive number');
    expect(await fieldError(page, 'State')).toBe('State is required for offline booking');
    expect(await fieldError(page, 'City')).toBe('City is required for offline booking');
    expect(await page.getByRole('group', { name: 'Session type' }).textContent()).toContain(
      'Please select a session type',
    );
    expect(await page.locator('#client-terms-error').textContent()).toContain(
      'You must accept the terms and conditions',
    );

    // A summary link takes the visitor to the field.
    await summary.getByRole('link', { name: 'Email is required' }).click();
    expect(await page.locator(':focus').getAttribute('id')).toBe('client-email');

    // Editing a field clears its message only.
    await page.getByLabel('Full name').fill(VISITOR.fullName);
    expect(await fieldError(page, 'Full name')).toBe('');
    expect(await fieldError(page, 'Email')).toBe('Email is required');

    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Mobile number').fill('12345');
    await page.getByLabel('Age', { exact: true }).fill('0');
    await submit.click();
    expect(await fieldError(page, 'Email')).toBe('Please enter a valid email address');
    expect(await fieldError(page, 'Mobile number')).toBe('Mobile number must be 10 digits');
    expect(await fieldError(page, 'Age')).toBe('Age is required and must be a positive number');

    // Typed as people write it (letters dropped), then read as its 10 digits once the field is left;
    // a number with a digit too many is refused, never cut to ten.
    const mobile = page.getByLabel('Mobile number');
    await mobile.fill('');
    await mobile.pressSequentially('+91 98765 43210a');
    expect(await mobile.inputValue()).toBe('+91 98765 43210');
    await mobile.blur();
    expect(await mobile.inputValue()).toBe('9876543210');
    await mobile.fill('+91 98765 432101');
    await mobile.blur();
    expect(await mobile.inputValue()).toBe('+91 98765 432101');
    await submit.click();
    expect(await fieldError(page, 'Mobile number')).toBe('Mobile number must be 10 digits');
    await mobile.fill('098765 43210');

    // The city list follows the state; a new state clears the city.
    await page.getByLabel('State').selectOption('Karnataka');
    expect(await page.getByLabel('City').isDisabled()).toBe(false);
    await page.getByLabel('City').selectOption('Mysuru');
    await page.getByLabel('State').selectOption('Kerala');
    expect(await page.getByLabel('City').inputValue()).toBe('');
    expect(await page.getByLabel('City').locator('option').allTextContents()).toContain('Kochi');
    expect(await page.getByLabel('State').locator('option').count()).toBe(37);

    const consent = page.locator('#client-terms + label');
    const terms = consent.getByRole('link', { name: 'Terms and Conditions' });
    expect(await terms.getAttribute('href')).toBe('/terms-and-conditions');
    expect(await terms.getAttribute('target')).toBe('_blank');
    expect(await terms.getAttribute('rel')).toContain('noopener');
    const privacy = consent.getByRole('link', { name: 'Privacy Policy' });
    expect(await privacy.getAttribute('href')).toBe('/privacy-policy');
    expect(await privacy.getAttribute('target')).toBe('_blank');

    await page.getByLabel('Email').fill(VISITOR.email);
    await page.getByLabel('Age', { exact: true }).fill(VISITOR.age);
    await page.getByRole('radio', { name: /Couple/ }).check();
    await page.getByLabel('City').selectOption('Kochi');
    await page.getByRole('checkbox').check();
    await submit.click();
    await waitForStepOrSay(page, 'Confirm Booking', problems);
    expect((await readDraft(page)).clientInfo).toMatchObject({
      fullName: VISITOR.fullName,
      mobile: '9876543210',
      sessionType: 'couple',
      state: 'Kerala',
      city: 'Kochi',
      termsAccepted: true,
    });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('lets an online visitor leave state and city empty (decision 004)', async () => {
    const { page } = await openDetailsStep('online');
    expect(await page.getByText('State (optional)').isVisible()).toBe(true);
    await page.getByLabel('Full name').fill(VISITOR.fullName);
    await page.getByLabel('Email').fill(VISITOR.email);
    await page.getByLabel('Mobile number').fill(VISITOR.mobile);
    await page.getByLabel('Age', { exact: true }).fill(VISITOR.age);
    await page.getByRole('radio', { name: /Individual/ }).check();
    await page.getByRole('checkbox', { name: /I agree to the Terms and Conditions/ }).check();
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await waitForStep(page, 'Confirm Payment');
    expect(await page.getByRole('heading', { name: 'Secure Payment' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Pay Now' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Back' }).click();
    await waitForStep(page, 'Your Information');
    expect(await page.getByLabel('Full name').inputValue()).toBe(VISITOR.fullName);
    await page.close();
  });
});
