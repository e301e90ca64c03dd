import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type ServerProcess, startServerProcess } from '@therapy/server/test/server-process';
import { seedEmbeddedDatabase } from '@therapy/server/test/test-images';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchChromium } from './support/browser.ts';

// A session can be marked once it has started, and a booking can only be made before. So the
// bookings are made while the clinic's zone is 11 hours behind UTC, and the screens are used after
// a restart 14 hours ahead: every slot of the next 25 hours has then started (the data stay put).
const ZONE_BEHIND = 'Pacific/Pago_Pago';
const ZONE_AHEAD = 'Pacific/Kiritimati';
const ADMIN = { email: 'desk-admin@example.com', password: 'desk-admin-password' };
const FATIMA_SHEIKH = 5; // in person at the East Branch (2), ₹1,800
const EAST_BRANCH = 2;
const WALK_IN = 'E2E Walk-in Client';
const NO_SHOW = 'E2E No-show Client';

const dateIn = (zone: string, days = 0) => {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
};

describe('the front desk: a walk-in pays cash, a no-show is marked', () => {
  let dataDir: string;
  let server: ServerProcess;
  let browser: Browser;
  const ids: Record<string, number> = {};

  const start = (zone: string) =>
    startServerProcess({
      DATA_DIR: dataDir,
      WEB_DIST_DIR: inject('webDistDir'),
      CLINIC_TIMEZONE: zone,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    });

  /** Books the first free in-person slot of today or tomorrow (the clinic's, zone behind). */
  async function bookFirstFreeSlot(name: string): Promise<number> {
    for (const date of [dateIn(ZONE_BEHIND), dateIn(ZONE_BEHIND, 1)]) {
      for (const hour of [9, 10, 11, 12, 13, 14, 15, 16, 17]) {
        const response = await fetch(`${server.url}/confirm-booking`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            therapist_id: FATIMA_SHEIKH,
            booking_date: date,
            booking_time_slot_start: `${String(hour).padStart(2, '0')}:00`,
            client_full_name: name,
            client_email: 'e2e.desk@example.com',
            client_mobile: '9876543210',
            client_note: null,
            terms_accepted: true,
            booking_type: 'OFFLINE',
            location_id: EAST_BRANCH,
            client_age: 34,
            client_session_type: 'individual',
            client_state: 'Maharashtra',
            client_city: 'Mumbai',
          }),
        });
        if (response.status === 201) return ((await response.json()) as { booking_id: number }).booking_id;
      }
    }
    throw new Error(`no free slot for ${name}`);
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'therapy-e2e-desk-'));
    // A copy of the run's migrated database (ADR 050): this test is not about initdb.
    await seedEmbeddedDatabase(dataDir);
    server = await start(ZONE_BEHIND);
    ids.walkIn = await bookFirstFreeSlot(WALK_IN);
    ids.noShow = await bookFirstFreeSlot(NO_SHOW);
    await server.stop();
    server = await start(ZONE_AHEAD);
    browser = await launchChromium();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const row = (page: Page, client: string) =>
    page.getByRole('region', { name: 'All Bookings' }).getByRole('row').filter({ hasText: client });
  const toast = (page: Page, text: string) => page.getByRole('status').getByText(text);

  async function signIn(page: Page) {
    await page.goto(`${server.url}/admin/login`);
    await page.getByLabel('Email / Username').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    // A superadmin lands on the overview (issue 29); the front desk's work starts on the dashboard.
    await page.waitForURL(`${server.url}/admin/overview`);
    await page.goto(`${server.url}/admin/dashboard`);
  }

  it('records a cash payment for a walk-in, and the Income screen shows it', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signIn(page);
    const id = ids.walkIn!;
    await row(page, WALK_IN).getByText('Pending', { exact: true }).waitFor();

    await row(page, WALK_IN)
      .getByRole('button', { name: `Record Payment for booking ${id}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Record Payment for booking ${id}` });
    expect(await dialog.getByLabel('Amount (₹)').inputValue()).toBe('1800.00');
    // A wrong amount is shown in the dialog and nothing is sent.
    await dialog.getByLabel('Amount (₹)').fill('0');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Amount must be more than 0').waitFor();
    // Focus moves to the amount, whose description is the error a screen reader then reads.
    const amountField = dialog.getByLabel('Amount (₹)');
    expect(await page.locator(':focus').getAttribute('id')).toBe(await amountField.getAttribute('id'));
    expect(await amountField.getAttribute('aria-invalid')).toBe('true');
    const describedBy = ((await amountField.getAttribute('aria-describedby')) ?? '')
      .split(' ')
      .filter(Boolean);
    const descriptions = await Promise.all(
      describedBy.map((id) => page.locator(`[id="${id}"]`).textContent()),
    );
    expect(descriptions.join(' ')).toContain('Amount must be more than 0');
    await dialog.getByLabel('Amount (₹)').fill('1800');
    await dialog.getByLabel('Method').selectOption('cash');
    await dialog.getByLabel('Reference').fill('Receipt 0042');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, `Payment of ₹1,800.00 (Cash) recorded for booking ${id}.`).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await row(page, WALK_IN).getByText('Paid by Cash').waitFor();
    expect(await row(page, WALK_IN).getByText('Completed', { exact: true }).isVisible()).toBe(true);
    expect(
      await row(page, WALK_IN)
        .getByRole('button', { name: /^Record Payment/ })
        .count(),
    ).toBe(0);
    // The superadmin may undo it (done below, once the Income screen has shown it).
    expect(
      await row(page, WALK_IN)
        .getByRole('button', { name: `Undo Payment for booking ${id}` })
        .isVisible(),
    ).toBe(true);

    await page.goto(`${server.url}/admin/Income`);
    const total = page.locator('.report-summary__item').filter({ hasText: 'Total Collected' });
    await total.getByText('₹1,800.00').waitFor();
    const transaction = page
      .getByRole('region', { name: 'All Transactions' })
      .getByRole('row')
      .filter({ hasText: WALK_IN });
    await transaction.getByText('₹1,800.00').waitFor();
    expect(await transaction.getByText(/^C-\d+ \(CASH\)$/).isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lets the superadmin undo the recorded payment, after a confirmation', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await signIn(page);
    const id = ids.walkIn!;
    await row(page, WALK_IN).getByText('Paid by Cash').waitFor();
    await row(page, WALK_IN)
      .getByRole('button', { name: `Undo Payment for booking ${id}` })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Undo payment' });
    await confirm.getByRole('button', { name: 'Undo Payment' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await row(page, WALK_IN).getByText('Pending', { exact: true }).waitFor();
    expect(await row(page, WALK_IN).getByText('Paid by Cash').count()).toBe(0);
    expect(await row(page, WALK_IN).getByText('Completed', { exact: true }).count()).toBe(0);
    // Pending again, so the desk can record the right payment.
    expect(
      await row(page, WALK_IN)
        .getByRole('button', { name: `Record Payment for booking ${id}` })
        .isVisible(),
    ).toBe(true);
    await context.close();
  });

  it('marks a started session No-show and shows it with what the terms charge', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await signIn(page);
    const id = ids.noShow!;
    await row(page, NO_SHOW)
      .getByRole('button', { name: `Mark No-show booking ${id}` })
      .click();
    await toast(page, `Booking ${id} marked No-show.`).waitFor();
    await row(page, NO_SHOW).getByText('No-show', { exact: true }).waitFor();
    expect(await row(page, NO_SHOW).getByText('No-show — charged per terms: full fee').isVisible()).toBe(
      true,
    );
    // Shown, never applied: still pending, same amount.
    expect(await row(page, NO_SHOW).getByText('Pending', { exact: true }).isVisible()).toBe(true);
    expect(await row(page, NO_SHOW).getByText('₹1,800.00').isVisible()).toBe(true);
    // The mark can be changed.
    expect(
      await row(page, NO_SHOW)
        .getByRole('button', { name: `Mark Attended booking ${id}` })
        .isVisible(),
    ).toBe(true);
    await context.close();
  });
});
