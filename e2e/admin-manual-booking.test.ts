import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicDate, heldSlots, openDate } from './support/admin-data.ts';
import { focusedLabel, openDashboard, signedInContext, watchErrors } from './support/admin-session.ts';
import { launchChromium } from './support/browser.ts';

const KARAN_SINGH = 8; // online
const MEERA_JOSHI = 7; // in person at location 1 (West Branch), 13:00 to 20:00

describe('manual booking from the dashboard', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser.close());

  async function openForm(page: Page) {
    await openDashboard(page);
    await page.getByRole('button', { name: 'Manual Booking' }).click();
    const dialog = page.getByRole('dialog', { name: 'Manual Booking' });
    await dialog.getByLabel('Therapist', { exact: true }).waitFor();
    return dialog;
  }

  async function chooseSlot(
    dialog: ReturnType<Page['getByRole']>,
    therapistId: number,
    date: string,
    time: string,
  ) {
    await dialog.getByLabel('Therapist', { exact: true }).selectOption(String(therapistId));
    await dialog.getByLabel('Date', { exact: true }).selectOption(date);
    const slot = dialog.getByLabel('Time slot');
    await slot.locator(`option[value="${time}"]`).waitFor({ state: 'attached' });
    await slot.selectOption(time);
  }

  it("shows the form's messages word for word, and Escape closes it", async () => {
    const context = await signedInContext(browser);
    const page = await context.newPage();
    const dialog = await openForm(page);
    await dialog.getByRole('button', { name: 'Create Booking' }).click();
    for (const message of [
      'Therapist is required',
      'Time slot is required',
      'Client name is required',
      'Valid client email is required',
      'Valid 10-digit mobile is required',
      'Booking type is required',
      'Amount is required and must be positive',
    ]) {
      await dialog.getByRole('link', { name: message }).waitFor();
    }
    // A field's message goes once it is edited.
    await dialog.getByLabel('Client name').fill('Someone');
    await dialog.getByRole('link', { name: 'Client name is required' }).waitFor({ state: 'detached' });

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await focusedLabel(page)).toBe('Manual Booking');
    await context.close();
  });

  it('creates an online manual booking, paid (COMPLETED)', async () => {
    const date = clinicDate(12);
    const context = await signedInContext(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    const dialog = await openForm(page);
    await chooseSlot(dialog, KARAN_SINGH, date, '18:00');
    // The therapist's kind of session and price fill in.
    expect(await dialog.getByLabel('Online').isChecked()).toBe(true);
    expect(await dialog.getByLabel('Amount (₹)').inputValue()).toBe('800');
    expect(await dialog.getByLabel('Location').count()).toBe(0);

    await dialog.getByLabel('Client name').fill('E2E Online Manual');
    await dialog.getByLabel('Client email').fill('online.manual@example.com');
    await dialog.getByLabel('Client mobile').fill('9123456780');
    await dialog.getByLabel('Note').fill('Referred by phone');
    await dialog.getByRole('button', { name: 'Create Booking' }).click();

    await page
      .getByRole('status')
      .getByText(/^Manual booking \d+ created successfully!$/)
      .waitFor();
    await dialog.waitFor({ state: 'hidden' });
    expect(await heldSlots(KARAN_SINGH)).toContain(`${date} 18:00`);
    const row = page
      .getByRole('region', { name: 'All Bookings' })
      .getByRole('row')
      .filter({ hasText: 'E2E Online Manual' });
    await row.getByText('Completed', { exact: true }).waitFor();
    expect(await row.getByText('₹800.00').isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('creates an offline manual booking at a location, to be paid at the visit (PENDING)', async () => {
    // Meera Joshi works Monday to Friday: a day she does, near the end of the window.
    const date = await openDate(14, { therapistId: MEERA_JOSHI, locationId: 1, starts: ['20:00'] });
    const context = await signedInContext(browser);
    const page = await context.newPage();
    const dialog = await openForm(page);
    await chooseSlot(dialog, MEERA_JOSHI, date, '20:00');
    expect(await dialog.getByLabel('Offline (in person)').isChecked()).toBe(true);
    const location = dialog.getByLabel('Location');
    expect(await location.inputValue()).toBe('1');

    await location.selectOption('');
    await dialog.getByLabel('Client name').fill('E2E Offline Manual');
    await dialog.getByLabel('Client email').fill('offline.manual@example.com');
    await dialog.getByLabel('Client mobile').fill('9123456781');
    await dialog.getByLabel('Amount (₹)').fill('1999.50');
    await dialog.getByRole('button', { name: 'Create Booking' }).click();
    await dialog.getByRole('link', { name: 'Location is required for offline booking' }).waitFor();

    await location.selectOption({ label: 'West Branch' });
    await dialog.getByRole('button', { name: 'Create Booking' }).click();
    await page
      .getByRole('status')
      .getByText(/^Manual booking \d+ created successfully!$/)
      .waitFor();
    expect(await heldSlots(MEERA_JOSHI)).toContain(`${date} 20:00`);
    const row = page
      .getByRole('region', { name: 'All Bookings' })
      .getByRole('row')
      .filter({ hasText: 'E2E Offline Manual' });
    await row.getByText('Pending', { exact: true }).waitFor();
    expect(await row.getByText('₹1,999.50').isVisible()).toBe(true);
    expect(await row.getByText('West Branch').isVisible()).toBe(true);
    await context.close();
  });
});
