import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type ServerProcess, startServerProcess } from '@therapy/server/test/server-process';
import { seedEmbeddedDatabase } from '@therapy/server/test/test-images';
import { seedTherapistSession } from '@therapy/server/test/therapist-day-seed';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { violations } from './support/axe.ts';
import { launchChromium, PHONE } from './support/browser.ts';
import { linkInMail, waitFor } from './support/mail-links.ts';

const ADMIN = { email: 'therapist-e2e-boss@example.com', password: 'therapist-e2e-password' };
const DATA_KEY = 'e2e-data-key-of-at-least-thirty-two-characters!';
const ZONE = 'Asia/Kolkata';
const ASHA = { id: 1, email: 'asha.menon@example.com' };
const CLIENT = 'E2E Therapist Client';
const NOTE = 'Talked about sleep; try the breathing exercise.';

/** The invitation's link from the e-mail the server wrote (DATA_DIR/mail, no SMTP_URL). */
const inviteLink = (dataDir: string) =>
  linkInMail(dataDir, ASHA.email, /https?:\/\/[^\s"<>]+\/admin\/invite\/[A-Za-z0-9_-]{43}/);

/**
 * Issue 25, as a therapist would meet it on a phone: the superadmin's invitation e-mail, its link
 * sets a password, the sign-in lands on My day, a note is written and the session marked Attended.
 * The session is today at 00:00 in the clinic's zone, so it has begun whatever the hour.
 */
describe("a therapist's day on a phone", () => {
  let dataDir: string;
  let server: ServerProcess;
  let browser: Browser;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'therapy-e2e-therapist-'));
    await seedEmbeddedDatabase(dataDir);
    const start = () =>
      startServerProcess({
        DATA_DIR: dataDir,
        WEB_DIST_DIR: inject('webDistDir'),
        CLINIC_TIMEZONE: ZONE,
        DATA_KEY,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
      });
    // The first start loads the demo clinic; the session is written in while no server runs.
    server = await start();
    await server.stop();
    await seedTherapistSession(dataDir, {
      timeZone: ZONE,
      dataKey: DATA_KEY,
      therapistId: ASHA.id,
      client: CLIENT,
      note: 'Worried about work',
    });
    server = await start();
    browser = await launchChromium();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('follows the invitation, sets a password, lands on My day, writes a note and marks Attended', async () => {
    const login = await fetch(`${server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: ADMIN.email, password: ADMIN.password }),
    });
    const { access_token } = (await login.json()) as { access_token: string };
    const invited = await fetch(`${server.url}/api/admin/therapists/${ASHA.id}/invite`, {
      method: 'POST',
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(invited.status).toBe(201);
    const link = await waitFor('the invitation e-mail', () => inviteLink(dataDir));
    const token = link.split('/admin/invite/')[1]!;

    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${server.url}/admin/invite/${token}`);
    await page.getByRole('heading', { name: 'Set your password' }).waitFor();
    expect(await violations(page), 'Set your password').toEqual([]);
    await page.getByLabel('New password').fill('asha-new-password');
    await page.getByLabel('Repeat the password').fill('asha-new-password');
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByText(`Sign in with ${ASHA.email} and your new password.`).waitFor();
    await page.getByRole('link', { name: 'Go to sign-in' }).click();

    await page.getByLabel('Email / Username').fill(ASHA.email);
    await page.getByLabel('Password').fill('asha-new-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${server.url}/admin/my-day`);
    await page.getByRole('heading', { name: 'My day', level: 1 }).waitFor();
    const card = page.getByRole('article').filter({ hasText: CLIENT });
    await card.getByText('First session').waitFor();
    await card.getByText('Worried about work').waitFor();
    await card.getByText('Online', { exact: true }).waitFor();
    // No admin screen for a therapist: its sidebar is not there.
    expect(await page.getByRole('link', { name: 'Dashboard' }).count()).toBe(0);

    await card.getByRole('button', { name: 'Session note' }).click();
    await card.getByLabel('Your note (only you can read it)').fill(NOTE);
    await card.getByRole('button', { name: 'Save note' }).click();
    await card.getByText('Saved (version 1).').waitFor();
    expect(await violations(page), 'My day with a note open').toEqual([]);

    await card.getByRole('button', { name: 'Attended' }).click();
    await card.getByText('Marked: Attended').waitFor();

    // As the server keeps them: the page read again shows the note written and the mark.
    await page.reload();
    const again = page.getByRole('article').filter({ hasText: CLIENT });
    await again.getByRole('button', { name: 'Session note (written)' }).click();
    expect(await again.getByLabel('Your note (only you can read it)').inputValue()).toBe(NOTE);
    expect(await again.getByRole('button', { name: 'Attended' }).getAttribute('aria-pressed')).toBe('true');
    // A phone's width: nothing wider than the screen.
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
      PHONE.width,
    );
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
