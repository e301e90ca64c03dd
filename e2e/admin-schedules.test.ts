import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInContext, watchErrors } from './support/admin-session.ts';
import { launchChromium, PHONE } from './support/browser.ts';
import { fakeSchedules, outsideBooking, THERAPIST_ID } from './support/schedule-fixtures.ts';
import { serverUrl } from './support/server.ts';

/**
 * The schedule screens (issue 11) with their calls answered by the test (fixtures shaped by
 * schedule-schemas.ts): the weekly hours editor, date overrides, leave, holidays, the bookings
 * outside the schedules and the dashboard's notice. admin-schedules-server.test.ts tries the same
 * screens against the real server.
 */
describe('schedule screens (calls answered by the test)', () => {
  const baseUrl = serverUrl();
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());

  async function open(path: string, viewport?: { width: number; height: number }) {
    const context = await signedInContext(browser, viewport ? { viewport } : {});
    const page = await context.newPage();
    const fake = fakeSchedules();
    await fake.install(page);
    const errors = watchErrors(page);
    await page.goto(`${baseUrl}${path}`);
    return { context, page, fake, errors };
  }

  const weekday = (page: Page, name: string) => page.getByRole('group', { name, exact: true });

  async function violations(page: Page): Promise<string[]> {
    const result = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    return result.violations.flatMap((v) =>
      v.nodes.map((node) => `${v.id}: ${v.help} — ${node.target.join(' ')}`),
    );
  }

  it('edits the weekly hours: preview, own checks, server errors beside the field, save and outside notice', async () => {
    const { context, page, fake, errors } = await open(`/admin/therapists/${THERAPIST_ID}/schedule`);
    await page.getByRole('heading', { level: 1, name: 'Meera Rao' }).waitFor();
    const monday = weekday(page, 'Monday');
    expect(await monday.getByText('4 sessions: 9:00 AM, 9:45 AM, 10:30 AM, 11:15 AM').isVisible()).toBe(true);
    expect(await weekday(page, 'Sunday').getByText('Day off').isVisible()).toBe(true);

    const tuesday = weekday(page, 'Tuesday');
    await tuesday.getByLabel('Working').check();
    expect(await tuesday.getByLabel('Start (Tuesday, hours 1)').inputValue()).toBe('09:00');
    await page.getByLabel('Break after each session').selectOption('15');
    expect(await tuesday.getByText(/^8 sessions: 9:00 AM, 10:00 AM/).isVisible()).toBe(true);

    // The editor's own check: nothing is sent.
    await tuesday.getByLabel('End (Tuesday, hours 1)').fill('08:00');
    await page.getByRole('button', { name: 'Save Schedule' }).click();
    await page.getByRole('alert').getByText('There is a problem').waitFor();
    expect(await tuesday.getByText('The end must be after the start').isVisible()).toBe(true);
    expect(fake.state.calls.filter((call) => call.method === 'PUT')).toHaveLength(0);

    // The server's refusal lands beside the range it names; what was typed stays.
    await tuesday.getByLabel('End (Tuesday, hours 1)').fill('13:00');
    await tuesday.getByRole('button', { name: 'Add hours (Tuesday)' }).click();
    await tuesday.getByLabel('Start (Tuesday, hours 2)').fill('14:00');
    await tuesday.getByLabel('End (Tuesday, hours 2)').fill('16:00');
    fake.state.nextSaveFailure = 'Invalid body: weekly.2.end: ends after the centre closes';
    await page.getByRole('button', { name: 'Save Schedule' }).click();
    await tuesday.getByText('Ends after the centre closes').waitFor();
    expect(await tuesday.getByLabel('End (Tuesday, hours 2)').getAttribute('aria-invalid')).toBe('true');
    expect(await tuesday.getByLabel('End (Tuesday, hours 2)').inputValue()).toBe('16:00');

    await page.getByRole('button', { name: 'Save Schedule' }).click();
    await page.getByRole('status').getByText('Schedule saved.').waitFor();
    const notice = page.getByText('2 bookings now fall outside this schedule.');
    await notice.waitFor();
    const puts = fake.state.calls.filter((call) => call.method === 'PUT');
    expect(puts.at(-1)?.body).toEqual({
      weekly: [
        { weekday: 1, start: '09:00', end: '12:00', location_id: 1 },
        { weekday: 2, start: '09:00', end: '13:00', location_id: 1 },
        { weekday: 2, start: '14:00', end: '16:00', location_id: 1 },
      ],
      buffer_minutes: 15,
    });
    await page.getByRole('link', { name: 'See bookings outside the schedules' }).click();
    await page.getByRole('heading', { level: 1, name: 'Outside schedule' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('adds and deletes date overrides and leave, deletes only after confirming', async () => {
    const { context, page, fake } = await open(`/admin/therapists/${THERAPIST_ID}/schedule`);
    const overrides = page.getByRole('region', { name: 'Date overrides' });
    await overrides.getByRole('table', { name: 'Upcoming date overrides' }).waitFor();
    expect(await overrides.getByRole('cell', { name: 'Day off' }).count()).toBe(1);

    const day = fake.state.overrides[0]?.date ?? '';
    await overrides.getByRole('button', { name: /^Delete override for / }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete override' });
    await dialog.getByRole('button', { name: 'Keep' }).click();
    expect(fake.state.calls.some((call) => call.method === 'DELETE')).toBe(false);
    await overrides.getByRole('button', { name: /^Delete override for / }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await overrides.getByText('No upcoming overrides.').waitFor();
    expect(fake.state.calls.find((call) => call.method === 'DELETE')?.path).toBe(
      `/api/admin/therapists/${THERAPIST_ID}/overrides/${day}`,
    );

    await overrides.getByLabel('Date').fill(day);
    await overrides.getByLabel('Start (override, hours 1)').fill('10:00');
    await overrides.getByLabel('End (override, hours 1)').fill('12:00');
    await overrides.getByRole('button', { name: 'Add Override' }).click();
    await overrides.getByRole('cell', { name: /10:00 AM – 12:00 PM/ }).waitFor();
    expect(
      fake.state.calls.find((call) => call.path.endsWith('/overrides') && call.method === 'POST')?.body,
    ).toEqual({
      date: day,
      hours: [{ start: '10:00', end: '12:00', location_id: 1 }],
    });

    const leave = page.getByRole('region', { name: 'Leave' });
    expect(await leave.getByRole('cell', { name: 'Conference' }).isVisible()).toBe(true);
    const [from, to] = [fake.state.time_off[0]?.to ?? '', fake.state.time_off[0]?.from ?? ''];
    // The server's refusal of a field shows beside that field.
    await leave.getByLabel('First day').fill(from);
    await leave.getByLabel('Last day').fill(from);
    await leave.getByLabel('Reason').fill('Family');
    await leave.getByRole('button', { name: 'Add Leave' }).click();
    await leave.getByRole('cell', { name: 'Family' }).waitFor();
    expect(fake.state.calls.find((call) => call.path.endsWith('/time-off'))?.body).toEqual({
      from,
      to: from,
      reason: 'Family',
    });
    // The form's own check: the last day before the first is not sent.
    await leave.getByLabel('First day').fill(from);
    await leave.getByLabel('Last day').fill(to);
    await leave.getByRole('button', { name: 'Add Leave' }).click();
    expect(await leave.getByText('The last day must not be before the first').isVisible()).toBe(true);

    await leave
      .getByRole('button', { name: /^Delete leave / })
      .first()
      .click();
    await page.getByRole('dialog', { name: 'Delete leave' }).getByRole('button', { name: 'Delete' }).click();
    await leave.getByRole('cell', { name: 'Conference' }).waitFor({ state: 'detached' });
    await context.close();
  });

  it('on a phone, a range’s fields stack and nothing is wider than the screen', async () => {
    const { context, page } = await open(`/admin/therapists/${THERAPIST_ID}/schedule`, PHONE);
    const monday = weekday(page, 'Monday');
    const start = await monday.getByLabel('Start (Monday, hours 1)').boundingBox();
    const end = await monday.getByLabel('End (Monday, hours 1)').boundingBox();
    expect(end && start && end.y > start.y).toBe(true);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(PHONE.width);
    await context.close();
  });

  it('lists, adds and deletes clinic holidays; a refused date shows beside the field', async () => {
    const { context, page, fake } = await open('/admin/holidays');
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Holidays' }).waitFor();
    const table = page.getByRole('table', { name: /Clinic holidays/ });
    await table.getByRole('rowheader', { name: 'Diwali' }).waitFor();
    const taken = fake.state.holidays[0]?.date ?? '';
    await page.getByLabel('Date').fill(taken);
    await page.getByLabel('Name').fill('Holi');
    await page.getByRole('button', { name: 'Add Holiday' }).click();
    await page.getByText('There is already a holiday on that date').waitFor();
    expect(await page.getByLabel('Name').inputValue()).toBe('Holi');

    await page.getByLabel('Date').fill(taken.replace(/-\d\d$/, '-01'));
    await page.getByRole('button', { name: 'Add Holiday' }).click();
    await table.getByRole('rowheader', { name: 'Holi' }).waitFor();

    await table.getByRole('button', { name: /^Delete Diwali on / }).click();
    await page
      .getByRole('dialog', { name: 'Delete holiday' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await table.getByRole('rowheader', { name: 'Diwali' }).waitFor({ state: 'detached' });
    expect(fake.state.calls.find((call) => call.method === 'DELETE')?.path).toBe('/api/admin/holidays/3');
    await context.close();
  });

  it('lists the bookings outside the schedules with the client’s contact, 20 at a time, and says when none', async () => {
    const { context, page, fake } = await open('/admin/dashboard');
    fake.state.outside = Array.from({ length: 23 }, (_, index) =>
      outsideBooking(100 + index, index === 0 ? { reason: 'leave', client_mobile: '+91 98765 43210' } : {}),
    );
    await page.reload();
    const notice = page.getByRole('region', { name: '23 bookings fall outside the schedules' });
    await notice.getByRole('link', { name: 'See them with the clients’ contact' }).click();

    const table = page.getByRole('table', { name: /Bookings outside the schedules/ });
    const first = table.getByRole('row', { name: /Client 100/ });
    await first.waitFor();
    expect(await first.getByText('Therapist on leave').isVisible()).toBe(true);
    expect(await first.getByRole('link', { name: 'client100@example.com' }).getAttribute('href')).toBe(
      'mailto:client100@example.com',
    );
    expect(await first.getByRole('link', { name: '+91 98765 43210' }).getAttribute('href')).toBe(
      'tel:+919876543210',
    );
    expect(await table.getByRole('row').count()).toBe(21);
    expect(await page.getByText('20 of 23 bookings').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Load more' }).click();
    await page.getByText('23 of 23 bookings').waitFor();
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);

    fake.state.outside = [];
    await page.reload();
    await page.getByText('No bookings fall outside the schedules.').waitFor();
    await page.goto(`${baseUrl}/admin/dashboard`);
    await page.getByRole('table', { name: 'Therapists' }).waitFor();
    expect(await page.getByText(/fall outside the schedules/).count()).toBe(0);
    await context.close();
  });

  it('has no WCAG A/AA violations on the schedule, holidays and outside-schedule screens (phone)', async () => {
    const { context, page, fake } = await open(`/admin/therapists/${THERAPIST_ID}/schedule`, PHONE);
    fake.state.outside = [outsideBooking(200)];
    await weekday(page, 'Monday').waitFor();
    await weekday(page, 'Monday').getByLabel('End (Monday, hours 1)').fill('08:00');
    await page.getByRole('button', { name: 'Save Schedule' }).click();
    await page.getByText('There is a problem').waitFor();
    expect(await violations(page), 'schedule with errors').toEqual([]);
    for (const [path, text] of [
      ['/admin/holidays', 'Diwali'],
      ['/admin/outside-schedule', 'Client 200'],
    ] as const) {
      await page.goto(`${baseUrl}${path}`);
      await page.getByText(text).first().waitFor();
      expect(await violations(page), path).toEqual([]);
    }
    await context.close();
  });
});
