import { SESSION_MINUTES } from '@therapy/shared/booking-rules';
import { addDays, addMinutes, todayIn } from '@therapy/shared/clinic-time';
import { toMinutes, weekdayOf } from '@therapy/shared/open-slots';
import { type ScheduleRequest, scheduleRequestSchema } from '@therapy/shared/schedule-schemas';
import type { Queryable } from '../../db/database.ts';
import { addTimeOff } from '../schedules/leave-and-holidays.ts';
import { saveWeeklySchedule } from '../schedules/schedule-writes.ts';
import type { DemoTherapist } from './demo-catalog.ts';

/** Demo sessions start on the hour: 45 minutes each, then a 15-minute buffer. */
const DEMO_BUFFER_MINUTES = 15;
/** Dr.Meera Joshi is on leave for a day soon after the demo is loaded. */
const ON_LEAVE = 7;

/** A therapist's week: each stretch of hourly starts becomes hours on each working weekday. */
export function demoWeek(therapist: DemoTherapist): ScheduleRequest {
  const stretches: { start: string; end: string }[] = [];
  for (const start of therapist.starts) {
    const last = stretches.at(-1);
    if (last && toMinutes(start) - toMinutes(last.end) === DEMO_BUFFER_MINUTES) {
      last.end = addMinutes(start, SESSION_MINUTES).slice(0, 5);
    } else {
      stretches.push({ start, end: addMinutes(start, SESSION_MINUTES).slice(0, 5) });
    }
  }
  const location_id = therapist.locations[0] ?? 0;
  return {
    weekly: therapist.weekdays.flatMap((weekday) =>
      stretches.map((hours) => ({ weekday, ...hours, location_id })),
    ),
    buffer_minutes: DEMO_BUFFER_MINUTES,
  };
}

/** The first weekday (Monday to Friday) at least `days` after `today`. */
function weekdayAfter(today: string, days: number): string {
  let date = addDays(today, days);
  while (weekdayOf(date) === 0 || weekdayOf(date) === 6) date = addDays(date, 1);
  return date;
}

/**
 * Gives each demo therapist weekly hours through the schedule's own write (the one the admin's
 * PUT uses), and one therapist a day of leave a few days after `now`. No clinic holiday.
 */
export async function loadDemoSchedules(
  db: Queryable,
  therapists: readonly DemoTherapist[],
  clock: { now: Date; clinicTimeZone: string },
): Promise<void> {
  for (const therapist of therapists) {
    await saveWeeklySchedule(db, therapist.id, scheduleRequestSchema.parse(demoWeek(therapist)));
  }
  const leaveDay = weekdayAfter(todayIn(clock.clinicTimeZone, clock.now), 3);
  await addTimeOff(db, ON_LEAVE, { from: leaveDay, to: leaveDay, reason: 'Conference' });
}
