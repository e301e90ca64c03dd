import { addDays } from '@therapy/shared/clinic-time';
import { formatsFor } from '@therapy/shared/locale-format';
import { mondayOf } from '@therapy/shared/series-rules';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookInPerson, clinicDate, heldSlots } from './support/admin-data.ts';
import { violations } from './support/axe.ts';
import {
  chooseLocation,
  chooseSessionType,
  chooseTherapist,
  continueButton,
  fillDetails,
  waitForStep,
} from './support/booking-wizard.ts';
import { launchChromium, PHONE } from './support/browser.ts';
import { EAST_BRANCH, FATIMA_SHEIKH } from './support/manage-data.ts';
import { pickStripDate, stripLabel, time12 } from './support/offered-slots.ts';
import {
  bookSeriesInPerson,
  clearSeriesSlot,
  firstOpenOfWeek,
  statusPageOf,
  weeklyDates,
} from './support/series-data.ts';
import { serverUrl } from './support/server.ts';

const { longDate } = formatsFor('en');

/** A phone page in a context of its own (axe opens a page beside it), with its script errors. */
async function phonePage(
  browser: Browser,
  url: string,
): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(url);
  return { page, errors, close: () => context.close() };
}

/** The text of each item of a list, whitespace tidied. */
async function itemTexts(page: Page, selector: string): Promise<string[]> {
  const texts = await page.locator(selector).allTextContents();
  return texts.map((text) => text.replace(/\s+/g, ' ').trim());
}

