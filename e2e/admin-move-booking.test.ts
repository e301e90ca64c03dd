import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookInPerson, heldSlots, openSlotSet } from './support/admin-data.ts';
import { openDashboard, signedInContext, watchErrors } from './support/admin-session.ts';
import { violations } from './support/axe.ts';
import { DESKTOP, launchChromium, PHONE } from './support/browser.ts';
import { EAST_BRANCH, FATIMA_SHEIKH, twoOpenDays } from './support/manage-data.ts';
import { pickStripDate, time12 } from './support/offered-slots.ts';
import { serverDataDir } from './support/server.ts';

/** The e-mail the server wrote (DATA_DIR/mail, no SMTP_URL) to `to` whose subject starts so. */
async function mailTo(to: string, subject: string) {
  const mailDir = path.join(serverDataDir(), 'mail');
  for (const file of await readdir(mailDir).catch(() => [] as string[])) {
    const email = await PostalMime.parse(await readFile(path.join(mailDir, file), 'utf8'));
    if (email.to?.some((address) => address.address === to) && email.subject?.startsWith(subject)) {
      return email;
    }
  }
  return undefined;
}

async function eventually<T>(what: string, read: () => Promise<T | undefined>, seconds = 30): Promise<T> {
  for (let tries = 0; tries < seconds * 2; tries += 1) {
    const found = await read();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`waited ${seconds} s for ${what}`);
}

/** Whether `inner`'s box lies inside `outer`'s, and inside the window's width. */
async function inside(page: Page, inner: Locator, outer: Locator): Promise<boolean> {
  const [a, b] = [await inner.boundingBox(), await outer.boundingBox()];
  const width = page.viewportSize()?.width ?? 0;
  if (!a || !b) return false;
  return a.x >= b.x && a.y >= b.y && a.x + a.width <= b.x + b.width && a.y + a.height <= b.y + b.height
    ? a.x >= 0 && a.x + a.width <= width
    : false;
}

