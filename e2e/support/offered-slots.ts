import { shortDateParts } from '@therapy/shared/display-format';
import type { Locator, Page } from 'playwright-core';
import { waitForStep } from './booking-wizard.ts';

/**
 * What the booking wizard should offer, reckoned here from the schedule a test set (not from the
 * server's open-slot function), and what it does offer, read off the date strip and time grid.
 * Both as { 'Mon 24 Nov': ['10:00 AM', …] } in the order shown.
 */

const CLINIC_TIME_ZONE = 'Asia/Kolkata';
/** The booking window: today and the 14 days after it (BOOKING_WINDOW_DAYS). */
const WINDOW_DAYS = 15;

export type Offered = Record<string, string[]>;

/** A weekly schedule at one place: working weekdays, session starts ('HH:MM'), days off. */
export type PlannedWeek = {
  weekdays: readonly number[];
  starts: readonly string[];
  /** Whole days without sessions ('YYYY-MM-DD'): day-off overrides, leave. */
  daysOff: (date: string) => boolean;
};

/** The clinic's wall clock at `at`: its date and the seconds since its midnight. */
export function clinicClock(at: Date): { date: string; seconds: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: CLINIC_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  const seconds = Number(parts.hour) * 3600 + Number(parts.minute) * 60 + Number(parts.second);
  return { date: `${parts.year}-${parts.month}-${parts.day}`, seconds };
}

/** `date` plus `days`, calendar arithmetic. */
export function plusDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** 0 (Sunday) to 6 of a 'YYYY-MM-DD' date. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** A date-strip button's text: 'Mon 24 Nov'. */
export function stripLabel(date: string): string {
  const parts = shortDateParts(date);
  return `${parts.weekday} ${parts.day} ${parts.month}`;
}

/** '15:00' → '3:00 PM'. */
export function time12(time: string): string {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  const suffix = hours < 12 ? 'AM' : 'PM';
  return `${hours % 12 || 12}:${String(minutes).padStart(2, '0')} ${suffix}`;
}

/**
 * The dates and times the wizard should offer at `at`: each working weekday of the window not
 * off, its starts, today's only while not begun; dates without a time are not shown.
 */
export function expectedOffer(week: PlannedWeek, at: Date): { offered: Offered; dates: string[] } {
  const now = clinicClock(at);
  const offered: Offered = {};
  const dates: string[] = [];
  for (let offset = 0; offset < WINDOW_DAYS; offset += 1) {
    const date = plusDays(now.date, offset);
    if (!week.weekdays.includes(weekdayOf(date)) || week.daysOff(date)) continue;
    const starts = week.starts.filter((start) => {
      const [hours, minutes] = start.split(':').map(Number) as [number, number];
      return offset > 0 || (hours * 60 + minutes) * 60 > now.seconds;
    });
    if (starts.length === 0) continue;
    offered[stripLabel(date)] = starts.map(time12);
    dates.push(date);
  }
  return { offered, dates };
}

const text = async (locator: { textContent(): Promise<string | null> }) =>
  ((await locator.textContent()) ?? '').replace(/\s+/g, ' ').trim();

/**
 * Every date the Date & Time step offers, with its times: each date shown is pressed in turn and
 * its times read, and the strip is moved on with 'Later dates' until it can go no further.
 */
export async function readOffer(page: Page): Promise<Offered> {
  await waitForStep(page, 'Select Date & Time');
  const dates = page.locator('.date-strip__date');
  await dates.first().waitFor();
  const later = page.getByRole('button', { name: 'Later dates' });
  const offered: Offered = {};
  for (let shifts = 0; shifts <= WINDOW_DAYS; shifts += 1) {
    const count = await dates.count();
    for (let index = 0; index < count; index += 1) {
      const date = dates.nth(index);
      const label = await text(date);
      if (label in offered) continue;
      await date.click();
      await page.getByRole('button', { name: label, pressed: true }).waitFor();
      const times = page.locator('.slot-grid__slot');
      offered[label] = await Promise.all((await times.all()).map(text));
    }
    if (await later.isDisabled()) return offered;
    await later.click();
  }
  throw new Error('the date strip never reached its end');
}

/** Moves a date strip (the page's, or a dialog's) on until `date` shows, and presses it. */
export async function pickStripDate(scope: Page | Locator, date: string): Promise<void> {
  const button = scope.getByRole('button', { name: stripLabel(date), exact: true });
  const later = scope.getByRole('button', { name: 'Later dates' });
  for (let shifts = 0; !(await button.isVisible()); shifts += 1) {
    if (shifts > 15 || (await later.isDisabled())) throw new Error(`${date} is not on the date strip`);
    await later.click();
  }
  await button.click();
  await scope.getByRole('button', { name: stripLabel(date), pressed: true }).waitFor();
}
