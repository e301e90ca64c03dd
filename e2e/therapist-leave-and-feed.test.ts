import { runAdminCli } from '@therapy/server/test/server-process';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { violations } from './support/axe.ts';
import { launchChromium, PHONE } from './support/browser.ts';
import { type OwnServer, signedInOn, startOwnServer } from './support/own-server.ts';

/*
 * Issue 25, parts 5 and 6 in the browser: a therapist on a phone asks for leave and finds the
 * calendar address; a superadmin sees the waiting request in the sidebar and approves it; the
 * therapist sees it approved. On a server of its own (its own leave and logins).
 */

const THERAPIST = { email: 'priya.therapist@example.com', password: 'priya-long-password' };

/** A date `days` after today in the clinic's zone (the server's clock is the real one). */
function clinicDate(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

describe("a therapist's leave and calendar, and the superadmin's leave requests", () => {
  let browser: Browser;
  let server: OwnServer;

  beforeAll(async () => {
    [browser, server] = await Promise.all([launchChromium(), startOwnServer()]);
    const created = await runAdminCli(
      ['create', '--email', THERAPIST.email, '--password', THERAPIST.password, '--therapist', '3'],
      { DATA_DIR: server.dataDir },
    );
    expect(created.code, created.stdout + created.stderr).toBe(0);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('asks for leave on a phone, is approved by a superadmin, and sees the outcome', async () => {
    const therapist = await browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
    const page = await therapist.newPage();
    await page.goto(`${server.url}/admin/login`);
    await page.getByLabel('Email / Username').fill(THERAPIST.email);
    await page.getByLabel('Password').fill(THERAPIST.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${server.url}/admin/my-day`);
    // From My day, by the therapist's own navigation.
    await page
      .getByRole('navigation', { name: 'Your pages' })
      .getByRole('link', { name: 'Leave and calendar' })
      .click();
    await page.waitForURL(`${server.url}/admin/my-leave`);
    await page.getByRole('heading', { level: 1, name: 'Leave and calendar' }).waitFor();
    await page.getByText('You have not asked for leave yet.').waitFor();

    // A start in the past is refused with the server's reason.
    await page.getByLabel('First day').fill(clinicDate(-1));
    await page.getByLabel('Last day').fill(clinicDate(1));
    await page.getByRole('button', { name: 'Send request' }).click();
    await page.getByRole('alert').filter({ hasText: 'leave cannot start in the past' }).waitFor();

    await page.getByLabel('First day').fill(clinicDate(10));
    await page.getByLabel('Last day').fill(clinicDate(12));
    await page.getByLabel(/^Reason/).fill('Training course');
    await page.getByRole('button', { name: 'Send request' }).click();
    await page.getByText('Your request was sent. You will see the decision here.').waitFor();
    const mine = page.getByRole('region', { name: 'Your requests' }).getByRole('listitem');
    await mine.filter({ hasText: 'Training course' }).filter({ hasText: 'Waiting' }).waitFor();

    // The calendar address, which a calendar can read.
    const address = page.getByLabel('Subscription address');
    await expect.poll(() => address.inputValue()).toMatch(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const feed = await fetch(await address.inputValue());
    expect(feed.status).toBe(200);
    expect(await feed.text()).toContain('BEGIN:VCALENDAR');
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(PHONE.width);
    await page.waitForLoadState('networkidle');
    expect(await violations(page), 'Leave and calendar').toEqual([]);

    // The superadmin: the sidebar says one waits; approving makes the leave.
    const owner = await signedInOn(browser, server);
    const desk = await owner.newPage();
    await desk.goto(`${server.url}/admin/dashboard`);
    const link = desk
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: /Leave requests/ });
    await expect.poll(() => link.textContent()).toBe('Leave requests1 waiting');
    await link.click();
    await desk.getByRole('heading', { level: 1, name: 'Leave requests' }).waitFor();
    const row = desk.getByRole('row').filter({ hasText: 'Training course' });
    await row.getByRole('button', { name: 'Approve' }).click();
    const dialog = desk.getByRole('dialog', { name: 'Approve this leave?' });
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await desk.getByText(/^Leave approved\./).waitFor();
    await desk.getByText('No leave request is waiting for a decision.').waitFor();
    await expect.poll(() => link.textContent()).toBe('Leave requests');
    await desk.waitForLoadState('networkidle');
    expect(await violations(desk), 'Leave requests').toEqual([]);

    // In Hindi, this screen only.
    await desk.getByRole('button', { name: 'हिन्दी' }).click();
    await desk.getByRole('heading', { level: 1, name: 'छुट्टी के अनुरोध' }).waitFor();
    await owner.close();

    await page.reload();
    await mine.filter({ hasText: 'Training course' }).filter({ hasText: 'Approved' }).waitFor();
    await therapist.close();
  }, 180_000);
});
