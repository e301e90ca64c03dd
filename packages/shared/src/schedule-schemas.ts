import * as z from 'zod/mini';
import { BOOKING_WINDOW_DAYS } from './booking-rules.ts';
import { toMinutes } from './open-slots.ts';
import {
  calendarDate,
  clockTime,
  dbId,
  dbIdText,
  intInRange,
  intTextInRange,
  safeText,
} from './schema-limits.ts';

/**
 * Wire shapes of weekly schedules, date overrides, leave, holidays and open slots (CONTRACT.md,
 * "Running the practice"). Times are 'HH:MM' in the clinic's zone, weekdays 0 (Sunday) to 6,
 * location_id 0 for online hours. Answers give times as 'HH:MM'.
 */

export const MAX_BUFFER_MINUTES = 120;
/** Enough for split shifts at several centres every day, small enough to state. */
export const MAX_WEEKLY_HOURS = 56;
export const MAX_HOURS_PER_DATE = 8;
export const MAX_TIME_OFF_DAYS = 366;
/** The open-slots call answers at most this many days at once. */
export const OPEN_SLOTS_MAX_DAYS = 31;
/** Upcoming overrides, leave and holidays listed with a schedule: a bounded answer. */
export const SCHEDULE_LIST_LIMIT = 200;

const hhmm = z.string().check(z.regex(/^\d{2}:\d{2}$/));
const locationRef = intInRange(0, 2_147_483_647);

const endAfterStart = z.refine<{ start: string; end: string }>(
  (hours) => toMinutes(hours.start) < toMinutes(hours.end),
  {
    message: 'end must be after start',
    path: ['end'],
  },
);

/** Hours on one date or weekday: start before end, both within the day. */
export const workingHoursSchema = z
  .object({ start: clockTime, end: clockTime, location_id: z.optional(locationRef) })
  .check(endAfterStart);

export const weeklyHoursSchema = z
  .object({
    weekday: intInRange(0, 6),
    start: clockTime,
    end: clockTime,
    location_id: locationRef,
  })
  .check(endAfterStart);

/** PUT /api/admin/therapists/{id}/schedule: the whole week at once. */
export const scheduleRequestSchema = z.object({
  weekly: z.array(weeklyHoursSchema).check(z.maxLength(MAX_WEEKLY_HOURS)),
  buffer_minutes: z._default(intInRange(0, MAX_BUFFER_MINUTES), 0),
});
export type ScheduleRequest = z.infer<typeof scheduleRequestSchema>;

const storedHours = z.object({ start: hhmm, end: hhmm, location_id: z.int() });

export const dateOverrideSchema = z.object({
  therapist_id: dbId,
  date: calendarDate,
  hours: z.array(storedHours),
});
export type DateOverride = z.infer<typeof dateOverrideSchema>;

export const timeOffSchema = z.object({
  id: dbId,
  therapist_id: dbId,
  from: calendarDate,
  to: calendarDate,
  reason: z.string(),
});
export type TimeOff = z.infer<typeof timeOffSchema>;

/** GET/PUT answer: the week, plus upcoming overrides and leave (at most SCHEDULE_LIST_LIMIT). */
export const scheduleSchema = z.object({
  therapist_id: dbId,
  weekly: z.array(z.object({ weekday: z.int(), start: hhmm, end: hhmm, location_id: z.int() })),
  buffer_minutes: z.int(),
  session_minutes: z.int(),
  overrides: z.array(dateOverrideSchema),
  time_off: z.array(timeOffSchema),
});
export type Schedule = z.infer<typeof scheduleSchema>;

/** POST /api/admin/therapists/{id}/overrides: that date's hours instead; [] is a day off. */
export const overrideRequestSchema = z.object({
  date: calendarDate,
  hours: z.array(workingHoursSchema).check(z.maxLength(MAX_HOURS_PER_DATE)),
});
export type OverrideRequest = z.infer<typeof overrideRequestSchema>;

/** POST /api/admin/therapists/{id}/time-off: leave, both dates included. */
export const timeOffRequestSchema = z.object({
  from: calendarDate,
  to: calendarDate,
  reason: z._default(safeText(200), ''),
});
export type TimeOffRequest = z.infer<typeof timeOffRequestSchema>;

export const holidaySchema = z.object({ id: dbId, date: calendarDate, name: z.string() });
export type Holiday = z.infer<typeof holidaySchema>;

