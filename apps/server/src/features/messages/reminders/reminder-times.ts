import { addDays, clinicInstant, zonedNow } from '@therapy/shared/clinic-time';
import type { ReminderOffset } from '../../../config.ts';

/*
 * When a booking's reminders go: each offset before the session, never in the quiet hours
 * (21:00 to 08:00 clinic time: such a reminder waits for 08:00, if that is still before the
 * session), and none for an offset already past when the booking was made or moved.
 */

const QUIET_FROM = '21:00';
const QUIET_UNTIL = '08:00';

/** A session's slot as reminders name it: 'YYYY-MM-DDTHH:MM', clinic time. */
export function sessionSlot(date: string, startTime: string): string {
  return `${date}T${startTime.slice(0, 5)}`;
}

/** The instant a slot ('YYYY-MM-DDTHH:MM') begins. */
export function slotStart(slot: string, timeZone: string): Date {
  const [date, time] = slot.split('T') as [string, string];
  return clinicInstant(timeZone, date, time);
}

/** The 08:00 at which a message due at `instant` may go, when `instant` is in the quiet hours. */
export function quietHoursEnd(instant: Date, timeZone: string): Date | undefined {
  const { date, time } = zonedNow(timeZone, instant);
  if (time >= `${QUIET_FROM}:00`) return clinicInstant(timeZone, addDays(date, 1), QUIET_UNTIL);
  if (time < `${QUIET_UNTIL}:00`) return clinicInstant(timeZone, date, QUIET_UNTIL);
  return undefined;
}

export type PlannedReminder = { offset: string; runAt: Date };

/** The reminders of a session at `slot`, planned at `plannedAt` (when it was booked or moved). */
export function planReminders(
  slot: string,
  offsets: readonly ReminderOffset[],
  plannedAt: Date,
  timeZone: string,
): PlannedReminder[] {
  const start = slotStart(slot, timeZone);
  const planned: PlannedReminder[] = [];
  for (const offset of offsets) {
    const due = new Date(start.getTime() - offset.minutes * 60_000);
    if (due < plannedAt) continue;
    const runAt = quietHoursEnd(due, timeZone) ?? due;
    if (runAt < start) planned.push({ offset: offset.label, runAt });
  }
  return planned;
}
