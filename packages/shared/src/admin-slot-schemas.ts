import * as z from 'zod/mini';
import { adminBookingSchema, dateInput, positiveId, timeInput } from './admin-schemas.ts';
import { isoDate, timeOfDay } from './catalog-schemas.ts';
import { countedPageOf, pageQueryShape } from './page-schemas.ts';
import { dbId } from './schema-limits.ts';

/** Wire shapes of the admin's day slots, blocking and calendar calls (see admin-schemas.ts). */

/** GET /api/admin/therapists/{id}/slots?date=YYYY-MM-DD */
export const adminSlotsQuerySchema = z.object({ date: dateInput });

/**
 * One of the therapist's sessions on the asked date (as the schedule cuts them), or a time held
 * off the schedule (a booking made before the schedule changed).
 */
export const adminDaySlotSchema = z.object({
  /** therapist_id × 1440 + the start's minutes after midnight (slot-ids.ts, decision 031). */
  id: positiveId,
  therapist_id: positiveId,
  date: isoDate,
  start_time: timeOfDay,
  end_time: timeOfDay,
  /** The schedule offers this session on this date (false: a held time off the schedule). */
  is_available: z.boolean(),
  /** Blocked by an administrator on this date: the screen offers Unblock. */
  admin_blocked: z.boolean(),
  /** A client's booking holds it (not cancelled, not FAILED, not an admin block). */
  is_booked: z.boolean(),
  /** The booking or admin block holding the slot, if any. */
  booking_id: z.nullable(positiveId),
  /** Today and already started (clinic time): neither bookable nor blockable. */
  is_past: z.boolean(),
});
export type AdminDaySlot = z.infer<typeof adminDaySlotSchema>;

/**
 * POST /api/admin/availability/block, JSON. Toggles: an active admin block on that slot is
 * removed (unblock); otherwise the slot is blocked. The slot must be one of the sessions the
 * therapist's schedule offers that date and the date today to today + 14 days. A slot a client holds or booked cannot
 * be blocked: 409.
 */
export const adminBlockRequestSchema = z.object({
  therapist_id: dbId,
  start_time: timeInput,
  date: dateInput,
  /** A block is one slot: a standing appointment is for clients only (400, decision 055). */
  repeat: z.optional(z.never('an admin block cannot repeat: block each slot on its own')),
});
export type AdminBlockRequest = z.infer<typeof adminBlockRequestSchema>;

export const adminBlockResultSchema = z.object({
  /** The slot's state after the call. */
  blocked: z.boolean(),
  /** The admin block entry created or removed. */
  booking_id: positiveId,
  /** 'Slot {HH:MM} on {date} blocked successfully.' / '… unblocked successfully.' */
  message: z.string(),
});
export type AdminBlockResult = z.infer<typeof adminBlockResultSchema>;

/**
 * GET /api/admin/calendar?from=YYYY-MM-DD&to=YYYY-MM-DD (both included, at most 93 days): what the
 * month grid shows (ADR 034). Each day counts its events (bookings not cancelled and not FAILED,
 * BLOCKED or CANCELLED, admin blocks left out) and carries the first two by start time; the day's
 * modal loads the rest from GET /api/admin/calendar/day. Each event lasts one hour from its start
 * (specification section 4).
 */
export const adminCalendarQuerySchema = z.object({ from: dateInput, to: dateInput });
export type AdminCalendarQuery = z.infer<typeof adminCalendarQuerySchema>;
export const CALENDAR_MAX_DAYS = 93;
/** Events a day of the month answer carries: the grid shows two, then '+N more'. */
export const CALENDAR_EVENTS_PER_DAY = 2;

export const calendarMonthSchema = z.object({
  /** Only the days that have events, by date. */
  days: z.array(
    z.object({
      date: isoDate,
      /** Every event of the day. */
      total: z.int(),
      /** The first {@link CALENDAR_EVENTS_PER_DAY} by start time. */
      events: z.array(adminBookingSchema),
    }),
  ),
});
export type CalendarMonth = z.infer<typeof calendarMonthSchema>;

/** GET /api/admin/calendar/day?date=[&limit=&cursor=]: one day's events by start time (limit 1 to 200, default 100). */
export const calendarDayQuerySchema = z.object({ date: dateInput, ...pageQueryShape(200) });
export type CalendarDayQuery = z.infer<typeof calendarDayQuerySchema>;
export const CALENDAR_DAY_PAGE = 100;
export const calendarDayPageSchema = countedPageOf(adminBookingSchema);
export type CalendarDayPage = z.infer<typeof calendarDayPageSchema>;