/** POST /api/admin/holidays. */
export const holidayRequestSchema = z.object({
  date: calendarDate,
  name: safeText(100).check(z.minLength(1, 'name is required')),
});
export type HolidayRequest = z.infer<typeof holidayRequestSchema>;

/** GET /api/open-slots?therapist_id=&from=&to= (from and to default to the booking window). */
export const openSlotsQuerySchema = z.object({
  therapist_id: dbIdText,
  from: z.optional(calendarDate),
  to: z.optional(calendarDate),
});
export const OPEN_SLOTS_DEFAULT_DAYS = BOOKING_WINDOW_DAYS;

export const openSlotSchema = z.object({
  date: calendarDate,
  start_time: hhmm,
  end_time: hhmm,
  location_id: z.int(),
});
export type OpenSlot = z.infer<typeof openSlotSchema>;

/** One booking that no longer fits its therapist's schedule, with whom to tell. */
export const outsideScheduleBookingSchema = z.object({
  booking_id: dbId,
  therapist_id: dbId,
  therapist_name: z.string(),
  booking_date: calendarDate,
  booking_time_slot_start: hhmm,
  booking_type: z.string(),
  location_id: z.int(),
  payment_status: z.string(),
  reason: z.enum(['holiday', 'leave', 'day off', 'outside hours']),
  client_full_name: z.nullable(z.string()),
  client_email: z.nullable(z.string()),
  client_mobile: z.nullable(z.string()),
});
export type OutsideScheduleBooking = z.infer<typeof outsideScheduleBookingSchema>;

/** `{id}` and `{id}/time-off/{time_off_id}`, `{id}/overrides/{date}`, `/holidays/{id}` paths. */
export const therapistParamsSchema = z.object({ id: dbIdText });
export const timeOffParamsSchema = z.object({ id: dbIdText, time_off_id: dbIdText });
export const overrideParamsSchema = z.object({ id: dbIdText, date: calendarDate });
export const holidayParamsSchema = z.object({ id: dbIdText });

/**
 * How many upcoming bookings (today on) now fall outside the schedule: the therapist's for a
 * change to one therapist, everyone's on that date for a holiday. Nothing is cancelled or moved;
 * GET /api/admin/bookings/outside-schedule lists them.
 */
const outsideCount = { outside_bookings: z.int() };

/** PUT answer (GET answers scheduleSchema). */
export const scheduleSavedSchema = z.object({ ...scheduleSchema.shape, ...outsideCount });
export type ScheduleSaved = z.infer<typeof scheduleSavedSchema>;

/** POST and DELETE …/overrides answers: the stored (or removed) override. */
export const overrideSavedSchema = z.object({ ...dateOverrideSchema.shape, ...outsideCount });
export type OverrideSaved = z.infer<typeof overrideSavedSchema>;

/** POST and DELETE …/time-off answers: the stored (or removed) leave. */
export const timeOffSavedSchema = z.object({ ...timeOffSchema.shape, ...outsideCount });
export type TimeOffSaved = z.infer<typeof timeOffSavedSchema>;

/** POST and DELETE /api/admin/holidays answers: the stored (or removed) holiday. */
export const holidaySavedSchema = z.object({ ...holidaySchema.shape, ...outsideCount });
export type HolidaySaved = z.infer<typeof holidaySavedSchema>;

export const OUTSIDE_SCHEDULE_DEFAULT_LIMIT = 50;
export const OUTSIDE_SCHEDULE_MAX_LIMIT = 200;

/**
 * GET /api/admin/bookings/outside-schedule: upcoming client bookings by date, time and id;
 * `cursor` is the `next_cursor` of the page before (a booking id), `therapist_id` narrows.
 */
export const outsideScheduleQuerySchema = z.object({
  limit: z.optional(intTextInRange(1, OUTSIDE_SCHEDULE_MAX_LIMIT)),
  cursor: z.optional(dbIdText),
  therapist_id: z.optional(dbIdText),
});
export type OutsideScheduleQuery = z.infer<typeof outsideScheduleQuerySchema>;

/** One page; `next_cursor` is null on the last page. */
export const outsideSchedulePageSchema = z.object({
  items: z.array(outsideScheduleBookingSchema),
  /** All bookings outside the schedule in scope, on every page. */
  total: z.int(),
  limit: z.int(),
  next_cursor: z.nullable(z.string()),
});
export type OutsideSchedulePage = z.infer<typeof outsideSchedulePageSchema>;
