import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chooseFreeSlot,
  chooseLocation,
  chooseSessionType,
  chooseTherapist,
  continueButton,
  goToConfirmation,
  openPage,
  progress,
  readDraft,
  stepHeading,
  VISITOR,
  waitForStep,
} from './support/booking-wizard.ts';
import { DESKTOP, launchChromium, PHONE } from './support/browser.ts';
import { serverUrl } from './support/server.ts';

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
])('booking wizard on a %s', (name, viewport) => {
  const baseUrl = serverUrl();
  const phone = name === 'phone';
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser.close());

  it(`shows ${phone ? "'Step N of M' with a bar" : 'numbered steps'} and follows the chosen flow`, async () => {
    const { page, errors } = await openPage(browser, viewport, `${baseUrl}/`);
    await waitForStep(page, 'How would you like to meet?');
    expect(await continueButton(page).isDisabled()).toBe(true);

    let shown = await progress(page);
    expect(shown.compactVisible).toBe(phone);
    expect(shown.numberedVisible).toBe(!phone);
    expect(shown.compactText).toMatch(/^Step 1 of 5/);
    expect(shown.numberedCount).toBe(5);
    if (!phone) expect(shown.current).toContain('Booking Type');

    // In person adds the location step: six steps.
    await page.getByRole('radio', { name: /In-Person Session/ }).check();
    shown = await progress(page);
    expect(shown.compactText).toMatch(/^Step 1 of 6/);
    expect(shown.numberedCount).toBe(6);
    await continueButton(page).click();
    await waitForStep(page, 'Select Location');
    shown = await progress(page);
    expect(shown.compactText).toMatch(/^Step 2 of 6/);
    if (!phone) expect(shown.current).toContain('Location');
    expect(new URL(page.url()).searchParams.get('step')).toBe('2');

    // Online skips (and forgets) the location.
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('radio', { name: /Online Session/ }).check();
    await continueButton(page).click();
    await waitForStep(page, 'Select Your Therapist');
    shown = await progress(page);
    expect(shown.compactText).toMatch(/^Step 2 of 5/);
    if (!phone) expect(shown.current).toContain('Therapist');
    expect((await readDraft(page)).selectedLocation).toBeNull();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('lists locations newest first and in-person therapists of the chosen location', async () => {
    const { page } = await openPage(browser, viewport, `${baseUrl}/book`);
    await chooseSessionType(page, 'offline');
    await waitForStep(page, 'Select Location');
    await page.locator('.location-card').first().waitFor();
    const names = await page.locator('.location-card .choice-card__title').allTextContents();
    expect(names).toEqual(['East Branch', 'West Branch']);
    // The demo clinic's phone on each card (the footer shows it too).
    expect(await page.locator('.location-card').getByText('+91 22 4000 0000').count()).toBe(2);
    expect(await continueButton(page).isDisabled()).toBe(true);
    await chooseLocation(page, 'West Branch');
    await waitForStep(page, 'Select Your Therapist');
    await page.locator('.therapist-card').first().waitFor();
    const therapists = await page.locator('.therapist-card__name').allTextContents();
    expect(therapists.sort()).toEqual(['Meera Joshi', 'Priya Nair']);
    const meera = page.locator('.therapist-card').filter({ hasText: 'Meera Joshi' });
    expect(await meera.getByText('18 years of experience').isVisible()).toBe(true);
    expect(await meera.getByText('₹2,000').isVisible()).toBe(true);
    // Three of her four services, their parenthetical suffixes trimmed, and a count of the rest.
    const tags = await meera.locator('.tag').allTextContents();
    expect(tags).toHaveLength(4);
    expect(tags[3]).toBe('+1 more');
    for (const tag of tags.slice(0, 3)) {
      expect([
        'Psychotherapy',
        'Individual Counselling',
        'Couples Counselling',
        'Stress and Anxiety Management',
      ]).toContain(tag);
    }
    await page.getByRole('button', { name: 'Back' }).click();
    await waitForStep(page, 'Select Location');
    await page.close();
  });

  it(`shows ${phone ? 3 : 5} dates at a time, shifted by one with the arrows, and 12-hour times`, async () => {
    const { page } = await openPage(browser, viewport, `${baseUrl}/`);
    await chooseSessionType(page, 'online');
    await chooseTherapist(page, 'Karan Singh');
    const dates = page.locator('.date-strip__date');
    await dates.first().waitFor();
    expect(await dates.count()).toBe(phone ? 3 : 5);
    expect(await page.getByRole('button', { name: 'Earlier dates' }).isDisabled()).toBe(true);
    const second = await dates.nth(1).textContent();
    await page.getByRole('button', { name: 'Later dates' }).click();
    expect(await dates.first().textContent()).toBe(second);
    expect(await dates.first().textContent()).toMatch(/^[A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2}$/);

    const times = await page.locator('.slot-grid__slot').allTextContents();
    expect(times.length).toBeGreaterThan(0);
    for (const time of times) expect(time).toMatch(/^(1[0-2]|[1-9]):[0-5]\d (AM|PM)$/);
    expect(await continueButton(page).isDisabled()).toBe(true);
    await chooseFreeSlot(page);
    expect(await continueButton(page).isDisabled()).toBe(false);
    // Another date clears the chosen time.
    await dates.first().click();
    expect(await continueButton(page).isDisabled()).toBe(true);
    expect((await readDraft(page)).selectedTimeSlot).toBeNull();
    await page.close();
  });

  it('keeps the draft and the step across a reload', async () => {
    const { page } = await openPage(browser, viewport, `${baseUrl}/book`);
    await chooseSessionType(page, 'online');
    await chooseTherapist(page, 'Asha Menon');
    const time = await chooseFreeSlot(page);
    await continueButton(page).click();
    await waitForStep(page, 'Your Information');
    await page.getByLabel('Full name').fill(VISITOR.fullName);
    await page.getByLabel('Email').fill(VISITOR.email);

    await page.reload();
    await waitForStep(page, 'Your Information');
    expect(new URL(page.url()).searchParams.get('step')).toBe('4');
    expect(await page.getByLabel('Full name').inputValue()).toBe(VISITOR.fullName);
    expect(await page.getByLabel('Email').inputValue()).toBe(VISITOR.email);
    await page.getByRole('button', { name: 'Back' }).click();
    await waitForStep(page, 'Select Date & Time');
    await page.getByRole('button', { name: time, pressed: true }).waitFor();

    // A plain visit to /book carries on where the draft is.
    await page.goto(`${baseUrl}/book`);
    await waitForStep(page, 'Select Date & Time');
    expect(new URL(page.url()).searchParams.get('step')).toBe('3');
    await page.close();
  });

  it("moves between steps with the browser's back and forward buttons, focusing each step", async () => {
    const { page } = await openPage(browser, viewport, `${baseUrl}/`);
    await chooseSessionType(page, 'offline');
    await chooseLocation(page, 'East Branch');
    await waitForStep(page, 'Select Your Therapist');
    expect(await page.locator(':focus').textContent()).toBe('Select Your Therapist');

    await page.goBack();
    await waitForStep(page, 'Select Location');
    expect(await page.getByRole('radio', { name: /East Branch/ }).isChecked()).toBe(true);
    expect(await page.locator(':focus').textContent()).toBe('Select Location');
    await page.goBack();
    await waitForStep(page, 'How would you like to meet?');
    await page.goForward();
    await waitForStep(page, 'Select Location');
    await page.goForward();
    await waitForStep(page, 'Select Your Therapist');
    expect(await progress(page)).toMatchObject({ compactText: expect.stringMatching(/^Step 3 of 6/) });
    await page.close();
  });

  it('books an in-person session and shows its confirmation with the centre', async () => {
    const { page, errors } = await openPage(browser, viewport, `${baseUrl}/`);
    const time = await goToConfirmation(page, {
      type: 'offline',
      location: 'East Branch',
      therapist: 'Fatima Sheikh',
    });
    const summary = page.locator('.summary');
    for (const text of ['In-Person Session', 'East Branch', 'Fatima Sheikh', time, '45 minutes', '₹1,800']) {
      expect(await summary.textContent()).toContain(text);
    }
    expect(await page.getByRole('heading', { name: 'Confirm Your Offline Booking' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Confirm Booking' }).click();

    await page.waitForURL(/\/payment-status\?booking_id=\d+&token=/);
    await page.getByRole('heading', { name: 'Booking Confirmed!' }).waitFor();
    const details = (await page.locator('main').textContent()) ?? '';
    expect(details).toContain('East Branch');
    expect(details).toContain('Ghatkopar East, Mumbai');
    expect(details).toContain('Fatima Sheikh');
    expect(details).toContain(time);
    expect(details).toMatch(/arrive 10 minutes early/);
    expect(details).toMatch(/24 hours/);
    expect(details).toMatch(/₹[\d,]+ at the centre/);
    // The draft is reset once the booking is confirmed.
    expect(await readDraft(page)).toMatchObject({
      currentStep: 1,
      bookingType: null,
      selectedTherapist: null,
    });
    await page.getByRole('button', { name: 'Book Another Appointment' }).click();
    await page.waitForURL(`${baseUrl}/book`);
    await waitForStep(page, 'How would you like to meet?');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('sends the visitor back to Date & Time when the slot is taken before confirming (409)', async () => {
    const { page } = await openPage(browser, viewport, `${baseUrl}/`);
    await goToConfirmation(page, { type: 'offline', location: 'West Branch', therapist: 'Priya Nair' });
    const draft = await readDraft(page);
    const payload = {
      therapist_id: draft.selectedTherapist?.id,
      booking_date: draft.selectedTimeSlot?.date,
      booking_time_slot_start: draft.selectedTimeSlot?.start_time.slice(0, 5),
      client_full_name: 'Someone Else',
      client_email: 'someone.else@example.com',
      client_mobile: '9123456780',
      client_note: null,
      terms_accepted: true,
      booking_type: 'OFFLINE',
      location_id: draft.selectedLocation?.id,
      client_age: 40,
      client_session_type: 'individual',
      client_state: 'Karnataka',
      client_city: 'Bengaluru',
      service_id: 1,
    };
    const book = () =>
      fetch(`${baseUrl}/confirm-booking`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      });
    expect((await book()).status).toBe(201);
    const conflict = await book();
    expect(conflict.status).toBe(409);
    const { detail } = (await conflict.json()) as { detail: string };

    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    await waitForStep(page, 'Select Date & Time');
    expect(await page.getByRole('alert').filter({ hasText: detail }).isVisible()).toBe(true);
    expect(new URL(page.url()).searchParams.get('step')).toBe('4');
    expect((await readDraft(page)).selectedTimeSlot).toBeNull();
    expect(await continueButton(page).isDisabled()).toBe(true);
    // Choosing another time clears the notice.
    await chooseFreeSlot(page);
    expect(await page.getByRole('alert').count()).toBe(0);
    await page.close();
  });

  it('offers the step-by-step guards when the draft is missing a choice', async () => {
    const { page } = await openPage(browser, viewport, `${baseUrl}/book?step=2`);
    await waitForStep(page, 'Select Your Therapist');
    await page.getByRole('heading', { name: 'Booking Type Not Selected' }).waitFor();
    await page.goto(`${baseUrl}/book?step=3`);
    await waitForStep(page, 'Select Date & Time');
    await page.getByRole('heading', { name: 'Selection Incomplete' }).waitFor();
    await page.goto(`${baseUrl}/book?step=5`);
    await stepHeading(page, 'Confirm Payment').waitFor();
    await page.getByRole('heading', { name: 'Booking Information Missing' }).waitFor();
    await page.getByRole('button', { name: 'Start Over' }).click();
    await waitForStep(page, 'How would you like to meet?');
    await page.close();
  });
});
