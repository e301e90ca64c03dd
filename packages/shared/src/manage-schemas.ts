import * as z from 'zod/mini';
import { isoDate } from './catalog-schemas.ts';
import { calendarDate, clockTime } from './schema-limits.ts';

/*
 * The client's manage page (PUBLIC_URL/manage/{token}) and its calls: GET /api/manage/{token},
 * POST /api/manage/{token}/cancel and POST /api/manage/{token}/reschedule. The server decides what
 * the client may do; the page only shows it.
 */

export const manageStatusSchema = z.enum([
  /** Confirmed and still to come: actions while `can_change`. */
  'confirmed',
  /** An online booking not yet paid: nothing to manage until it is. */
  'awaiting_payment',
  /** Cancelled (by the client or the clinic): no action. */
  'cancelled',
  /** This is an old link of a booking that was moved since: `booking` shows where it is now; no action. */
  'moved',
]);
export type ManageStatus = z.infer<typeof manageStatusSchema>;

export const managedBookingSchema = z.object({
  booking_id: z.int(),
  booking_type: z.enum(['ONLINE', 'OFFLINE']),
  booking_date: isoDate,
  booking_time_slot_start: z.string(),
  booking_time_slot_end: z.string(),
  therapist_id: z.int(),
  therapist_name: z.string(),
  /** 0 for online sessions. */
  location_id: z.int(),
  location_name: z.nullable(z.string()),
  location_address: z.nullable(z.string()),
  google_meet_link: z.nullable(z.string()),
  /** Rupees. */
  amount: z.number(),
  /** Paid online: a cancellation within the notice rule refunds it in full. */
  paid_online: z.boolean(),
});
export type ManagedBooking = z.infer<typeof managedBookingSchema>;

/** One session of the standing appointment a manage link's booking belongs to (decision 055). */
export const seriesSessionSchema = z.object({
  booking_id: z.int(),
  /** Its place in the series: "3 of 8". */
  position: z.int(),
  booking_date: z.string(),
  booking_time_slot_start: z.string(),
  booking_time_slot_end: z.string(),
  cancelled: z.boolean(),
});

export const manageViewSchema = z.object({
  status: manageStatusSchema,
  booking: managedBookingSchema,
  /** Cancel and Reschedule are offered (the session is more than `notice_hours` away). */
  can_change: z.boolean(),
  notice_hours: z.int(),
  /** The instant after which the client can no longer change the booking (ISO 8601). */
  change_until: z.string(),
  /** The clinic's phone, for changes within the notice window. */
  clinic_phone: z.nullable(z.string()),
  /** The questionnaire this session brings (PUBLIC_URL/intake/{token}) while unanswered (decision 058). */
  intake_url: z.optional(z.nullable(z.string())),
  /** A standing appointment: every session of it, by date; absent for a single booking. */
  series: z.optional(
    z.nullable(z.object({ series_id: z.int(), count: z.int(), sessions: z.array(seriesSessionSchema) })),
  ),
});
export type ManageView = z.infer<typeof manageViewSchema>;

export const rescheduleRequestSchema = z.object({
  booking_date: calendarDate,
  booking_time_slot_start: clockTime,
});
export type RescheduleRequest = z.input<typeof rescheduleRequestSchema>;

export const rescheduleResultSchema = z.object({
  message: z.string(),
  /** The booking's new manage token: the link used for the reschedule can no longer act. */
  manage_token: z.string(),
  view: manageViewSchema,
});
export type RescheduleResult = z.infer<typeof rescheduleResultSchema>;

export const cancelResultSchema = z.object({
  message: z.string(),
  /** 'full': the online payment is being refunded in full; 'none': nothing was paid online. */
  refund: z.enum(['full', 'none']),
  view: manageViewSchema,
});
export type CancelResult = z.infer<typeof cancelResultSchema>;
