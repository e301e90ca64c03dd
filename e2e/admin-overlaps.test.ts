import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOfflineBooking, openDate } from './support/admin-data.ts';
import { openDashboard, signedInContext, watchErrors } from './support/admin-session.ts';
import { DESKTOP, launchChromium, PHONE } from './support/browser.ts';
import { serverUrl } from './support/server.ts';

// Therapists the other browser tests leave alone, on a day both work (Priya Nair, Monday to Friday).
const KARAN_SINGH = 8; // online, 09:00 to 19:00
const PRIYA_NAIR = 3; // in person at location 1 (West Branch), 08:00 to 13:00
const WEST_BRANCH = 1;

type Box = { x: number; y: number; width: number; height: number };

function overlap(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return box;
}

const monthTitle = (isoDate: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );

describe('nothing covers what it should not', () => {
  const baseUrl = serverUrl();
  let browser: Browser;
  let day = '';

  beforeAll(async () => {
    browser = await launchChromium();
    day = await openDate(
      9,
      { therapistId: PRIYA_NAIR, locationId: WEST_BRANCH, starts: ['08:00', '09:00', '10:00'] },
      { therapistId: KARAN_SINGH, locationId: 0, starts: ['16:00', '17:00'] },
    );
    await createOfflineBooking({
      therapistId: PRIYA_NAIR,
      locationId: WEST_BRANCH,
      date: day,
      start: '08:00',
      name: 'E2E Overlap Client',
    });
  });
  afterAll(() => browser.close());

  /**
   * Presses a slot's Block (or Unblock) button when it sits at the bottom right of the window,
   * where the messages appear, confirms, and checks the message leaves the button uncovered.
   */
  async function pressAtBottomAndCheck(page: Page, button: Locator, confirmLabel: string, message: string) {
    // A function, not a string: a string would only be evaluated, never called with the element.
    await button.evaluate((element: { scrollIntoView(options: object): void }) =>
      element.scrollIntoView({ block: 'end' }),
    );
    const before = await boxOf(button);
    const viewport = page.viewportSize();
    // At the bottom of the window, where the messages first appear.
    expect(before.y + before.height).toBeGreaterThan((viewport?.height ?? 0) - 40);
    await button.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: confirmLabel, exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    const toast = page.getByRole('status').locator('.admin-toast').filter({ hasText: message });
    await toast.waitFor();
    const toastBox = await boxOf(toast);
    expect(overlap(toastBox, before), `${message} over the button it reports on`).toBe(false);
    return toastBox;
  }

  for (const [size, viewport, start, clientStart] of [
    ['1280×800', DESKTOP, '17:00', '09:00'],
    ['390×844', PHONE, '16:00', '10:00'],
  ] as const) {
    it(`keeps a success message off the button it reports on at ${size}`, async () => {
      const name = `E2E Toast Client ${clientStart}`;
      const id = await createOfflineBooking({
        therapistId: PRIYA_NAIR,
        locationId: WEST_BRANCH,
        date: day,
        start: clientStart,
        name,
      });
      const context = await signedInContext(browser, { viewport });
      const page = await context.newPage();
      const errors = watchErrors(page);
      await openDashboard(page);

      // A row action of All Bookings, at the right of the window (under the messages at 1280 wide).
      const cancel = page
        .getByRole('region', { name: 'All Bookings' })
        .getByRole('button', { name: `Cancel booking ${id}` });
      await pressAtBottomAndCheck(page, cancel, 'Cancel Booking', `Booking ${id} cancelled successfully.`);

      await page.getByRole('button', { name: 'View availability of Karan Singh' }).click();
      const details = page.getByRole('region', { name: 'Karan Singh' });
      await details.getByLabel('Date').selectOption(day);
      const hour = Number(start.slice(0, 2)) - 12;
      const range = `${hour}:00 PM – ${hour}:45 PM`;
      await pressAtBottomAndCheck(
        page,
        details.getByRole('button', { name: `Block ${range}` }),
        'Block',
        'blocked successfully.',
      );
      // The button that now reads Unblock, pressed at once: the message for it is off it too.
      await pressAtBottomAndCheck(
        page,
        details.getByRole('button', { name: `Unblock ${range}` }),
        'Unblock',
        'unblocked successfully.',
      );
      const held = await (await fetch(`${baseUrl}/booked-slots?therapist_id=${KARAN_SINGH}`)).text();
      expect(held).not.toContain(`"booking_date":"${day}","booking_time_slot_start":"${start}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it("keeps the phone calendar's count badges off the day numbers at 390×844", async () => {
    const context = await signedInContext(browser, { viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/admin/calendar`);
    const title = page.getByRole('heading', { level: 2 });
    await title.waitFor();
    if ((await title.textContent()) !== monthTitle(day)) {
      await page.getByRole('button', { name: 'Next month' }).click();
    }
    await expect(title.textContent()).resolves.toBe(monthTitle(day));
    const counted = page
      .locator('td.admin-calendar__day')
      .filter({ has: page.locator('.admin-calendar__count') });
    await counted.first().waitFor();
    const cells = await counted.count();
    expect(cells).toBeGreaterThan(0);
    for (let index = 0; index < cells; index += 1) {
      const cell = counted.nth(index);
      const number = await boxOf(cell.locator('.admin-calendar__number'));
      const badge = await boxOf(cell.locator('.admin-calendar__count'));
      const cellBox = await boxOf(cell);
      expect(
        overlap(number, badge),
        `badge on day ${await cell.locator('.admin-calendar__number').textContent()}`,
      ).toBe(false);
      // Inside its own cell, so it covers no neighbour either.
      expect(badge.x).toBeGreaterThanOrEqual(cellBox.x);
      expect(badge.y).toBeGreaterThanOrEqual(cellBox.y);
      expect(badge.x + badge.width).toBeLessThanOrEqual(cellBox.x + cellBox.width);
      expect(badge.y + badge.height).toBeLessThanOrEqual(cellBox.y + cellBox.height);
    }
    await context.close();
  });
});
