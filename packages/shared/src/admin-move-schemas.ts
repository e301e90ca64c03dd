import type * as z from 'zod/mini';
import { adminBookingSchema } from './admin-schemas.ts';
import { rescheduleRequestSchema } from './manage-schemas.ts';

/*
 * The front desk moves a booking for a client who calls (issue 23, decision 046):
 * POST /api/admin/bookings/{id}/reschedule. The same body as the client's own move from the
 * manage link, and the same rules; the answer is the moved booking as the admin's reads show it.
 */

/** `{booking_date: 'YYYY-MM-DD', booking_time_slot_start: 'HH:MM'}`: an open slot of the same therapist, type and place. */
export const adminRescheduleRequestSchema = rescheduleRequestSchema;
export type AdminRescheduleRequest = z.input<typeof adminRescheduleRequestSchema>;

/** The moved booking, as GET /api/admin/bookings/{id} answers it. */
export const adminRescheduleResultSchema = adminBookingSchema;
export type AdminRescheduleResult = z.infer<typeof adminRescheduleResultSchema>;
