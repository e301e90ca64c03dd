import { readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicDate } from './support/admin-data.ts';
import { violations } from './support/axe.ts';
import { DESKTOP, launchChromium, PHONE } from './support/browser.ts';
import { linkInMail, waitFor } from './support/mail-links.ts';
import { type OwnServer, startOwnServer } from './support/own-server.ts';

/** The page's Hindi words, as the catalogue holds them. */
const hindi = JSON.parse(
  readFileSync(new URL('../apps/web/src/i18n/hi/intake.json', import.meta.url), 'utf8'),
) as Record<string, string>;
const hi = (key: string): string => {
  const words = hindi[key];
  if (!words) throw new Error(`no Hindi words for ${key}`);
  return words;
};

const FATIMA = { id: 5, email: 'fatima.sheikh@example.com', location: 2 };
const CLINIC_EMAIL = 'contact@example.com';
const CLIENT = { name: 'E2E Intake Client', email: 'e2e.intake.client@example.com' };

/** The risk alert the server wrote (DATA_DIR/mail): to the therapist, the clinic in copy. */
async function riskAlertMail(dataDir: string): Promise<string | undefined> {
  const mailDir = path.join(dataDir, 'mail');
  for (const file of await readdir(mailDir).catch(() => [] as string[])) {
    const text = (await readFile(path.join(mailDir, file), 'utf8')).replace(/=\r?\n/g, '');
    if (text.includes('Please sign in') && text.includes(FATIMA.email) && text.includes(CLINIC_EMAIL))
      return text;
  }
  return undefined;
}

/** Books an in-person session of Fatima Sheikh 2 to 13 days ahead (whatever the hour or weekday), in Hindi. */
async function bookInHindi(server: OwnServer): Promise<{ booking_id: number; confirmation_token: string }> {
  const response = await fetch(`${server.url}/api/open-slots?therapist_id=${FATIMA.id}`);
  const slots = (await response.json()) as { date: string; start_time: string; location_id: number }[];
  const slot = slots.find(
    (open) =>
      open.location_id === FATIMA.location && open.date >= clinicDate(2) && open.date <= clinicDate(13),
  );
  if (!slot) throw new Error('Fatima Sheikh has no open slot 2 to 13 days ahead');
  const booked = await fetch(`${server.url}/confirm-booking`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      therapist_id: FATIMA.id,
      booking_date: slot.date,
      booking_time_slot_start: slot.start_time.slice(0, 5),
      client_full_name: CLIENT.name,
      client_email: CLIENT.email,
      client_mobile: '9876501234',
      client_note: null,
      terms_accepted: true,
      booking_type: 'OFFLINE',
      location_id: FATIMA.location,
      client_age: 30,
      client_session_type: 'individual',
      client_state: 'Maharashtra',
      client_city: 'Mumbai',
      client_language: 'hi',
    }),
  });
  expect(booked.status, await booked.clone().text()).toBe(201);
  return (await booked.json()) as { booking_id: number; confirmation_token: string };
}

/** Fatima's own login, through her invitation (the API's way; the browser test of issue 25 walks the page). */
async function therapistLogin(server: OwnServer): Promise<string> {
  const invited = await fetch(`${server.url}/api/admin/therapists/${FATIMA.id}/invite`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await server.token()}` },
  });
  expect(invited.status).toBe(201);
  const link = await waitFor('the invitation', () =>
    linkInMail(server.dataDir, FATIMA.email, /https?:\/\/[^\s"<>]+\/admin\/invite\/[A-Za-z0-9_-]{43}/),
  );
  const password = 'fatima-e2e-password';
  const accepted = await fetch(`${server.url}/api/admin/invites/${link.split('/admin/invite/')[1]}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password }),
  });
  expect(accepted.ok).toBe(true);
  return password;
}

/**
 * Issue 28's "must show", on a phone: the intake in Hindi from the confirmation e-mail; PHQ-9
 * item 9 answered 1 brings the crisis help on the next screen and the therapist's and clinic's
 * e-mail within a minute; the page closed midway keeps the answers; the therapist's screen
 * charts the scores and the risk badge goes once opened.
 */
