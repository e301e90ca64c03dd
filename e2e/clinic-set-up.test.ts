import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchErrors } from './support/admin-session.ts';
import {
  chooseSessionType,
  continueButton,
  fillDetails,
  openPage,
  VISITOR,
  waitForStep,
} from './support/booking-wizard.ts';
import { DESKTOP, launchChromium } from './support/browser.ts';
import {
  clinicClock,
  expectedOffer,
  type PlannedWeek,
  plusDays,
  readOffer,
  stripLabel,
  time12,
  weekdayOf,
} from './support/offered-slots.ts';
import { type OwnServer, signedInOn, startOwnServer } from './support/own-server.ts';

/**
 * Issue 11's "Done when", tried as a new user would: on a fresh install (DEMO_DATA=false) a
 * superadmin sets up the clinic profile, a centre, a service and a therapist with a weekly
 * schedule, a day off and a leave week, all through the screens; the wizard offers exactly those
 * slots (reckoned here from the schedule and today's date in the clinic's zone); a booking made
 * in the wizard survives a schedule change that puts it outside, and is listed as such.
 */

const CENTRE = {
  name: 'Koregaon Park Centre',
  short: 'Koregaon',
  description: 'A quiet first-floor centre near the park.',
  address: 'Lane 6, Koregaon Park, Pune 411001',
  phone: '020 2615 0000',
};
const SERVICE = 'Individual Counselling';
const THERAPIST = { name: 'Ms.Nandita Rao', shown: 'Nandita Rao' };
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONDAY_TO_FRIDAY = [1, 2, 3, 4, 5];

// Monday to Friday 10:00–13:00 at the centre with a 15-minute break: sessions at 10, 11 and 12.
// Wednesdays also online 15:00–16:00, which an in-person visitor must not be offered.
const today = clinicClock(new Date()).date;
/** A weekday off by a date override: the first Monday-to-Friday date after today. */
const DAY_OFF = [1, 2, 3, 4, 5, 6]
  .map((days) => plusDays(today, days))
  .find((date) => {
    const weekday = weekdayOf(date);
    return weekday !== 0 && weekday !== 6;
  }) as string;
/** A leave week: the second week of the booking window. */
const LEAVE = { from: plusDays(today, 7), to: plusDays(today, 13) };
const WEEK: PlannedWeek = {
  weekdays: MONDAY_TO_FRIDAY,
  starts: ['10:00', '11:00', '12:00'],
  daysOff: (date) => date === DAY_OFF || (LEAVE.from <= date && date <= LEAVE.to),
};