describe('standing appointments: the visitor books a weekly series and manages it, on a phone', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser.close());

  it('books 3 weekly sessions in person from the wizard, then sees their dates on the status and manage pages', async () => {
    const slot = await clearSeriesSlot({
      therapistId: FATIMA_SHEIKH,
      locationId: EAST_BRANCH,
      count: 3,
      fromDays: 2,
    });
    const dates = weeklyDates(slot.date, 3);
    const { page, errors, close } = await phonePage(browser, serverUrl());
    await chooseSessionType(page, 'offline');
    await chooseLocation(page, 'East Branch');
    await chooseTherapist(page, 'Fatima Sheikh');
    await pickStripDate(page, slot.date);
    await page.getByRole('button', { name: time12(slot.start), exact: true }).click();

    // Under the chosen time: the series' choice, and its exact dates as the server checks them.
    await page.getByRole('checkbox', { name: 'Make this a standing appointment' }).check();
    await page.getByRole('radio', { name: 'Every week' }).check();
    await page.getByLabel('Number of sessions').selectOption('3');
    const list = page.getByRole('list', { name: 'Your dates' });
    await list.getByText('Available').nth(2).waitFor();
    const rows = await itemTexts(page, '.series-list__item');
    expect(rows).toHaveLength(3);
    for (const [index, date] of dates.entries()) {
      expect(rows[index]).toContain(`${index + 1} of 3`);
      expect(rows[index]).toContain(`${longDate(date)} at ${time12(slot.start)}`);
      expect(rows[index]).toContain('Available');
    }
    expect(await violations(page), 'the standing appointment choice').toEqual([]);
    await continueButton(page).click();
    await fillDetails(page);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();

    // Before confirming: the summary says what repeats, the dates again, how it is paid.
    await waitForStep(page, 'Confirm Booking');
    await page.getByText('3 sessions, every week').waitFor();
    await page.getByText('Each session is paid at the centre', { exact: false }).waitFor();
    await page.getByRole('list', { name: 'Your dates' }).getByText('Available').nth(2).waitFor();
    await page.getByRole('button', { name: 'Confirm Booking', exact: true }).click();

    // The status page lists every date.
    await page.getByRole('heading', { name: 'Booking Confirmed!' }).waitFor();
    const status = page.getByRole('region', { name: 'Your standing appointment' });
    await status.waitFor();
    const listed = await itemTexts(page, '.series-sessions__list li');
    expect(listed).toEqual(dates.map((date) => `${longDate(date)} at ${time12(slot.start)}`));

    // So does the manage page, this session marked as the link's own.
    await page.getByRole('link', { name: 'Manage your booking' }).click();
    await page.waitForURL(/\/manage\/[^/]+$/);
    await page.getByRole('heading', { name: 'Your standing appointment' }).waitFor();
    const managed = await itemTexts(page, '.manage-series__item');
    expect(managed).toHaveLength(3);
    expect(managed[0]).toContain('1 of 3');
    expect(managed[0]).toContain('This session');
    for (const [index, date] of dates.entries()) expect(managed[index]).toContain(longDate(date));
    expect(await violations(page), 'the manage page of a series').toEqual([]);

    const held = await heldSlots(FATIMA_SHEIKH);
    for (const date of dates) expect(held).toContain(`${date} ${slot.start}`);
    expect(errors).toEqual([]);
    await close();
  });

  it('cancels the second session and every later one from its manage link; the first stays', async () => {
    const slot = await clearSeriesSlot({
      therapistId: FATIMA_SHEIKH,
      locationId: EAST_BRANCH,
      count: 3,
      fromDays: 2,
    });
    const dates = weeklyDates(slot.date, 3);
    const series = await bookSeriesInPerson({
      therapistId: FATIMA_SHEIKH,
      locationId: EAST_BRANCH,
      slot,
      count: 3,
      name: 'E2E Series Cancel Client',
    });
    const second = series.booking_ids[1] as number;
    const { page, errors, close } = await phonePage(browser, statusPageOf(second, series.confirmation_token));
    await page.getByRole('link', { name: 'Manage your booking' }).click();
    await page.waitForURL(/\/manage\/[^/]+$/);
    await page.getByRole('heading', { name: 'Your standing appointment' }).waitFor();
    expect((await itemTexts(page, '.manage-series__item'))[1]).toContain('This session');

    await page.getByRole('button', { name: 'Cancel Booking' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this session?' });
    await dialog.waitFor();
    await dialog.getByRole('radio', { name: 'This session and every later one (2 sessions)' }).check();
    expect(await violations(page), 'the cancel dialog of a series').toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel Booking' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The page shows sessions 2 and 3 cancelled, session 1 still booked.
    await page.locator('.manage-page__outcome .alert').waitFor();
    const after = await itemTexts(page, '.manage-series__item');
    expect(after[0]).toContain('Booked');
    expect(after[1]).toContain('Cancelled');
    expect(after[2]).toContain('Cancelled');
    const held = await heldSlots(FATIMA_SHEIKH);
    expect(held).toContain(`${dates[0]} ${slot.start}`);
    expect(held).not.toContain(`${dates[1]} ${slot.start}`);
    expect(held).not.toContain(`${dates[2]} ${slot.start}`);
    expect(errors).toEqual([]);
    await close();
  });

  it('moves one session within its week from its manage link: only that session moves', async () => {
    const slot = await clearSeriesSlot({
      therapistId: FATIMA_SHEIKH,
      locationId: EAST_BRANCH,
      count: 3,
      fromDays: 2,
    });
    const dates = weeklyDates(slot.date, 3);
    const series = await bookSeriesInPerson({
      therapistId: FATIMA_SHEIKH,
      locationId: EAST_BRANCH,
      slot,
      count: 3,
      name: 'E2E Series Move Client',
    });
    const target = await firstOpenOfWeek(FATIMA_SHEIKH, EAST_BRANCH, dates[1] as string);
    const { page, errors, close } = await phonePage(
      browser,
      statusPageOf(series.booking_ids[1] as number, series.confirmation_token),
    );
    await page.getByRole('link', { name: 'Manage your booking' }).click();
    await page.getByRole('heading', { name: 'Your standing appointment' }).waitFor();
    await page.getByRole('button', { name: 'Reschedule' }).click();
    await page.getByRole('heading', { name: 'Choose a new time' }).waitFor();
    await page.getByText('moves within its own week', { exact: false }).waitFor();
    // Only that week's dates are offered.
    await page.locator('.date-strip__date').first().waitFor();
    const offered = await page.locator('.date-strip__date').allTextContents();
    const week = Array.from({ length: 7 }, (_, day) =>
      stripLabel(addDays(mondayOf(dates[1] as string), day)),
    );
    expect(offered.length).toBeGreaterThan(0);
    for (const label of offered) expect(week).toContain(label.replace(/\s+/g, ' ').trim());
    await pickStripDate(page, target.date);
    await page.getByRole('button', { name: time12(target.start), exact: true }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Confirm new time' }).click();
    await page.locator('.manage-page__outcome .alert').waitFor();

    const after = await itemTexts(page, '.manage-series__item');
    expect(after[1]).toContain(`${longDate(target.date)} at ${time12(target.start)}`);
    expect(after[1]).toContain('2 of 3');
    expect(after[0]).toContain(`${longDate(dates[0] as string)} at ${time12(slot.start)}`);
    expect(after[2]).toContain(`${longDate(dates[2] as string)} at ${time12(slot.start)}`);
    const held = await heldSlots(FATIMA_SHEIKH);
    expect(held).toContain(`${target.date} ${target.start}`);
    expect(held).not.toContain(`${dates[1]} ${slot.start}`);
    expect(errors).toEqual([]);
    await close();
  });

  it('moves a taken week to another time of that week, and after a refusal on confirm leaves the newly taken date out', async () => {
    const slot = await clearSeriesSlot({
      therapistId: FATIMA_SHEIKH,
      locationId: EAST_BRANCH,
      count: 3,
      fromDays: 2,
    });
    const dates = weeklyDates(slot.date, 3);
    if ((dates[1] as string) > clinicDate(14))
      throw new Error(`the free series starts too late: ${slot.date}`);
    const place = { therapistId: FATIMA_SHEIKH, locationId: EAST_BRANCH, start: slot.start };
    await bookInPerson({ ...place, date: dates[1] as string, name: 'E2E Week Two Client' });
    const { page, errors, close } = await phonePage(browser, serverUrl());
    await chooseSessionType(page, 'offline');
    await chooseLocation(page, 'East Branch');
    await chooseTherapist(page, 'Fatima Sheikh');
    await pickStripDate(page, slot.date);
    await page.getByRole('button', { name: time12(slot.start), exact: true }).click();
    await page.getByRole('checkbox', { name: 'Make this a standing appointment' }).check();
    await page.getByLabel('Number of sessions').selectOption('3');

    // The taken week says why; the step does not go on until it is dealt with.
    const rows = page.locator('.series-list__item');
    await rows.nth(1).getByText('Already booked').waitFor();
    await page.getByRole('alert').getByText('1 date is not available', { exact: false }).waitFor();
    expect(await continueButton(page).isDisabled()).toBe(true);
    // The week's open times, in order: the first is where the session moves.
    const target = await firstOpenOfWeek(FATIMA_SHEIKH, EAST_BRANCH, dates[1] as string);
    if (target.date > clinicDate(14))
      throw new Error(`the week's first open time is past the window: ${target.date}`);
    const movedTo = `${longDate(target.date)} at ${time12(target.start)}`;
    await rows
      .nth(1)
      .getByRole('button', { name: `Another time that week (${longDate(dates[1] as string)})` })
      .click();
    const other = rows.nth(1).locator('.series-move__times button').first();
    await other.waitFor();
    expect(((await other.textContent()) ?? '').trim()).toBe(movedTo);
    expect(await violations(page), 'the open times of a taken week').toEqual([]);
    await other.click();
    await rows.nth(1).getByText('Available').waitFor();
    expect(await rows.nth(1).textContent()).toContain(movedTo);
    await expect.poll(() => continueButton(page).isDisabled()).toBe(false);
    await continueButton(page).click();
    await fillDetails(page);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await waitForStep(page, 'Confirm Booking');
    await page.getByRole('list', { name: 'Your dates' }).getByText('Available').nth(2).waitFor();

    // Someone takes the moved time meanwhile: nothing is booked, that date is marked, the rest kept.
    await bookInPerson({ ...place, ...target, name: 'E2E Moved Time Client' });
    await page.getByRole('button', { name: 'Confirm Booking', exact: true }).click();
    await page.getByRole('alert').getByText('Some dates were taken', { exact: false }).waitFor();
    await rows.nth(1).getByText('Already booked').waitFor();
    expect(await heldSlots(FATIMA_SHEIKH)).not.toContain(`${dates[0]} ${slot.start}`);
    await rows
      .nth(1)
      .getByRole('button', { name: `Leave out ${longDate(target.date)}` })
      .click();
    await rows.nth(1).getByText('Left out').waitFor();
    await page.getByRole('button', { name: 'Confirm Booking', exact: true }).click();

    await page.getByRole('heading', { name: 'Booking Confirmed!' }).waitFor();
    const listed = await itemTexts(page, '.series-sessions__list li');
    expect(listed).toEqual(
      [dates[0], dates[2]].map((date) => `${longDate(date as string)} at ${time12(slot.start)}`),
    );
    expect(errors).toEqual([]);
    await close();
  });

  /** From the first step to an online series' confirm step (Asha Menon, ₹1,500 a session). */
  async function onlineSeriesToConfirm(page: Page, slot: { date: string; start: string }) {
    await chooseSessionType(page, 'online');
    await chooseTherapist(page, 'Asha Menon');
    await pickStripDate(page, slot.date);
    await page.getByRole('button', { name: time12(slot.start), exact: true }).click();
    await page.getByRole('checkbox', { name: 'Make this a standing appointment' }).check();
    await page.getByLabel('Number of sessions').selectOption('2');
    await page.getByRole('list', { name: 'Your dates' }).getByText('Available').nth(1).waitFor();
    await continueButton(page).click();
    await fillDetails(page);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await waitForStep(page, 'Confirm Payment');
  }

  for (const pay of ['all', 'each'] as const) {
    it(`online, paying ${pay === 'all' ? 'the whole series now' : 'each session before it'}: the payment page asks for ${pay === 'all' ? 'both fees' : 'the first fee'}, then the dates are confirmed`, async () => {
      const ASHA_MENON = 1; // online, every day, ₹1,500
      const slot = await clearSeriesSlot({ therapistId: ASHA_MENON, locationId: 0, count: 2, fromDays: 2 });
      const dates = weeklyDates(slot.date, 2);
      const { page, errors, close } = await phonePage(browser, serverUrl());
      const sent: unknown[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/bookings') {
          sent.push(request.postDataJSON());
        }
      });
      await onlineSeriesToConfirm(page, slot);
      // The whole series now is the default (one payment); the first session now is the other.
      const all = page.getByRole('radio', { name: 'Pay for all 2 sessions now (₹3,000)' });
      expect(await all.isChecked()).toBe(true);
      if (pay === 'each')
        await page.getByRole('radio', { name: /^Pay for the first session now \(₹1,500\)/ }).check();
      expect(await violations(page), 'the pay choice of an online series').toEqual([]);
      await page.getByRole('button', { name: 'Pay Now', exact: true }).click();

      // The sandbox payment page asks for what the server fixed: both fees, or the first.
      const payButton = page.getByRole('button', { name: /^Pay ₹/ });
      await payButton.waitFor();
      expect(await payButton.textContent()).toContain(pay === 'all' ? '3,000' : '1,500');
      expect(sent).toEqual([
        expect.objectContaining({ booking_type: 'ONLINE', pay, repeat: { every_weeks: 1, count: 2 } }),
      ]);
      await payButton.click();
      await page.waitForURL(/\/payment-status\?/);
      await page.getByRole('heading', { name: 'Booking Confirmed!' }).waitFor();
      const listed = await itemTexts(page, '.series-sessions__list li');
      expect(listed).toEqual(dates.map((date) => `${longDate(date)} at ${time12(slot.start)}`));
      expect(errors).toEqual([]);
      await close();
    });
  }

  it("online: a refusal of the series is shown in the server's words", async () => {
    const slot = await clearSeriesSlot({ therapistId: 1, locationId: 0, count: 2, fromDays: 2 });
    const { page, errors, close } = await phonePage(browser, serverUrl());
    await onlineSeriesToConfirm(page, slot);
    await page.route('**/api/bookings', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ detail: 'E2E: this series cannot be booked.' }),
      }),
    );
    await page.getByRole('button', { name: 'Pay Now', exact: true }).click();
    await page.getByRole('alert').getByText('E2E: this series cannot be booked.').waitFor();
    expect(errors).toEqual([]);
    await close();
  });
});
