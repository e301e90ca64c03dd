import * as z from 'zod/mini';
import { dateInput, positiveId, timeInput } from './admin-schemas.ts';
import { isoDate, timeOfDay } from './catalog-schemas.ts';
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
 * GET /api/admin/calendar?from=YYYY-MM-DD&to=YYYY-MM-DD (both included, at most 93 days):
 * bookings not cancelled and not FAILED, BLOCKED or CANCELLED, admin blocks left out, by date
 * and start time. Each event lasts one hour from its start (specification section 4).
 */
export const adminCalendarQuerySchema = z.object({ from: dateInput, to: dateInput });
export type AdminCalendarQuery = z.infer<typeof adminCalendarQuerySchema>;
export const CALENDAR_MAX_DAYS = 93;