describe('the intake and questionnaires, with risk answered at once', () => {
  let server: OwnServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startOwnServer({ DATA_KEY: 'e2e-intake-data-key-of-at-least-thirty-two-chars' });
    browser = await launchChromium();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('takes the intake in Hindi on a phone, shows the crisis help after item 9, alerts, and charts it for the therapist', async () => {
    const booking = await bookInHindi(server);
    const intakeUrl = await waitFor('the confirmation e-mail’s intake link', () =>
      linkInMail(server.dataDir, CLIENT.email, /https?:\/\/[^\s"<>]+\/intake\/[A-Za-z0-9_-]{43}/),
    );
    const context = await browser.newContext({ viewport: PHONE, locale: 'en-IN' });
    const page = await context.newPage();
    // The status page links the same questionnaire (the e-mail's link and the page's agree).
    const status = new URLSearchParams({
      booking_id: String(booking.booking_id),
      token: booking.confirmation_token,
    });
    await page.goto(`${server.url}/payment-status?${status}`);
    const statusLink = page.getByRole('link', { name: 'Answer a few questions before your session' });
    await statusLink.waitFor();
    expect(await statusLink.getAttribute('href')).toBe(new URL(intakeUrl).pathname);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await page.goto(intakeUrl);

    // The booking's language: Hindi, one question a screen with its progress.
    await page.getByRole('heading', { name: hi('intake.reason.label') }).waitFor();
    await page.getByText('प्रश्न 1 / 20').waitFor();
    await page.getByRole('textbox').fill('नींद नहीं आती, काम का तनाव');
    await page.getByRole('button', { name: hi('intake.next') }).click();
    await page.getByLabel(hi('intake.emergency.name')).fill('सुनीता');
    await page.getByLabel(hi('intake.emergency.mobile')).fill('98111 22334');
    await page.getByRole('button', { name: hi('intake.next') }).click();
    await page.getByLabel(hi('intake.consent.checkbox')).check();
    await page.getByRole('button', { name: hi('intake.next') }).click();
    for (let item = 1; item <= 8; item++) {
      await page.getByRole('heading', { name: hi(`intake.phq9.${item}`) }).waitFor();
      await page.getByLabel(hi('intake.answer.0'), { exact: true }).click();
    }
    await page.getByRole('heading', { name: hi('intake.phq9.9') }).waitFor();
    expect(await violations(page), 'a question on a phone').toEqual([]);
    await page.getByLabel(hi('intake.answer.1'), { exact: true }).click();

    // The next screen: the crisis help, calm, with the numbers to call.
    await page.getByRole('heading', { name: hi('intake.crisis.title') }).waitFor();
    for (const number of ['14416', '1-800-891-4416', '112'])
      expect(
        await page.locator('.intake-crisis').getByRole('link', { name: number, exact: true }).count(),
      ).toBe(1);
    expect(await violations(page), 'the crisis help').toEqual([]);

    // The therapist and the clinic are told at once, with no answers in the mail.
    const alert = await waitFor('the risk alert e-mail', () => riskAlertMail(server.dataDir), 60);
    expect(alert).toContain('/admin/login');
    for (const secret of [CLIENT.name, CLIENT.email, 'सुनीता', '9811122334'])
      expect(alert).not.toContain(secret);

    // Closed midway and opened again: the answers are kept, and it goes on where it stopped.
    await page.close();
    const again = await context.newPage();
    again.on('pageerror', (error) => errors.push(error.message));
    await again.goto(intakeUrl);
    await again.getByRole('heading', { name: hi('intake.difficulty.question') }).waitFor();
    await again.getByLabel(hi('intake.difficulty.1'), { exact: true }).click();
    for (let item = 1; item <= 7; item++) {
      await again.getByRole('heading', { name: hi(`intake.gad7.${item}`) }).waitFor();
      await again.getByLabel(hi('intake.answer.2'), { exact: true }).click();
    }
    await again.getByRole('heading', { name: hi('intake.review.title') }).waitFor();
    await again.getByRole('button', { name: hi('intake.send') }).click();
    await again.getByRole('heading', { name: hi('intake.done.title') }).waitFor();
    expect(await again.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
      PHONE.width,
    );
    await context.close();

    // The therapist: My day's badge, then the client's chart and table.
    const password = await therapistLogin(server);
    const desk = await browser.newContext({ viewport: DESKTOP, locale: 'en-IN' });
    const screen = await desk.newPage();
    screen.on('pageerror', (error) => errors.push(error.message));
    screen.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await screen.goto(`${server.url}/admin/login`);
    await screen.getByLabel('Email / Username').fill(FATIMA.email);
    await screen.getByLabel('Password').fill(password);
    await screen.getByRole('button', { name: 'Login' }).click();
    await screen.getByRole('heading', { name: 'My day', level: 1 }).waitFor();
    await screen.getByRole('button', { name: 'Next 14 days' }).click();
    const card = screen.getByRole('article').filter({ hasText: CLIENT.name });
    await card.getByText('Risk answer not yet seen').waitFor();
    // PHQ-9: 0×8 + 1 = 1 (minimal); GAD-7: 2×7 = 14 (moderate).
    await card.getByText('PHQ-9 1 (minimal) · GAD-7 14 (moderate)').waitFor();
    await card.getByRole('link', { name: 'Questionnaires' }).click();
    await screen.getByRole('heading', { name: `Questionnaires: ${CLIENT.name}` }).waitFor();
    await screen.locator('.measures-chart canvas').first().waitFor();
    expect(await screen.locator('.measures-chart canvas').count()).toBe(2);
    const row = screen.getByRole('row').filter({ hasText: '14 (moderate)' });
    await row.getByText('1 (minimal)').waitFor();
    await screen.getByText('नींद नहीं आती, काम का तनाव').waitFor();
    expect(await violations(screen), 'the client’s questionnaires').toEqual([]);
    await screen.getByRole('link', { name: 'Back to My day' }).click();
    await screen.getByRole('button', { name: 'Next 14 days' }).click();
    await card.getByText('PHQ-9 1 (minimal) · GAD-7 14 (moderate)').waitFor();
    expect(await card.getByText('Risk answer not yet seen').count()).toBe(0);
    expect(errors).toEqual([]);
    await desk.close();
  }, 240_000);
});
