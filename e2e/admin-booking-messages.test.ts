import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookInPerson, clinicDate } from './support/admin-data.ts';
import { openDashboard, signedInContext, watchErrors } from './support/admin-session.ts';
import { launchChromium } from './support/browser.ts';
import { EAST_BRANCH, FATIMA_SHEIKH, twoOpenDays } from './support/manage-data.ts';
import { serverUrl } from './support/server.ts';

describe('the admin’s list of what was sent to a booking’s client', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser.close());

  it('shows the admin what was sent to the client about a booking', async () => {
    const [booked] = await twoOpenDays();
    const booking = await bookInPerson({
      therapistId: FATIMA_SHEIKH,
      locationId: EAST_BRANCH,
      ...booked,
      name: 'E2E Messages Client',
    });
    const context = await signedInContext(browser);
    const admin = await context.newPage();
    const adminErrors = watchErrors(admin);
    await openDashboard(admin);
    const all = admin.getByRole('region', { name: 'All Bookings' });
    await all.getByRole('button', { name: `Messages for booking ${booking.booking_id}` }).click();
    const messages = admin.getByRole('dialog', { name: `Booking ${booking.booking_id}` });
    await messages.getByRole('heading', { name: 'Messages to the client' }).waitFor();
    // The confirmation e-mail, once the server has logged it (or the empty state before then).
    await messages
      .getByText(/Confirmation · E-mail|No messages sent yet\./)
      .first()
      .waitFor();
    expect(await messages.getByText('Failed to load the messages.').count()).toBe(0);
    expect(adminErrors).toEqual([]);
    await context.close();
  });

  it('pages the admin back through older messages, failures in words', async () => {
    const [booked] = await twoOpenDays();
    const booking = await bookInPerson({
      therapistId: FATIMA_SHEIKH,
      locationId: EAST_BRANCH,
      ...booked,
      name: 'E2E Older Messages Client',
    });
    const message = (id: number, changes: Record<string, unknown>) => ({
      id,
      kind: 'confirmation',
      channel: 'email',
      status: 'sent',
      detail: null,
      attempts: 1,
      created_at: '2026-11-20T04:30:00.000Z',
      updated_at: '2026-11-20T04:30:00.000Z',
      ...changes,
    });
    const context = await signedInContext(browser);
    const admin = await context.newPage();
    // The message log as the server pages it: the newest two, then the oldest one.
    await admin.route('**/api/admin/bookings/*/messages*', (route) => {
      const older = new URL(route.request().url()).searchParams.get('cursor') === 'page-2';
      const items = older
        ? [message(1, {})]
        : [
            message(3, {
              kind: 'reminder',
              channel: 'whatsapp',
              status: 'failed',
              detail: 'Template not approved',
            }),
            message(2, { kind: 'reminder', detail: '24h', status: 'unknown' }),
          ];
      return route.fulfill({ json: { items, next_cursor: older ? null : 'page-2' } });
    });
    await openDashboard(admin);
    const all = admin.getByRole('region', { name: 'All Bookings' });
    await all.getByRole('button', { name: `Messages for booking ${booking.booking_id}` }).click();
    const messages = admin.getByRole('dialog', { name: `Booking ${booking.booking_id}` });
    await messages.getByText('Reminder · WhatsApp').waitFor();
    expect(await messages.getByText('Failed: Template not approved').isVisible()).toBe(true);
    expect(await messages.getByText('Reminder (24h) · E-mail').isVisible()).toBe(true);
    expect(await messages.getByText('Not sure it was sent (server stopped while sending)').isVisible()).toBe(
      true,
    );
    await messages.getByRole('button', { name: 'Show older' }).click();
    await messages.getByText('Confirmation · E-mail').waitFor();
    // The clinic's time: 04:30 UTC is 10:00 in India.
    expect(await messages.locator('time').last().textContent()).toContain('10:00');
    expect(await messages.getByRole('button', { name: 'Show older' }).count()).toBe(0);
    await context.close();
  });

  it('shows them on the booking in the calendar’s day dialog too', async () => {
    const [booked] = await twoOpenDays(5);
    await bookInPerson({
      therapistId: FATIMA_SHEIKH,
      locationId: EAST_BRANCH,
      ...booked,
      name: 'E2E Calendar Messages Client',
    });
    const context = await signedInContext(browser);
    const admin = await context.newPage();
    const adminErrors = watchErrors(admin);
    await admin.goto(`${serverUrl()}/admin/calendar`);
    const day = new Intl.DateTimeFormat('en-US', {
      timeZone: 'UTC',
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
    }).format(new Date(`${booked.date}T00:00:00Z`));
    const dayButton = admin.getByRole('button', { name: new RegExp(`^${day},`) });
    await admin.getByRole('button', { name: 'Next month' }).waitFor();
    if (booked.date.slice(0, 7) !== clinicDate(0).slice(0, 7)) {
      await admin.getByRole('button', { name: 'Next month' }).click();
    }
    await dayButton.click();
    const dialog = admin.getByRole('dialog', { name: `Events on ${day}` });
    const event = dialog.getByRole('listitem').filter({ hasText: 'E2E Calendar Messages Client' });
    await event.getByText('Messages to the client').click();
    await event.getByRole('heading', { name: 'Messages to the client' }).waitFor();
    await event
      .getByText(/Confirmation · E-mail|No messages sent yet\./)
      .first()
      .waitFor();
    expect(adminErrors).toEqual([]);
    await context.close();
  });
});