describe('a clinic set up from nothing through the screens, then booked in the wizard', () => {
  let server: OwnServer;
  let browser: Browser;
  let admin: BrowserContext;
  let page: Page;
  let errors: string[];
  let schedulePath = '';
  let booked = { date: '', time: '', id: '' };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startOwnServer({ DEMO_DATA: 'false' }), launchChromium()]);
    admin = await signedInOn(browser, server);
    page = await admin.newPage();
    errors = watchErrors(page);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const nav = (name: string) =>
    page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name, exact: true });

  /**
   * The set-up leads on by itself (decision 065): after the previous save, this step's screen opens
   * on its Add dialog; `fill` types into it, then it is saved.
   */
  async function addRow(noun: string, fill: (dialog: Locator) => Promise<void>) {
    const dialog = page.getByRole('dialog', { name: `Add ${noun}` });
    await dialog.waitFor();
    expect(new URL(page.url()).search).toBe('?add=1');
    await fill(dialog);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  it('saves the profile and adds a centre, a service and a therapist (online and in person)', async () => {
    await page.goto(`${server.url}/admin/clinic`);
    await page.getByRole('heading', { level: 1, name: 'Clinic Profile' }).waitFor();
    await page.getByLabel('Clinic name').fill('Calm Minds Clinic');
    await page.getByLabel('Phone').fill('98200 12345');
    await page.getByLabel('Email').fill('hello@calm.example.com');
    await page.getByLabel('Address').fill('5 MG Road, Pune 411001');
    await page.getByText('Privacy contact, receipts and GST (optional)').click();
    await page.getByLabel('Privacy contact').fill('Grievance Officer, privacy@calm.example.com');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').getByText('Clinic profile saved.').waitFor();

    await addRow('centre', async (dialog) => {
      await dialog.getByLabel('Name', { exact: true }).fill(CENTRE.name);
      await dialog.getByLabel('Short name').fill(CENTRE.short);
      await dialog.getByLabel('Description').fill(CENTRE.description);
      await dialog.getByLabel('Address').fill(CENTRE.address);
      await dialog.getByLabel('Phone').fill(CENTRE.phone);
    });
    await addRow('service', async (dialog) => {
      await dialog.getByLabel('Name').fill(SERVICE);
    });
    await addRow('therapist', async (dialog) => {
      await dialog.getByLabel('Name', { exact: true }).fill(THERAPIST.name);
      await dialog.getByLabel('Title').fill('Counselling Psychologist');
      await dialog.getByLabel('Specialization').fill('Stress, sleep');
      await dialog.getByLabel('Description').fill('Calm, practical sessions for busy lives.');
      await dialog.getByLabel('Price (₹)').fill('1750');
      await dialog.getByLabel('E-mail').fill('nandita.rao@example.com');
      const sessions = dialog.getByRole('group', { name: 'Sessions' });
      await sessions.getByLabel('Online').check();
      await sessions.getByLabel('In person').check();
      await dialog.getByRole('group', { name: 'Centres' }).getByLabel(CENTRE.name).check();
      await dialog.getByRole('group', { name: 'Services' }).getByLabel(SERVICE).check();
    });
    // Saved, the therapist's schedule opens (the next step); the lists hold all three.
    await page.waitForURL(/\/admin\/therapists\/\d+\/schedule$/);
    for (const [screen, name] of [
      ['Centres', CENTRE.name],
      ['Services', SERVICE],
    ]) {
      await nav(screen as string).click();
      await page.getByRole('row').filter({ hasText: name }).waitFor();
    }
    await nav('Therapists').click();
    const row = page.getByRole('row').filter({ hasText: THERAPIST.shown });
    await row.waitFor();
    expect(await row.getByText('Online & In-Person', { exact: true }).isVisible()).toBe(true);
    schedulePath =
      (await row.getByRole('link', { name: `Schedule of ${THERAPIST.shown}` }).getAttribute('href')) ?? '';
    expect(schedulePath).toMatch(/^\/admin\/therapists\/\d+\/schedule$/);
    expect(errors).toEqual([]);
  });

  it('gives the therapist weekly hours, a day off and a leave week on the schedule screen', async () => {
    await page.goto(`${server.url}${schedulePath}`);
    await page.getByRole('heading', { level: 1, name: THERAPIST.shown }).waitFor();
    for (const weekday of MONDAY_TO_FRIDAY) {
      const name = WEEKDAYS[weekday] as string;
      const day = page.getByRole('group', { name, exact: true });
      await day.getByLabel('Working').check();
      await day.getByLabel(`Start (${name}, hours 1)`).fill('10:00');
      await day.getByLabel(`End (${name}, hours 1)`).fill('13:00');
      await day.getByLabel(`Place (${name}, hours 1)`).selectOption({ label: CENTRE.name });
    }
    const wednesday = page.getByRole('group', { name: 'Wednesday', exact: true });
    await wednesday.getByRole('button', { name: 'Add hours (Wednesday)' }).click();
    await wednesday.getByLabel('Start (Wednesday, hours 2)').fill('15:00');
    await wednesday.getByLabel('End (Wednesday, hours 2)').fill('16:00');
    await wednesday.getByLabel('Place (Wednesday, hours 2)').selectOption({ label: 'Online' });
    await page.getByLabel('Break after each session').selectOption('15');
    const monday = page.getByRole('group', { name: 'Monday', exact: true });
    expect(await monday.getByText('3 sessions: 10:00 AM, 11:00 AM, 12:00 PM').isVisible()).toBe(true);
    for (const off of ['Saturday', 'Sunday']) {
      expect(await page.getByRole('group', { name: off, exact: true }).getByText('Day off').isVisible()).toBe(
        true,
      );
    }
    await page.getByRole('button', { name: 'Save Schedule' }).click();
    await page.getByRole('status').getByText('Schedule saved.').waitFor();

    // Folded while the therapist has none.
    await page.getByText('Other dates and leave', { exact: true }).click();
    const overrides = page.getByRole('region', { name: 'Date overrides' });
    await overrides.getByLabel('Date').fill(DAY_OFF);
    await overrides.getByLabel('Day off').check();
    await overrides.getByRole('button', { name: 'Add Override' }).click();
    await overrides.getByRole('cell', { name: 'Day off' }).waitFor();

    const leave = page.getByRole('region', { name: 'Leave', exact: true });
    await leave.getByLabel('First day').fill(LEAVE.from);
    await leave.getByLabel('Last day').fill(LEAVE.to);
    await leave.getByLabel('Reason').fill('Annual leave');
    await leave.getByRole('button', { name: 'Add Leave' }).click();
    await leave.getByRole('cell', { name: 'Annual leave' }).waitFor();

    await nav('Dashboard').click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.getByRole('region', { name: 'All Bookings' }).waitFor();
    // This browser never saw the checklist with steps to do: set up, it does not show.
    expect(await page.getByRole('region', { name: 'Set up the clinic' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('offers exactly the scheduled in-person dates and times in the wizard, and books one', async () => {
    const visitor = await openPage(browser, DESKTOP, `${server.url}/book`);
    // Reckoned before the wizard asks for the slots and after it showed them: a session may
    // begin (or the day turn) in between, and the wizard's answer is then one or the other.
    const before = expectedOffer(WEEK, new Date());
    // One centre with one therapist: both chosen for the visitor (decision 065), who goes from the
    // session type straight to the dates, told with whom and where.
    await chooseSessionType(visitor.page, 'offline');
    await waitForStep(visitor.page, 'Select Date & Time');
    await visitor.page.getByText(`With ${THERAPIST.shown} at ${CENTRE.name}.`, { exact: false }).waitFor();
    const offered = await readOffer(visitor.page);
    const after = expectedOffer(WEEK, new Date());
    const expected = JSON.stringify(offered) === JSON.stringify(after.offered) ? after : before;
    expect(offered).toEqual(expected.offered);
    expect(expected.dates.length).toBeGreaterThan(1);

    // The last date offered (never today), its first time, booked to the end.
    const date = expected.dates.at(-1) as string;
    await visitor.page.getByRole('button', { name: stripLabel(date), exact: true }).click();
    await visitor.page.getByRole('button', { name: time12('10:00'), exact: true }).click();
    await continueButton(visitor.page).click();
    await fillDetails(visitor.page);
    await visitor.page.getByRole('button', { name: 'Continue to Payment' }).click();
    await waitForStep(visitor.page, 'Confirm Booking');
    const summary = (await visitor.page.locator('.summary').textContent()) ?? '';
    for (const text of ['In-Person Session', CENTRE.name, THERAPIST.shown, '10:00 AM', '₹1,750']) {
      expect(summary).toContain(text);
    }
    await visitor.page.getByRole('button', { name: 'Confirm Booking' }).click();
    await visitor.page.waitForURL(/\/payment-status\?booking_id=\d+&token=/);
    await visitor.page.getByRole('heading', { name: 'Booking Confirmed!' }).waitFor();
    expect(await visitor.page.locator('main').textContent()).toContain(CENTRE.name);
    booked = {
      date,
      time: '10:00',
      id: new URL(visitor.page.url()).searchParams.get('booking_id') ?? '',
    };
    expect(visitor.errors).toEqual([]);
    await visitor.page.close();
  });

  it('keeps the booking when its weekday is switched off, and lists it outside with the contact', async () => {
    expect(booked.id).not.toBe('');
    await page.goto(`${server.url}${schedulePath}`);
    const name = WEEKDAYS[weekdayOf(booked.date)] as string;
    await page.getByRole('group', { name, exact: true }).getByLabel('Working').uncheck();
    await page.getByRole('button', { name: 'Save Schedule' }).click();
    await page.getByText('1 booking now falls outside this schedule.', { exact: false }).waitFor();

    await page.getByRole('link', { name: 'See bookings outside the schedules' }).click();
    await page.getByRole('heading', { level: 1, name: 'Outside schedule' }).waitFor();
    const row = page.getByRole('row', { name: new RegExp(VISITOR.fullName) });
    await row.waitFor();
    const cells = (await row.textContent()) ?? '';
    for (const text of [booked.id, 'Day off', THERAPIST.shown, '10:00 AM', CENTRE.name]) {
      expect(cells).toContain(text);
    }
    expect(await row.getByRole('link', { name: VISITOR.email }).getAttribute('href')).toBe(
      `mailto:${VISITOR.email}`,
    );
    expect(await row.getByRole('link', { name: VISITOR.mobile }).getAttribute('href')).toBe(
      `tel:${VISITOR.mobile}`,
    );

    // Still booked, not cancelled, in All Bookings.
    await nav('Dashboard').click();
    const all = page.getByRole('region', { name: 'All Bookings' });
    const listed = all.getByRole('row').filter({ hasText: VISITOR.fullName });
    await listed.waitFor();
    expect(await listed.getByText(booked.id, { exact: true }).isVisible()).toBe(true);
    expect(await listed.getByText('Pending', { exact: true }).isVisible()).toBe(true);
    expect(await listed.getByText('Cancelled', { exact: true }).count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
