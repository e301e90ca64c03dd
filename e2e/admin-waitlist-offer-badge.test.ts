import { timeOfDayOf } from '@therapy/shared/waitlist-rules';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicDate, openSlotSet } from './support/admin-data.ts';
import { loginThroughApi, openDashboard, signedInContext } from './support/admin-session.ts';
import { launchChromium } from './support/browser.ts';
import { serverUrl } from './support/server.ts';

const ROHAN_KAPOOR = 2; // online only
const CLIENT = { name: 'E2E Offer Client', email: 'e2e.offer.badge@example.com', mobile: '9822001133' };

/** A date late in the window with open online times of Rohan Kapoor, and one of them. */
async function lateOpenSlot() {
  const open = [...(await openSlotSet(ROHAN_KAPOOR, 0))].map((slot) => slot.split(' ') as [string, string]);
  // Late in the window: no other browser test books that far ahead, so the hold takes no time of theirs.
  const late = open.filter(([date]) => date >= clinicDate(11));
  const slot = late[late.length - 1];
  if (!slot) throw new Error('Rohan Kapoor has no open time late in the window');
  return { date: slot[0], start: slot[1] };
}

async function admin(path: string, init: RequestInit = {}) {
  const { access_token } = await loginThroughApi();
  return fetch(`${serverUrl()}${path}`, {
    ...init,
    headers: { ...init.headers, authorization: `Bearer ${access_token}` },
  });
}

/** The client's booking as the admin list reads it, once the sweep has held a time for them. */
async function heldOffer(): Promise<{ id: number; waitlist_offer?: boolean } | undefined> {
  const query = new URLSearchParams({ q: CLIENT.email, limit: '10' });
  const page = (await (await admin(`/api/admin/bookings?${query}`)).json()) as {
    items: { id: number; waitlist_offer?: boolean; cancelled: boolean }[];
  };
  return page.items.find((booking) => booking.waitlist_offer && !booking.cancelled);
}

describe('a waitlist offer being held, as the front desk sees it', () => {
  let browser: Browser;
  let entryId: number | undefined;

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    // Leaving the waitlist withdraws the offer and frees its time.
    if (entryId) await admin(`/api/admin/waitlist/${entryId}`, { method: 'DELETE' });
    await browser.close();
  });

  it('reads "Offered to waitlist", not an unpaid booking', async () => {
    const slot = await lateOpenSlot();
    const joined = await fetch(`${serverUrl()}/api/waitlist`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        therapist_id: ROHAN_KAPOOR,
        booking_type: 'ONLINE',
        location_id: 0,
        client_full_name: CLIENT.name,
        client_email: CLIENT.email,
        client_mobile: CLIENT.mobile,
        client_age: 30,
        preferred_dates: [slot.date],
        times_of_day: [timeOfDayOf(slot.start)],
        terms_accepted: true,
      }),
    });
    expect(joined.status).toBe(201);
    entryId = ((await joined.json()) as { id: number }).id;
    // The sweep holds a free time of that part of the day for the first person waiting.
    let offer: Awaited<ReturnType<typeof heldOffer>>;
    for (let tries = 0; tries < 60 && !offer; tries += 1) {
      offer = await heldOffer();
      if (!offer) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(offer, 'the sweep held a time for the offer').toBeDefined();

    const context = await signedInContext(browser);
    const page = await context.newPage();
    await openDashboard(page);
    const row = page
      .getByRole('region', { name: 'All Bookings' })
      .getByRole('row')
      .filter({ hasText: CLIENT.name });
    await row.getByText('Offered to waitlist', { exact: true }).waitFor();
    expect(await row.getByText('Initiated', { exact: true }).count()).toBe(0);
    // Not a session that will take place yet: nothing to move.
    expect(await row.getByRole('button', { name: `Move booking ${offer?.id}` }).count()).toBe(0);
    await context.close();
  });
});
