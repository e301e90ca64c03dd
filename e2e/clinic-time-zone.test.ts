import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type ServerProcess, startServerProcess } from '@therapy/server/test/server-process';
import { seedEmbeddedDatabase } from '@therapy/server/test/test-images';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chooseSessionType, chooseTherapist } from './support/booking-wizard.ts';
import { DESKTOP, launchChromium } from './support/browser.ts';

// UTC-12 and UTC+14 (the Etc/GMT signs are inverted): 26 hours apart, so their calendar dates
// always differ. The clinic is in the first, the visitor's browser in the second.
const CLINIC_ZONE = 'Etc/GMT+12';
const BROWSER_ZONE = 'Etc/GMT-14';

/** 'YYYY-MM-DD' of an instant in a zone, by Intl (not by the app's own code). */
const dateIn = (zone: string, instant: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);

const addDays = (isoDate: string, days: number) =>
  new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** 'HH:MM' as the slot grid shows it: '9:00 AM'. */
function time12(time: string): string {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return `${hours % 12 || 12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** How the date strip labels a date: 'Sun 22 Nov'. */
function stripLabel(isoDate: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric' })
      .formatToParts(new Date(`${isoDate}T00:00:00Z`))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.weekday} ${parts.day} ${parts.month}`;
}

describe(`the wizard of a clinic in ${CLINIC_ZONE}, opened in a browser in ${BROWSER_ZONE}`, () => {
  let server: ServerProcess;
  let dataDir: string;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'therapy-e2e-zone-'));
    // A copy of the run's migrated database (ADR 050): this test is not about initdb.
    await seedEmbeddedDatabase(dataDir);
    // A server of its own (the shared one runs in the default zone), serving this run's build.
    server = await startServerProcess({
      DATA_DIR: dataDir,
      WEB_DIST_DIR: inject('webDistDir'),
      CLINIC_TIMEZONE: CLINIC_ZONE,
      ADMIN_EMAIL: 'zone-admin@example.com',
      ADMIN_PASSWORD: 'zone-admin-password',
    });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("offers the clinic's dates and its 15-day window, not the browser's", async () => {
    // The browser's clock is fixed at 08:00 of the clinic's today (20:00 UTC; 10:00 of the next
    // day in the browser's zone). The server says which slots are open (by its own clock, in the
    // clinic's zone): the wizard shows those dates and times, never the browser's reckoning.
    const clinicToday = dateIn(CLINIC_ZONE, new Date());
    const instant = new Date(`${clinicToday}T20:00:00Z`);
    expect(dateIn(CLINIC_ZONE, instant)).toBe(clinicToday);
    const browserToday = dateIn(BROWSER_ZONE, instant);
    expect(browserToday).toBe(addDays(clinicToday, 1));
    const open = (await (await fetch(`${server.url}/api/open-slots?therapist_id=1`)).json()) as {
      date: string;
      start_time: string;
    }[];
    const firstDate = open[0]!.date;
    // Today while Asha Menon has a session left (until 19:00 in the clinic), else tomorrow.
    expect([clinicToday, addDays(clinicToday, 1)]).toContain(firstDate);

    context = await browser.newContext({ viewport: DESKTOP, timezoneId: BROWSER_ZONE });
    await context.clock.setFixedTime(instant);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${server.url}/`);

    // The server told the page its zone; the browser really is elsewhere.
    expect(await page.locator('meta[name="clinic-time-zone"]').getAttribute('content')).toBe(CLINIC_ZONE);
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(BROWSER_ZONE);
    expect(await page.evaluate(() => new Date().getDate())).toBe(Number(browserToday.slice(8)));

    await chooseSessionType(page, 'online');
    await chooseTherapist(page, 'Asha Menon');
    const dates = page.locator('.date-strip__date');
    await dates.first().waitFor();
    expect(await dates.first().textContent()).toBe(stripLabel(firstDate));
    expect(await dates.first().getAttribute('aria-pressed')).toBe('true');
    expect(await page.locator('.slots__title').textContent()).toBe(
      `Available times on ${new Intl.DateTimeFormat('en-US', {
        timeZone: 'UTC',
        weekday: 'short',
        month: 'short',
        day: 'numeric',
        year: 'numeric',
      }).format(new Date(`${firstDate}T00:00:00Z`))}`,
    );
    expect(await page.locator('.slot-grid__slot').first().textContent()).toBe(time12(open[0]!.start_time));

    // The window ends 14 days after the clinic's today (the browser's would end a day later).
    const later = page.getByRole('button', { name: 'Later dates' });
    while (!(await later.isDisabled())) await later.click();
    expect(await dates.last().textContent()).toBe(stripLabel(addDays(clinicToday, 14)));
    expect(errors).toEqual([]);
  });
});
