import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicDate, createOfflineBooking, e2eClientEmail } from './support/admin-data.ts';
import { loginThroughApi, signedInContext, watchErrors } from './support/admin-session.ts';
import { launchChromium } from './support/browser.ts';
import { serverUrl } from './support/server.ts';

/**
 * The schedule screens against the real server (the schedule calls of CONTRACT.md "Running the
 * practice"): a schedule change keeps the booking and lists it as outside, with the client's
 * contact; leave, an override and a holiday are added and deleted through the screens. The
 * therapist's schedule is put back afterwards, so the other browser tests find it as it was.
 */
const FATIMA_SHEIKH = 5; // in person at the East Branch
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

describe('schedule screens on the real server', () => {
  const baseUrl = serverUrl();
  let browser: Browser;
  let token = '';
  beforeAll(async () => {
    browser = await launchChromium();
    token = (await loginThroughApi()).access_token;
  });
  afterAll(() => browser?.close());

  const api = async <T = undefined>(path: string, init: RequestInit = {}): Promise<T> => {
    const response = await fetch(`${baseUrl}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers },
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (response.status === 204 ? undefined : await response.json()) as T;
  };

  it('a day switched off keeps its booking, listed as outside with the client’s contact', async () => {
    const schedulePath = `/api/admin/therapists/${FATIMA_SHEIKH}/schedule`;
    const original = await api<{ weekly: unknown[]; buffer_minutes: number }>(schedulePath);
    const slots = (await (await fetch(`${baseUrl}/api/open-slots?therapist_id=${FATIMA_SHEIKH}`)).json()) as {
      date: string;
      start_time: string;
      location_id: number;
    }[];
    const slot = slots.at(-1);
    if (!slot) throw new Error('no open slot to book');
    const name = 'Outside Schedule Client';
    const bookingId = await createOfflineBooking({
      therapistId: FATIMA_SHEIKH,
      locationId: slot.location_id,
      date: slot.date,
      start: slot.start_time.slice(0, 5),
      name,
    });
    const context = await signedInContext(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    try {
      await page.goto(`${baseUrl}/admin/therapists/${FATIMA_SHEIKH}/schedule`);
      const day = page.getByRole('group', { name: WEEKDAYS[new Date(`${slot.date}T00:00:00Z`).getUTCDay()] });
      await day.getByLabel('Working').uncheck();
      await page.getByRole('button', { name: 'Save Schedule' }).click();
      await page.getByText(/^\d+ bookings? now falls? outside this schedule\./).waitFor();
      await page.getByRole('link', { name: 'See bookings outside the schedules' }).click();
      const row = page.getByRole('row', { name: new RegExp(name) }).first();
      await row.waitFor();
      expect(await row.getByText('Day off').isVisible()).toBe(true);
      const email = e2eClientEmail(name);
      expect(await row.getByRole('link', { name: email }).getAttribute('href')).toBe(`mailto:${email}`);
      // The booking itself is untouched.
      const booking = await api<{ items: { id: number; cancelled: boolean }[] }>(
        `/api/admin/bookings?therapist_id=${FATIMA_SHEIKH}&q=${encodeURIComponent(name)}`,
      );
      expect(
        booking.items.some(
          (item: { id: number; cancelled: boolean }) => item.id === bookingId && !item.cancelled,
        ),
      ).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await api(schedulePath, {
        method: 'PUT',
        body: JSON.stringify({ weekly: original.weekly, buffer_minutes: original.buffer_minutes }),
      });
      await context.close();
    }
  });

  it('adds and deletes leave, an override and a clinic holiday through the screens', async () => {
    const context = await signedInContext(browser);
    const page = await context.newPage();
    const far = clinicDate(60);
    await page.goto(`${baseUrl}/admin/therapists/${FATIMA_SHEIKH}/schedule`);

    // Folded while the therapist has none.
    await page.getByText('Other dates and leave', { exact: true }).click();
    const leave = page.getByRole('region', { name: 'Leave' });
    await leave.getByLabel('First day').fill(far);
    await leave.getByLabel('Last day').fill(far);
    await leave.getByLabel('Reason').fill('E2E leave');
    await leave.getByRole('button', { name: 'Add Leave' }).click();
    await leave.getByRole('cell', { name: 'E2E leave' }).waitFor();
    await leave
      .getByRole('row', { name: /E2E leave/ })
      .getByRole('button', { name: /^Delete leave/ })
      .click();
    await page.getByRole('dialog', { name: 'Delete leave' }).getByRole('button', { name: 'Delete' }).click();
    await leave.getByRole('cell', { name: 'E2E leave' }).waitFor({ state: 'detached' });

    const overrides = page.getByRole('region', { name: 'Date overrides' });
    await overrides.getByLabel('Date').fill(clinicDate(61));
    await overrides.getByLabel('Day off').check();
    await overrides.getByRole('button', { name: 'Add Override' }).click();
    const longDate = new Intl.DateTimeFormat('en-US', {
      timeZone: 'UTC',
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      year: 'numeric',
    }).format(new Date(`${clinicDate(61)}T00:00:00Z`));
    const added = overrides.getByRole('row', { name: new RegExp(`${longDate}.*Day off`) });
    await added.waitFor();
    await added.getByRole('button', { name: /^Delete override/ }).click();
    await page
      .getByRole('dialog', { name: 'Delete override' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await added.waitFor({ state: 'detached' });

    await page.goto(`${baseUrl}/admin/holidays`);
    await page.getByLabel('Date').fill(clinicDate(62));
    await page.getByLabel('Name').fill('E2E Holiday');
    await page.getByRole('button', { name: 'Add Holiday' }).click();
    const holiday = page.getByRole('rowheader', { name: 'E2E Holiday' });
    await holiday.waitFor();
    await page.getByRole('button', { name: /^Delete E2E Holiday on / }).click();
    await page
      .getByRole('dialog', { name: 'Delete holiday' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await holiday.waitFor({ state: 'detached' });
    await context.close();
  });
});
