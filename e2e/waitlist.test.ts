import { type TimeOfDay, timeOfDayOf } from '@therapy/shared/waitlist-rules';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookInPerson, clinicDate, openSlotSet } from './support/admin-data.ts';
import { loginThroughApi, signedInContext } from './support/admin-session.ts';
import { violations } from './support/axe.ts';
import { chooseLocation, chooseSessionType, chooseTherapist } from './support/booking-wizard.ts';
import { launchChromium, PHONE } from './support/browser.ts';
import { linkInMail, waitFor } from './support/mail-links.ts';
import { serverDataDir, serverUrl } from './support/server.ts';

const PRIYA_NAIR = 3;
const WEST_BRANCH = 1;
const CLIENT = { name: 'Rohan Waitlist', email: 'rohan.waitlist@example.com', mobile: '9822001122' };
const PART_LABELS = { morning: /^Morning/, afternoon: /^Afternoon/, evening: /^Evening/ } as const;

/** A date ahead on which Priya Nair has open in-person times, and the part of the day with fewest. */
async function fullPartOfADay() {
  const open = [...(await openSlotSet(PRIYA_NAIR, WEST_BRANCH))].map(
    (slot) => slot.split(' ') as [string, string],
  );
  for (let days = 10; days >= 2; days -= 1) {
    const date = clinicDate(days);
    const byPart = new Map<TimeOfDay, string[]>();
    for (const [day, start] of open) {
      if (day === date) byPart.set(timeOfDayOf(start), [...(byPart.get(timeOfDayOf(start)) ?? []), start]);
    }
    const fewest = [...byPart.entries()].sort((a, b) => a[1].length - b[1].length)[0];
    if (fewest) return { date, part: fewest[0], starts: fewest[1] };
  }
  throw new Error('Priya Nair has no open time in the window');
}

