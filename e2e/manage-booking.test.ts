import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookInPerson, clinicDate } from './support/admin-data.ts';
import { focusedLabel } from './support/admin-session.ts';
import { violations } from './support/axe.ts';
import { openPage } from './support/booking-wizard.ts';
import { launchChromium, PHONE } from './support/browser.ts';
import { EAST_BRANCH, FATIMA_SHEIKH, twoOpenDays } from './support/manage-data.ts';
import { pickStripDate, time12 } from './support/offered-slots.ts';
import { serverUrl } from './support/server.ts';

/** The status page of an in-person booking, as its confirmation sends the client there. */
async function statusPageOf(booking: { booking_id: number; confirmation_token: string }): Promise<string> {
  const query = new URLSearchParams({
    booking_id: String(booking.booking_id),
    token: booking.confirmation_token,
  });
  return `${serverUrl()}/payment-status?${query}`;
}

describe('the client manages a booking from its link, on a phone', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser.close());

  it('reschedules to another day, the old link shows it moved, then cancels it', async () => {
    const [booked, target] = await twoOpenDays();
    const booking = await bookInPerson({
      therapistId: FATIMA_SHEIKH,
      locationId: EAST_BRANCH,
      ...booked,
      name: 'E2E Manage Client',
    });
    const { page, errors } = await openPage(browser, PHONE, await statusPageOf(booking));

    // The status page carries the manage link, and says it was e-mailed too.
    await page.getByRole('heading', { name: 'Booking Confirmed!' }).waitFor();
    await page.getByText('We have also e-mailed you this link.', { exact: false }).waitFor();
    await page.getByRole('link', { name: 'Manage your booking' }).click();
    await page.waitForURL(/\/manage\/[^/]+$/);
    const oldLink = page.url();
    await page.getByRole('heading', { name: 'Your booking', exact: true }).waitFor();
    const summary = page.locator('.summary');
    expect(await summary.textContent()).toContain(time12(booked.start));
    expect(await summary.textContent()).toContain('East Branch');

    // Reschedule on the wizard's date strip and time grid.
    await page.getByRole('button', { name: 'Reschedule' }).click();
    await page.getByRole('heading', { name: 'Choose a new time' }).waitFor();
    expect(await focusedLabel(page)).toBe('Choose a new time');
    await pickStripDate(page, target.date);
    // The day's first time still offered: other files book this therapist's times meanwhile.
    const newTime = page.locator('.slot-grid__slot').first();
    const newStart = (await newTime.innerText()).trim();
    await newTime.click();
    await page.getByRole('button', { name: 'Continue' }).click();
    const confirmHeading = page.getByRole('heading', { name: 'Confirm the new time' });
    await confirmHeading.waitFor();
    await page.getByRole('button', { name: 'Confirm new time' }).click();

    // A new link replaces the old one in the address bar; the booking shows its new time.
    await page.waitForURL((url) => url.href !== oldLink && /\/manage\/[^/]+$/.test(url.pathname));
    await page.getByRole('heading', { name: 'Your booking', exact: true }).waitFor();
    // The server's word on the move is announced (a live region) above the booking.
    await page.locator('.manage-page__outcome .alert').waitFor();
    expect(await summary.textContent()).toContain(newStart);
    const newLink = page.url();

    // The old link shows the booking as moved, with no action.
    await page.goto(oldLink);
    await page.getByText('This booking was moved.', { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: 'Reschedule' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Cancel booking' }).count()).toBe(0);

    // Cancel from the new link: asked first; Escape keeps the booking and gives the focus back.
    await page.goto(newLink);
    const cancel = page.getByRole('button', { name: 'Cancel booking' });
    await cancel.click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this session?' });
    await dialog.waitFor();
    expect(await focusedLabel(page)).toBe('Keep booking');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await focusedLabel(page)).toBe('Cancel booking');

    await cancel.click();
    await dialog.getByRole('button', { name: 'Cancel booking' }).click();
    await page.getByText('This booking is cancelled.').waitFor();
    expect(await page.getByRole('button', { name: 'Reschedule' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Cancel booking' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('keeps the booking and offers fresh times when the new slot was just taken', async () => {
    const [booked, target] = await twoOpenDays(8);
    const booking = await bookInPerson({
      therapistId: FATIMA_SHEIKH,
      locationId: EAST_BRANCH,
      ...booked,
      name: 'E2E Taken Slot Client',
    });
    const { page, errors } = await openPage(browser, PHONE, await statusPageOf(booking));
    await page.getByRole('link', { name: 'Manage your booking' }).click();
    await page.getByRole('heading', { name: 'Your booking', exact: true }).waitFor();
    const link = page.url();
    // Someone else books the chosen slot first: the server answers 409, as the exclusion constraint decides.
    await page.route('**/api/manage/*/reschedule', (route) =>
      route.fulfill({
        status: 409,
        json: { detail: 'That time has just been booked. Please choose another.' },
      }),
    );
    let slotLoads = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/open-slots')) slotLoads += 1;
    });
    await page.getByRole('button', { name: 'Reschedule' }).click();
    await pickStripDate(page, target.date);
    await page.getByRole('button', { name: time12(target.start), exact: true }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Confirm new time' }).click();
    await page
      .getByRole('alert')
      .getByText('That time has just been booked. Please choose another.')
      .waitFor();
    await page.getByRole('heading', { name: 'Choose a new time' }).waitFor();
    await expect.poll(() => slotLoads).toBe(2);
    expect(page.url()).toBe(link);
    await page.getByRole('button', { name: 'Back' }).click();
    const summary = page.locator('.summary');
    expect(await summary.textContent()).toContain(time12(booked.start));
    expect(errors).toEqual([]);
    await page.close();
  });
  it('within the notice window, explains the terms and offers the clinic’s phone instead', async () => {
    const { page, errors } = await openPage(browser, PHONE, 'about:blank');
    await page.route('**/api/manage/late-token', (route) =>
      route.fulfill({
        json: {
          status: 'confirmed',
          booking: {
            booking_id: 9,
            booking_type: 'ONLINE',
            booking_date: clinicDate(1),
            booking_time_slot_start: '10:00:00',
            booking_time_slot_end: '10:45:00',
            therapist_id: 1,
            therapist_name: 'Asha Menon',
            location_id: 0,
            location_name: null,
            location_address: null,
            google_meet_link: 'https://meet.google.com/abc-defg-hij',
            amount: 1500,
            paid_online: true,
          },
          can_change: false,
          notice_hours: 24,
          change_until: new Date().toISOString(),
          clinic_phone: '+91 22 4000 0000',
        },
      }),
    );
    await page.goto(`${serverUrl()}/manage/late-token`);
    await page
      .getByText(
        'This session is less than 24 hours away, so it can no longer be changed here. Late cancellations are charged in full (see the terms).',
      )
      .waitFor();
    expect(await page.getByRole('main').locator('a[href="tel:+912240000000"]').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: /meet\.google\.com/ }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Cancel booking' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Reschedule' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('has no WCAG A/AA violations: the booking, the time grid, the old → new step, the cancel dialog', async () => {
    const [booked, target] = await twoOpenDays(6);
    const booking = await bookInPerson({
      therapistId: FATIMA_SHEIKH,
      locationId: EAST_BRANCH,
      ...booked,
      name: 'E2E Manage Access Client',
    });
    const query = `token=${encodeURIComponent(booking.confirmation_token)}`;
    const answer = await fetch(`${serverUrl()}/api/bookings/${booking.booking_id}/confirmation?${query}`);
    const manageUrl = ((await answer.json()) as { data: { manage_url: string } }).data.manage_url;
    const context = await browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(`${serverUrl()}${new URL(manageUrl).pathname}`);
    await page.getByRole('heading', { name: 'Your booking', exact: true }).waitFor();
    expect(await violations(page), 'booking').toEqual([]);

    await page.getByRole('button', { name: 'Reschedule' }).click();
    await pickStripDate(page, target.date);
    await page.locator('.slot-grid__slot').first().click();
    expect(await violations(page), 'time grid').toEqual([]);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Confirm the new time' }).waitFor();
    expect(await violations(page), 'old → new').toEqual([]);

    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('button', { name: 'Cancel booking' }).click();
    await page.getByRole('dialog', { name: 'Cancel this session?' }).waitFor();
    expect(await violations(page), 'cancel dialog').toEqual([]);
    await context.close();
  });
  it('shows the server’s words for a link that does not exist', async () => {
    const { page } = await openPage(browser, PHONE, `${serverUrl()}/manage/not-a-real-token`);
    await page.getByRole('heading', { name: 'This link cannot be used' }).waitFor();
    expect(await page.getByRole('button', { name: 'Cancel booking' }).count()).toBe(0);
    await page.close();
  });
});
