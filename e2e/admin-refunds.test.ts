import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminBooking, clinicDate } from './support/admin-data.ts';
import {
  openDashboard,
  signedInContext,
  signInAsStaffThroughForm,
  watchErrors,
} from './support/admin-session.ts';
import { DESKTOP, launchChromium } from './support/browser.ts';
import { createPaidOnlineBooking } from './support/report-data.ts';
import { serverUrl } from './support/server.ts';

// Karan Singh (online, ₹800) late on the last day of the window, which the other tests leave alone.
const KARAN_SINGH = 8;
const CLIENT = 'E2E Refund Client';

describe('refunds on the admin dashboard', () => {
  let browser: Browser;
  let id: number;

  beforeAll(async () => {
    browser = await launchChromium();
    // Paid online on the sandbox payment page, and confirmed, as a visitor would.
    ({ id } = await createPaidOnlineBooking({
      therapistId: KARAN_SINGH,
      date: clinicDate(14),
      start: '16:00',
      name: CLIENT,
    }));
  });
  afterAll(() => browser.close());

  const toast = (page: Page, text: string | RegExp) => page.getByRole('status').getByText(text);
  const row = (page: Page) =>
    page.getByRole('region', { name: 'All Bookings' }).getByRole('row').filter({ hasText: CLIENT });
  const notice = (page: Page) => page.getByRole('region', { name: /^1 paid booking needs a refund$/ });

  it('marks a paid online booking "Refund due" once an admin cancels it, with a notice', async () => {
    const context = await signedInContext(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await openDashboard(page);
    await row(page).getByText('Completed', { exact: true }).waitFor();
    expect(await row(page).getByText('Refund due').count()).toBe(0);

    await row(page)
      .getByRole('button', { name: `Cancel booking ${id}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Cancel booking' });
    await dialog.getByRole('button', { name: 'Cancel Booking' }).click();
    await toast(
      page,
      `Booking ${id} cancelled successfully. It was paid online: its payment is now due for a refund.`,
    ).waitFor();

    await row(page).getByText('Refund due', { exact: true }).waitFor();
    expect(await row(page).getByText('Cancelled', { exact: true }).isVisible()).toBe(true);
    await notice(page).waitFor();
    expect(await notice(page).getByText(`Booking ${id} · ${CLIENT}`).isVisible()).toBe(true);
    expect(
      await notice(page)
        .getByText(/^₹800\.00 paid · session /)
        .isVisible(),
    ).toBe(true);
    expect((await adminBooking(id))?.needs_refund).toBe(true);

    // The notice and the marked row pass WCAG 2.1 A and AA, as every screen does (accessibility.test.ts).
    const axe = await new AxeBuilder({ page })
      .include('.admin-refunds')
      .include('[aria-labelledby="all-bookings-heading"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(axe.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows an admin who is not a superadmin the refund due, without a Refund button', async () => {
    const baseUrl = serverUrl();
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await signInAsStaffThroughForm(page, baseUrl);
    await row(page).getByText('Refund due', { exact: true }).waitFor();
    await notice(page).getByText('A superadmin can refund it from this dashboard.').waitFor();
    expect(await page.getByRole('button', { name: `Refund booking ${id}` }).count()).toBe(0);
    await context.close();
  });

  it('refunds it through the confirm dialog, naming the amount and the client, and shows it refunded', async () => {
    const context = await signedInContext(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await openDashboard(page);
    const refund = row(page).getByRole('button', { name: `Refund booking ${id}` });

    // Not now: nothing happens.
    await refund.click();
    const dialog = page.getByRole('dialog', { name: 'Refund payment' });
    await dialog.getByText(new RegExp(`^Refund ₹800\\.00 to ${CLIENT} for booking ${id}\\?`)).waitFor();
    await dialog.getByRole('button', { name: 'Not Now' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await adminBooking(id))?.needs_refund).toBe(true);

    await refund.click();
    await dialog.getByRole('button', { name: 'Refund ₹800.00' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const done = toast(
      page,
      new RegExp(`^Refund of ₹800\\.00 issued for booking ${id} \\(refund rfnd_\\w+\\)\\.$`),
    );
    await done.waitFor();

    const booking = await adminBooking(id);
    expect(booking).toMatchObject({ needs_refund: false, refund_status: 'processed' });
    const refundId = booking?.refund_id as string;
    expect(refundId).toMatch(/^rfnd_/);
    expect(await done.textContent()).toContain(refundId);
    await row(page).getByText('Refunded', { exact: true }).waitFor();
    expect(await row(page).getByText(refundId).isVisible()).toBe(true);
    expect(await row(page).getByText('Refund due').count()).toBe(0);
    expect(await refund.count()).toBe(0);
    expect(await page.getByRole('region', { name: /need(s)? a refund$/ }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