/** The offer link from the e-mail the server wrote for `email` (DATA_DIR/mail, no SMTP_URL). */
const offerLinkFor = (email: string) =>
  linkInMail(serverDataDir(), email, /https?:\/\/[^\s"<>]+\/waitlist\/offer\/[A-Za-z0-9_-]+/);

/**
 * Issue 15, tried as a new user would: a visitor finds the times they can make taken, joins the
 * waitlist on a phone, another client cancels, and the first in line gets the offer by e-mail,
 * opens its link and books the time it holds.
 */
describe('the waitlist', () => {
  const baseUrl = serverUrl();
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser.close());

  async function joinOnAPhone(page: Page, date: string, part: keyof typeof PART_LABELS) {
    await page.goto(`${baseUrl}/`);
    await chooseSessionType(page, 'offline');
    await chooseLocation(page, 'West Branch');
    await chooseTherapist(page, 'Priya Nair');
    await page.getByRole('button', { name: 'Join the waitlist' }).click();
    const form = page.getByRole('region', { name: /Join the waitlist for Priya Nair/ });
    await form.getByRole('button', { name: 'Join the waitlist' }).click();
    await page.getByRole('alert').getByText('Please choose at least one date you could come.').waitFor();
    expect(await violations(page), 'the waitlist form with its errors').toEqual([]);
    await form.getByLabel('Full name').fill(CLIENT.name);
    await form.getByLabel('Email').fill(CLIENT.email);
    await form.getByLabel('Mobile number').fill(CLIENT.mobile);
    const [year, month, day] = date.split('-').map(Number) as [number, number, number];
    const label = new Intl.DateTimeFormat('en-US', {
      timeZone: 'UTC',
      weekday: 'short',
      month: 'short',
      day: 'numeric',
    }).format(new Date(Date.UTC(year, month - 1, day)));
    await form.getByRole('checkbox', { name: label, exact: true }).check();
    await form.getByRole('checkbox', { name: PART_LABELS[part] }).check();
    // Consent by a clear act (decision 061): the box starts unticked.
    const consent = form.getByRole('checkbox', { name: /I agree to the Terms and Conditions/ });
    expect(await consent.isChecked()).toBe(false);
    await consent.check();
    await form.getByRole('button', { name: 'Join the waitlist' }).click();
    await page.getByText("You're on the waitlist").waitFor();
    await page.getByText(/You are number 1 in line for Priya Nair/).waitFor();
  }

  it('offers a freed time to the first person waiting, who books it from the e-mail', async () => {
    const { date, part, starts } = await fullPartOfADay();
    // Another client takes every time of that part of the day.
    const taken = [];
    for (const start of starts) {
      taken.push(
        await bookInPerson({
          therapistId: PRIYA_NAIR,
          locationId: WEST_BRANCH,
          date,
          start,
          name: 'Busy Client',
        }),
      );
    }
    const context = await browser.newContext({ viewport: PHONE, locale: 'en-IN' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await joinOnAPhone(page, date, part);
    // Nothing is free for them yet: no offer.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(await offerLinkFor(CLIENT.email)).toBeUndefined();

    // One of those clients cancels; the worker offers the time within a pass or two.
    const { access_token } = await loginThroughApi();
    const cancelled = await fetch(`${baseUrl}/api/admin/bookings/${taken[0]?.booking_id}/cancel`, {
      method: 'POST',
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(cancelled.status).toBe(200);
    const link = await waitFor('the offer e-mail', () => offerLinkFor(CLIENT.email));

    await page.goto(link.replace(/^https?:\/\/[^/]+/, baseUrl));
    await page.getByRole('heading', { level: 1, name: 'A time has opened for you' }).waitFor();
    await page.getByText(/This time is held for you until/).waitFor();
    // The therapist by the display rule, as every other page names them ('Ms.Priya Nair' is stored).
    await page.getByText('Priya Nair', { exact: true }).waitFor();
    expect(await violations(page), 'the offer page').toEqual([]);
    await page.getByRole('button', { name: 'Book this time' }).click();
    await page.getByRole('heading', { name: 'Booking Confirmed!' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("lets an admin see a therapist's line on a phone and take someone off it", async () => {
    const joined = await fetch(`${baseUrl}/api/waitlist`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        therapist_id: PRIYA_NAIR,
        booking_type: 'OFFLINE',
        location_id: WEST_BRANCH,
        client_full_name: 'Meera Waiting',
        client_email: 'meera.waiting@example.com',
        client_mobile: '9822003344',
        // Tomorrow: the sweep may hold her a time at once, and the other browser tests book the
        // window's last dates, so her offer never takes a time they are about to confirm.
        preferred_dates: [clinicDate(1)],
        times_of_day: ['morning'],
        terms_accepted: true,
      }),
    });
    expect(joined.status).toBe(201);

    const context = await signedInContext(browser, { viewport: PHONE });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${baseUrl}/admin/waitlist`);
    await page.getByRole('heading', { level: 1, name: 'Waitlist' }).waitFor();
    await page.getByLabel('Therapist').selectOption({ label: 'Priya Nair' });
    const entries = page.getByRole('table', { name: /Waitlist entries/ });
    const row = entries.getByRole('row').filter({ hasText: 'Meera Waiting' });
    await row.waitFor();
    expect(await row.textContent()).toContain('meera.waiting@example.com');
    expect(await violations(page), 'the admin waitlist').toEqual([]);

    await row.getByRole('button', { name: 'Remove Meera Waiting' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove from the waitlist?' });
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await page.getByText('Meera Waiting was removed from the waitlist.').waitFor();
    await expect.poll(() => entries.getByRole('row').filter({ hasText: 'Meera Waiting' }).count()).toBe(0);

    // The Privacy Desk finds a client who only ever waited, and erases them.
    await page.goto(`${baseUrl}/admin/privacy`);
    await page.getByRole('heading', { level: 1, name: 'Privacy Desk' }).waitFor();
    await page.getByLabel('Client’s e-mail or mobile number').first().fill('meera.waiting@example.com');
    await page.getByRole('button', { name: 'Find', exact: true }).click();
    const held = page.getByRole('region', { name: 'Held about Meera Waiting' });
    await held
      .getByRole('table', { name: /waitlist places/ })
      .getByRole('cell', { name: '9822003344' })
      .waitFor();
    await held.getByRole('button', { name: 'Erase client' }).click();
    await page.getByRole('dialog', { name: 'Erase client' }).getByRole('button', { name: 'Erase' }).click();
    await page.getByText('Erased the client’s data from 0 booking(s) and 1 waitlist place(s).').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says plainly when an offer link is not valid', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto(`${baseUrl}/waitlist/offer/not-a-real-offer-token-0000000000000000000000`);
    await page.getByRole('heading', { name: 'This offer is no longer available' }).waitFor();
    await page.getByText(/This offer link is not valid|This offer has expired/).waitFor();
    await page.getByRole('link', { name: 'Book another time' }).waitFor();
    await page.close();
  });
});
