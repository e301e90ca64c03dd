import { addDays } from '@therapy/shared/clinic-time';
import { formatsFor } from '@therapy/shared/locale-format';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookInPerson, clinicDate, heldSlots } from './support/admin-data.ts';
import { openDashboard, signedInContext, watchErrors } from './support/admin-session.ts';
import { violations } from './support/axe.ts';
import { launchChromium } from './support/browser.ts';
import { EAST_BRANCH, FATIMA_SHEIKH } from './support/manage-data.ts';
import { time12 } from './support/offered-slots.ts';
import { clearSeriesSlot } from './support/series-data.ts';

const { longDate } = formatsFor('en');

describe('the front desk repeats a booking weekly (standing appointments)', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser.close());

  it('Repeat weekly… on a booking: a taken date comes back marked, is left out, and the rest are booked', async () => {
    // Four free weeks from the booking on; the second week is then taken by another client.
    const slot = await clearSeriesSlot({
      therapistId: FATIMA_SHEIKH,
      locationId: EAST_BRANCH,
      count: 4,
      fromDays: 2,
    });
    const [next, third, fourth] = [7, 14, 21].map((days) => addDays(slot.date, days)) as [
      string,
      string,
      string,
    ];
    if (next > clinicDate(14))
      throw new Error(`the first free series starts too late to plant a clash: ${slot.date}`);
    const place = { therapistId: FATIMA_SHEIKH, locationId: EAST_BRANCH, start: slot.start };
    const { booking_id: id } = await bookInPerson({ ...place, date: slot.date, name: 'E2E Repeat Client' });
    await bookInPerson({ ...place, date: next, name: 'E2E Other Client', email: 'e2e.other@example.com' });

    const context = await signedInContext(browser, { reducedMotion: 'reduce' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await openDashboard(page);
    await page.getByRole('button', { name: `Repeat weekly… booking ${id}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Repeat booking ${id}` });
    await dialog.waitFor();
    await dialog.getByLabel('Repeat').selectOption('1');
    await dialog.getByLabel('Sessions after this one').selectOption('3');
    const at = ` at ${time12(slot.start)}`;
    const rows = dialog.locator('.series-list__item');
    await expect
      .poll(() => rows.allTextContents())
      .toEqual([
        expect.stringContaining(`${longDate(next)}${at}`),
        expect.stringContaining(`${longDate(third)}${at}`),
        expect.stringContaining(`${longDate(fourth)}${at}`),
      ]);

    // Checked before Create: the taken week is marked with why.
    await rows.nth(0).getByText('Already booked').waitFor();
    await dialog.getByRole('status').getByText('1 date is not available.', { exact: false }).waitFor();
    expect(await rows.nth(1).getByText('Already booked').count()).toBe(0);

    // Created anyway, it is refused as a whole: the taken week says why, nothing was booked.
    await dialog.getByRole('button', { name: 'Create 3 sessions' }).click();
    await dialog.getByRole('alert').getByText('Nothing was booked', { exact: false }).waitFor();
    await rows.nth(0).getByText('Already booked').waitFor();
    expect(await heldSlots(FATIMA_SHEIKH)).not.toContain(`${third} ${slot.start}`);
    expect(await violations(page), 'the repeat dialog with a taken date').toEqual([]);

    // Left out, the other two are booked as one series.
    await dialog.getByRole('button', { name: `Leave out ${longDate(next)}` }).click();
    await rows.nth(0).getByText('Left out').waitFor();
    // The keyboard stays on the line: its Put back has the focus, not the top of the page.
    await expect
      .poll(() => page.evaluate("document.activeElement?.getAttribute('aria-label')"))
      .toBe(`Put back ${longDate(next)}`);
    await dialog.getByRole('button', { name: 'Create 2 sessions' }).click();
    await page
      .getByRole('status')
      .getByText('Standing appointment of 2 sessions', { exact: false })
      .waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const held = await heldSlots(FATIMA_SHEIKH);
    expect(held).toContain(`${third} ${slot.start}`);
    expect(held).toContain(`${fourth} ${slot.start}`);
    // The new sessions' rows carry their place in the series.
    const all = page.getByRole('region', { name: 'All Bookings' });
    for (const place of ['1 of 2', '2 of 2']) {
      await all
        .getByRole('row')
        .filter({ hasText: 'E2E Repeat Client' })
        .filter({ hasText: `Standing appointment, session ${place}` })
        .waitFor();
    }

    // Cancel on the first of them asks which sessions; "this and every later" cancels both.
    const firstRow = all
      .getByRole('row')
      .filter({ hasText: 'E2E Repeat Client' })
      .filter({ hasText: 'Standing appointment, session 1 of 2' });
    await firstRow.getByRole('button', { name: /^Cancel booking \d+$/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel booking' });
    const scope = confirm.getByRole('group', { name: 'Which sessions?' });
    expect(await scope.getByRole('radio', { name: 'Only this session' }).isChecked()).toBe(true);
    expect(await violations(page), 'the cancel confirmation with its choice').toEqual([]);
    await scope.getByRole('radio', { name: 'This and every later session (2 sessions)' }).check();
    await confirm.getByRole('button', { name: 'Cancel Booking' }).click();
    await page.getByRole('status').getByText('2 sessions cancelled successfully', { exact: false }).waitFor();
    await expect
      .poll(async () => (await heldSlots(FATIMA_SHEIKH)).includes(`${third} ${slot.start}`))
      .toBe(false);
    const left = await heldSlots(FATIMA_SHEIKH);
    expect(left).not.toContain(`${fourth} ${slot.start}`);
    // The booking the series was repeated from is not of it, and stays.
    expect(left).toContain(`${slot.date} ${slot.start}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Manual Booking with Repeat: every week, 2 sessions, booked as one series', async () => {
    const slot = await clearSeriesSlot({
      therapistId: FATIMA_SHEIKH,
      locationId: EAST_BRANCH,
      count: 2,
      fromDays: 3,
    });
    const context = await signedInContext(browser, { reducedMotion: 'reduce' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await openDashboard(page);
    await page.getByRole('button', { name: 'Manual Booking' }).click();
    const dialog = page.getByRole('dialog', { name: 'Manual Booking' });
    await dialog.getByLabel('Therapist', { exact: true }).selectOption(String(FATIMA_SHEIKH));
    await dialog.getByLabel('Date', { exact: true }).selectOption(slot.date);
    const time = dialog.getByLabel('Time slot');
    await time.locator(`option[value="${slot.start}"]`).waitFor({ state: 'attached' });
    await time.selectOption(slot.start);
    await dialog.getByLabel('Client name').fill('E2E Manual Series Client');
    await dialog.getByLabel('Client email').fill('manual.series@example.com');
    await dialog.getByLabel('Client mobile').fill('9123456780');
    await dialog.getByLabel('Repeat', { exact: true }).selectOption('1');
    await dialog.getByLabel('Number of sessions').selectOption('2');
    const rows = dialog.locator('.series-list__item');
    const second = addDays(slot.date, 7);
    await expect
      .poll(() => rows.allTextContents())
      .toEqual([
        expect.stringContaining(`${longDate(slot.date)} at ${time12(slot.start)}`),
        expect.stringContaining(`${longDate(second)} at ${time12(slot.start)}`),
      ]);
    await dialog.getByRole('button', { name: 'Create Booking' }).click();
    await page
      .getByRole('status')
      .getByText('Standing appointment of 2 sessions', { exact: false })
      .waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const held = await heldSlots(FATIMA_SHEIKH);
    expect(held).toContain(`${slot.date} ${slot.start}`);
    expect(held).toContain(`${second} ${slot.start}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