describe('the front desk moves a booking for a client who calls', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser.close());

  it('on a phone: Move on the row, a new time, the client’s e-mail with the updated invite, the old slot free', async () => {
    const [booked, target] = await twoOpenDays(4);
    const client = { name: 'E2E Desk Move Client', email: 'e2e.desk.move@example.com' };
    const { booking_id: id } = await bookInPerson({
      therapistId: FATIMA_SHEIKH,
      locationId: EAST_BRANCH,
      ...booked,
      ...client,
    });
    // No transitions: axe reads the chosen time's colours settled, not 120 ms into their change.
    const context = await signedInContext(browser, { viewport: PHONE, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await openDashboard(page);

    // The booking's card keeps Messages inside it on a phone.
    const messages = page.getByRole('button', { name: `Messages for booking ${id}`, exact: true });
    const card = page.locator('tr', { has: messages });
    await messages.waitFor();
    expect(await inside(page, messages, card), 'Messages inside its card').toBe(true);

    await page.getByRole('button', { name: `Move booking ${id}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Move booking ${id}` });
    await dialog.waitFor();
    // Focus is trapped in the dialog, labelled by its title.
    expect(await page.evaluate("document.activeElement?.closest('dialog') != null")).toBe(true);
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width, 'the dialog fits the phone').toBe(true);
    // Escape closes it and nothing moves.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: `Move booking ${id}`, exact: true }).click();
    await dialog.waitFor();

    await pickStripDate(dialog, target.date);
    await dialog.getByRole('button', { name: time12(target.start), exact: true }).click();
    await dialog.getByText(/^New time: /).waitFor();
    expect(await violations(page), 'the Move dialog with a time chosen').toEqual([]);
    // Tab goes round inside the dialog, never to the page behind it.
    for (let presses = 0; presses < 20; presses += 1) await page.keyboard.press('Tab');
    expect(await page.evaluate("document.activeElement?.closest('dialog') != null")).toBe(true);
    await dialog.getByRole('button', { name: 'Move booking', exact: true }).click();
    await page.getByRole('status').getByText(`Booking ${id} moved to`).waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // The client's e-mail names the new time and carries the updated invite.
    const email = await eventually('the client’s e-mail', () => mailTo(client.email, 'Booking moved'));
    expect(`${email.subject} ${email.text ?? email.html}`).toContain(time12(target.start).split(' ')[0]);
    const invite = email.attachments.find((attachment) => attachment.mimeType === 'text/calendar');
    const ics = (
      typeof invite?.content === 'string' ? invite.content : new TextDecoder().decode(invite?.content)
    ).replace(/\r?\n[ \t]/g, '');
    expect(ics).toContain(
      `DTSTART;TZID=Asia/Kolkata:${target.date.replace(/-/g, '')}T${target.start.replace(':', '')}00`,
    );
    expect(ics).toMatch(/SEQUENCE:[1-9]/);

    // The old slot is free again: the wizard offers it, the new one is held.
    const held = await heldSlots(FATIMA_SHEIKH);
    expect(held).toContain(`${target.date} ${target.start}`);
    expect(held).not.toContain(`${booked.date} ${booked.start}`);
    expect(await openSlotSet(FATIMA_SHEIKH, EAST_BRANCH)).toContain(`${booked.date} ${booked.start}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a time taken meanwhile shows the server’s words and keeps the dialog open', async () => {
    const [booked, target] = await twoOpenDays(6);
    const { booking_id: id } = await bookInPerson({
      therapistId: FATIMA_SHEIKH,
      locationId: EAST_BRANCH,
      ...booked,
      name: 'E2E Desk Taken Client',
    });
    const context = await signedInContext(browser, { viewport: DESKTOP });
    const page = await context.newPage();
    await page.route('**/api/admin/bookings/*/reschedule', (route) =>
      route.fulfill({
        status: 409,
        json: { detail: 'That time has just been booked. Please choose another.' },
      }),
    );
    await openDashboard(page);
    await page.getByRole('button', { name: `Move booking ${id}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Move booking ${id}` });
    await pickStripDate(dialog, target.date);
    await dialog.getByRole('button', { name: time12(target.start), exact: true }).click();
    await dialog.getByRole('button', { name: 'Move booking', exact: true }).click();
    await dialog
      .getByRole('alert')
      .getByText('That time has just been booked. Please choose another.')
      .waitFor();
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Move booking', exact: true }).isDisabled()).toBe(true);
    expect(await heldSlots(FATIMA_SHEIKH)).toContain(`${booked.date} ${booked.start}`);
    await context.close();
  });

  it('from the day panel: a booked slot names its client and offers Move', async () => {
    const [booked] = await twoOpenDays(8);
    const { booking_id: id } = await bookInPerson({
      therapistId: FATIMA_SHEIKH,
      locationId: EAST_BRANCH,
      ...booked,
      name: 'E2E Day Panel Client',
    });
    const context = await signedInContext(browser, { viewport: DESKTOP });
    const page = await context.newPage();
    await openDashboard(page);
    await page.getByRole('button', { name: 'View availability of Fatima Sheikh' }).click();
    const panel = page.getByRole('region', { name: 'Availability' });
    await panel.getByLabel('Date').selectOption(booked.date);
    await panel.getByText('E2E Day Panel Client').waitFor();
    await panel.getByRole('button', { name: `Move booking ${id}`, exact: true }).click();
    await page.getByRole('dialog', { name: `Move booking ${id}` }).waitFor();
    await context.close();
  });
});

describe('the dashboard on a phone and as it stays open', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser.close());

  it('keeps each therapist’s View on screen with its label, 390 px wide', async () => {
    const context = await signedInContext(browser, { viewport: PHONE });
    const page = await context.newPage();
    await openDashboard(page);
    const view = page.getByRole('button', { name: 'View availability of Fatima Sheikh' });
    expect(await view.textContent()).toBe('View');
    const box = await view.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width, `View at ${JSON.stringify(box)}`).toBe(
      true,
    );
    await context.close();
  });

  it('keeps Messages inside each booking’s card, in All Bookings and the therapist’s sessions', async () => {
    const [slot] = await twoOpenDays(12);
    const { booking_id: id } = await bookInPerson({
      therapistId: FATIMA_SHEIKH,
      locationId: EAST_BRANCH,
      ...slot,
      name: 'E2E Card Client',
    });
    for (const viewport of [PHONE, DESKTOP]) {
      const context = await signedInContext(browser, { viewport });
      const page = await context.newPage();
      await openDashboard(page);
      await page.getByRole('button', { name: 'View availability of Fatima Sheikh' }).click();
      for (const list of ['All bookings', 'Booked sessions of Fatima Sheikh']) {
        const name = `Messages for booking ${id}`;
        const card = page
          .getByRole('region', { name: list, exact: true })
          .locator('tr', { has: page.getByRole('button', { name, exact: true }) });
        const messages = card.getByRole('button', { name, exact: true });
        await messages.waitFor();
        await messages.scrollIntoViewIfNeeded();
        expect(
          await inside(page, messages, card),
          `Messages in its card: ${list}, ${viewport.width} px`,
        ).toBe(true);
      }
      await context.close();
    }
  });

  it('shows a booking made on the public site meanwhile, without a reload', async () => {
    const context = await signedInContext(browser, { viewport: DESKTOP });
    const page = await context.newPage();
    await openDashboard(page);
    const allBookings = page.getByRole('region', { name: 'All Bookings' });
    await allBookings.getByRole('table').waitFor();
    const [slot] = await twoOpenDays(10);
    await bookInPerson({
      therapistId: FATIMA_SHEIKH,
      locationId: EAST_BRANCH,
      ...slot,
      name: 'E2E Meanwhile Client',
    });
    // Clicking Dashboard again reloads the lists (focus, visibility and a timer do too).
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Dashboard' }).click();
    await allBookings.getByText('E2E Meanwhile Client').waitFor({ timeout: 10_000 });
    await context.close();
  });
});
