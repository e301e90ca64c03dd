import type { Browser, Page } from 'playwright-core';

/** Steps through the booking wizard the way a visitor does: by roles and visible names. */

export type Viewport = { width: number; height: number };

export type OpenedPage = { page: Page; errors: string[] };

export const VISITOR = {
  fullName: 'Anita Sharma',
  email: 'anita.sharma@example.com',
  mobile: '9876543210',
  age: '34',
  state: 'Maharashtra',
  city: 'Pune',
} as const;

export async function openPage(browser: Browser, viewport: Viewport, url: string): Promise<OpenedPage> {
  const page = await browser.newPage({ viewport });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(url);
  return { page, errors };
}

export function stepHeading(page: Page, name: string) {
  return page.getByRole('heading', { level: 2, name, exact: true });
}

export async function waitForStep(page: Page, name: string): Promise<void> {
  await stepHeading(page, name).waitFor();
}

export function continueButton(page: Page) {
  return page.getByRole('button', { name: 'Continue', exact: true });
}

export async function chooseSessionType(page: Page, type: 'online' | 'offline'): Promise<void> {
  await waitForStep(page, 'How would you like to meet?');
  await page.getByRole('radio', { name: type === 'online' ? /Online Session/ : /In-Person Session/ }).check();
  await continueButton(page).click();
}

export async function chooseLocation(page: Page, name: string): Promise<void> {
  await waitForStep(page, 'Select Location');
  await page.getByRole('radio', { name: new RegExp(name) }).check();
  await continueButton(page).click();
}

export async function chooseTherapist(page: Page, name: string): Promise<void> {
  await waitForStep(page, 'Select Your Therapist');
  await page.getByRole('button', { name, exact: true }).click();
  await waitForStep(page, 'Select Date & Time');
}

/** Picks the first free time on the last date in view; returns its button label ('10:00 AM'). */
export async function chooseFreeSlot(page: Page): Promise<string> {
  await waitForStep(page, 'Select Date & Time');
  const dates = page.locator('.date-strip__date');
  await dates.first().waitFor();
  await dates.last().click();
  const slot = page.locator('.slot-grid__slot').first();
  await slot.waitFor();
  await slot.click();
  return (await slot.textContent()) ?? '';
}

export async function fillDetails(page: Page, details: Partial<typeof VISITOR> = VISITOR): Promise<void> {
  await waitForStep(page, 'Your Information');
  const all = { ...VISITOR, ...details };
  await page.getByLabel('Full name').fill(all.fullName);
  await page.getByLabel('Email').fill(all.email);
  await page.getByLabel('Mobile number').fill(all.mobile);
  await page.getByLabel('Age', { exact: true }).fill(all.age);
  await page.getByRole('radio', { name: /Individual/ }).check();
  await page.getByLabel('State').selectOption(all.state);
  await page.getByLabel('City').selectOption(all.city);
  // The consent box starts unticked (decision 061): the visitor ticks it.
  await page.getByRole('checkbox', { name: /I agree to the Terms and Conditions/ }).check();
}

/** From step 1 to the confirmation step, booking `therapist` (at `location` in person). */
export async function goToConfirmation(
  page: Page,
  choice: { type: 'online' | 'offline'; therapist: string; location?: string },
): Promise<string> {
  await chooseSessionType(page, choice.type);
  if (choice.type === 'offline') await chooseLocation(page, choice.location ?? 'West Branch');
  await chooseTherapist(page, choice.therapist);
  const time = await chooseFreeSlot(page);
  await continueButton(page).click();
  await fillDetails(page);
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await waitForStep(page, choice.type === 'offline' ? 'Confirm Booking' : 'Confirm Payment');
  return time;
}

export type DraftSnapshot = {
  currentStep: number;
  bookingType: 'online' | 'offline' | null;
  selectedLocation: { id: number; name: string } | null;
  selectedTherapist: { id: number; name: string; price: number } | null;
  selectedTimeSlot: { date: string; start_time: string } | null;
  clientInfo: Record<string, unknown>;
};

/** The wizard's draft as the page keeps it in session storage. */
export async function readDraft(page: Page): Promise<DraftSnapshot> {
  // A string expression: this project's e2e code is type-checked without the DOM library.
  const text = await page.evaluate<string | null>("sessionStorage.getItem('booking-draft')");
  if (!text) throw new Error('no booking draft in session storage');
  return (JSON.parse(text) as { state: DraftSnapshot }).state;
}

/** The 'Step N of M' text and whether it or the numbered list is the one shown. */
export async function progress(page: Page) {
  const compact = page.locator('.steps__count');
  const numbered = page.locator('.steps__list');
  return {
    compactText: ((await compact.textContent()) ?? '').trim(),
    compactVisible: await compact.isVisible(),
    numberedVisible: await numbered.isVisible(),
    numberedCount: await numbered.locator('li').count(),
    current: (await numbered.locator('[aria-current="step"]').textContent()) ?? '',
  };
}
