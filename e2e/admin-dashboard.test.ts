import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminBooking, clinicDate, createOfflineBooking, heldSlots } from './support/admin-data.ts';
import { focusedLabel, openDashboard, signedInContext, watchErrors } from './support/admin-session.ts';
import { launchChromium } from './support/browser.ts';
import { shortDate } from './support/report-screens.ts';

// Late slots near the end of the 15-day window, which the other browser tests leave alone.
const KARAN_SINGH = 8; // online, 09:00 to 19:00
const FATIMA_SHEIKH = 5; // in person at location 2, 09:00 to 19:00
const EAST_BRANCH = 2;

describe('admin dashboard', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser.close());

  async function confirmIn(page: Page, title: string, button: string) {
    const dialog = page.getByRole('dialog', { name: title });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: button, exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
  }

  const toast = (page: Page, text: string | RegExp) => page.getByRole('status').getByText(text);

  /** The server's message in the app's forms, e.g. 'Slot 7:00 PM on Sat, Dec 5 blocked successfully.' */
  async function expectSlotToast(page: Page, action: 'blocked' | 'unblocked', date: string, time: string) {
    await toast(page, `Slot ${time} on ${shortDate(date)} ${action} successfully.`).waitFor();
  }

  it('blocks a free slot, which the public wizard then no longer offers, and unblocks it', async () => {
    const date = clinicDate(13);
    const context = await signedInContext(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await openDashboard(page);
    await page.getByRole('button', { name: 'View availability of Karan Singh' }).click();
    const details = page.getByRole('region', { name: 'Karan Singh' });
    await details.getByLabel('Date').selectOption(date);

    await details.getByRole('button', { name: 'Block 7:00 PM – 7:45 PM' }).click();
    await confirmIn(page, 'Block slot', 'Block');
    await expectSlotToast(page, 'blocked', date, '7:00 PM');
    expect(await heldSlots(KARAN_SINGH)).toContain(`${date} 19:00`);
    const slot = details.getByRole('listitem').filter({ hasText: '7:00 PM – 7:45 PM' });
    await slot.getByText('Blocked', { exact: true }).waitFor();

    await details.getByRole('button', { name: 'Unblock 7:00 PM – 7:45 PM' }).click();
    await confirmIn(page, 'Unblock slot', 'Unblock');
    await expectSlotToast(page, 'unblocked', date, '7:00 PM');
    await slot.getByText('Free', { exact: true }).waitFor();
    expect(await heldSlots(KARAN_SINGH)).not.toContain(`${date} 19:00`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('unblocks a blocked entry from the bookings list through the cancel call', async () => {
    const date = clinicDate(13);
    const context = await signedInContext(browser);
    const page = await context.newPage();
    await openDashboard(page);
    await page.getByRole('button', { name: 'View availability of Karan Singh' }).click();
    const details = page.getByRole('region', { name: 'Karan Singh' });
    await details.getByLabel('Date').selectOption(date);
    await details.getByRole('button', { name: 'Block 6:00 PM – 6:45 PM' }).click();
    await confirmIn(page, 'Block slot', 'Block');
    await expectSlotToast(page, 'blocked', date, '6:00 PM');

    const booked = details.getByRole('region', { name: 'Booked Sessions' });
    const row = booked.getByRole('row').filter({ hasText: 'Blocked' }).filter({ hasText: '6:00 PM' });
    await row.getByRole('button', { name: /^Unblock booking \d+$/ }).click();
    await confirmIn(page, 'Unblock slot', 'Unblock');
    await toast(page, /unblocked successfully/).waitFor();
    await details.getByRole('button', { name: 'Block 6:00 PM – 6:45 PM' }).waitFor();
    expect(await heldSlots(KARAN_SINGH)).not.toContain(`${date} 18:00`);
    // The lifted block stays in the list for the record, no longer reading 'Blocked'.
    const lifted = booked
      .getByRole('row')
      .filter({ hasText: '6:00 PM' })
      .filter({ has: page.getByText('Unblocked', { exact: true }) });
    await lifted.waitFor();
    expect(await lifted.getByText('Blocked', { exact: true }).count()).toBe(0);
    expect(await lifted.getByRole('button').count()).toBe(0);
    await context.close();
  });

  it('cancels a booking only after the confirmation', async () => {
    const id = await createOfflineBooking({
      therapistId: FATIMA_SHEIKH,
      locationId: EAST_BRANCH,
      date: clinicDate(12),
      start: '19:00',
      name: 'E2E Cancel Client',
    });
    const context = await signedInContext(browser);
    const page = await context.newPage();
    await openDashboard(page);
    const all = page.getByRole('region', { name: 'All Bookings' });
    const cancel = all.getByRole('button', { name: `Cancel booking ${id}` });

    await cancel.click();
    const dialog = page.getByRole('dialog', { name: 'Cancel booking' });
    await dialog.getByText(`Are you sure you want to cancel booking ${id}? This cannot be undone.`).waitFor();
    await dialog.getByRole('button', { name: 'Keep Booking' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // Focus is back on the button that opened the dialog.
    expect(await focusedLabel(page)).toBe(`Cancel booking ${id}`);
    expect((await adminBooking(id))?.cancelled).toBe(false);

    await cancel.click();
    await confirmIn(page, 'Cancel booking', 'Cancel Booking');
    await toast(page, `Booking ${id} cancelled successfully.`).waitFor();
    const row = all.getByRole('row').filter({ hasText: 'E2E Cancel Client' });
    await row.getByText('Cancelled', { exact: true }).waitFor();
    expect(await cancel.count()).toBe(0);
    expect((await adminBooking(id))?.cancelled).toBe(true);
    await context.close();
  });

  it('generates a payment link for a pending booking and copies it to the clipboard', async () => {
    const id = await createOfflineBooking({
      therapistId: FATIMA_SHEIKH,
      locationId: EAST_BRANCH,
      date: clinicDate(12),
      start: '18:00',
      name: 'E2E Link Client',
    });
    const context = await signedInContext(browser, { permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    await openDashboard(page);
    const all = page.getByRole('region', { name: 'All Bookings' });

    await all.getByRole('button', { name: `Generate Payment Link for booking ${id}` }).click();
    await toast(page, `Payment link generated for booking ${id}.`).waitFor();
    const stored = (await adminBooking(id))?.payment_link_url;
    expect(stored).toMatch(/^https?:\/\//);

    await all.getByRole('button', { name: `Copy Link for booking ${id}` }).click();
    await toast(page, 'Payment link copied to clipboard.').waitFor();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(stored);

    // The toast goes away by itself.
    await toast(page, 'Payment link copied to clipboard.').waitFor({ state: 'detached', timeout: 10_000 });
    await context.close();
  });

  it('pages the bookings list by 10, 20 or 50', async () => {
    const context = await signedInContext(browser);
    const page = await context.newPage();
    await openDashboard(page);
    const all = page.getByRole('region', { name: 'All Bookings' });
    const size = all.getByLabel('Rows per page');
    expect(await size.inputValue()).toBe('10');
    expect(await size.locator('option').allTextContents()).toEqual(['10', '20', '50']);
    await context.close();
  });
});
