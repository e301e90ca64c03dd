import * as z from 'zod/mini';
import { bookingTypeSchema, paymentStatusSchema, positiveId } from './admin-schemas.ts';
import { isoDate, timeOfDay } from './catalog-schemas.ts';
import { countedPageOf, cursorPageOf, pageQueryShape } from './page-schemas.ts';
import { safeText } from './schema-limits.ts';

/** Wire shapes of the admin's client calls (see admin-schemas.ts). */

/**
 * GET /api/admin/clients-with-therapists?name=&limit=&cursor= (default 10 a page) and
 * GET /api/admin/search-clients?name=&limit=&cursor= (default 50): both paged by the server.
 */
export const adminClientSearchQuerySchema = z.object({
  name: z.optional(safeText(200)),
  ...pageQueryShape(),
});
export type AdminClientSearchQuery = z.infer<typeof adminClientSearchQuerySchema>;
export const CLIENT_BOOKINGS_PAGE = 10;
export const CLIENT_SEARCH_PAGE = 50;

/**
 * One row of GET /api/admin/clients-with-therapists: a client's booking (admin blocks left
 * out), newest first; `name` filters by client name, case-insensitive substring. Fields sit
 * under `data`, as the specification describes; client city and state are shown as '--'.
 */
export const clientBookingSchema = z.object({
  booking_id: positiveId,
  data: z.object({
    booking_id: positiveId,
    client_full_name: z.nullable(z.string()),
    client_email: z.nullable(z.string()),
    client_mobile: z.nullable(z.string()),
    client_note: z.nullable(z.string()),
    client_session_type: z.nullable(z.string()),
    client_city: z.nullable(z.string()),
    client_state: z.nullable(z.string()),
    therapist_id: positiveId,
    booking_date: isoDate,
    booking_time_slot_start: timeOfDay,
    booking_type: bookingTypeSchema,
    payment_status: paymentStatusSchema,
    cancelled: z.boolean(),
    /** Rupees. */
    amount: z.number(),
    /** 0 for online sessions. */
    location_id: z.int().check(z.gte(0)),
    location_address: z.nullable(z.string()),
    therapist_details: z.object({ name: z.string() }),
  }),
});
export type ClientBooking = z.infer<typeof clientBookingSchema>;

/**
 * One row of GET /api/admin/search-clients: distinct clients (by e-mail and mobile) whose name,
 * e-mail or mobile contains `name` (case-insensitive); all clients when `name` is empty. By name.
 */
export const clientSearchResultSchema = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
});
export type ClientSearchResult = z.infer<typeof clientSearchResultSchema>;

/** One counted page of clients' bookings, newest first. */
export const clientBookingPageSchema = countedPageOf(clientBookingSchema);
export type ClientBookingPage = z.infer<typeof clientBookingPageSchema>;

/** One page of distinct clients by name; no total (a count of a common term would scan every client). */
export const clientSearchPageSchema = cursorPageOf(clientSearchResultSchema);
export type ClientSearchPage = z.infer<typeof clientSearchPageSchema>;
