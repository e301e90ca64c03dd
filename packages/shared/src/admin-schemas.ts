import * as z from 'zod/mini';
import { BOOKING_TYPES, PAYMENT_STATUSES } from './booking-states.ts';
import { isoDate, locationSchema, serviceSchema, therapistSchema, timeOfDay } from './catalog-schemas.ts';
import { ATTENDANCE_STATUSES, CENTRE_PAYMENT_METHODS } from './front-desk-schemas.ts';
import { countedPageOf, PAGE_LIMIT_MAX, pageQueryShape } from './page-schemas.ts';
import { calendarDate, clockTime, dbIdText, intTextInRange, safeText } from './schema-limits.ts';
import { seriesPlaceSchema } from './series-schemas.ts';

/**
 * Wire shapes of the administrators' calls (specification sections 3, 6 and 7 "Admin";
 * CONTRACT.md "Admin"). Every call but the login sends `Authorization: Bearer <access_token>`.
 *
 * Errors are `{"detail": "…"}` (api-errors.ts): 400 bad input, 401 no, bad, expired or revoked
 * token ("Not authenticated", "Invalid or expired token"), 403 role not allowed, 404 unknown id,
 * 409 the state does not allow the action (slot taken, booking already cancelled, …), 429 too
 * many sign-in attempts (with a Retry-After header, in seconds).
 *
 * Money is in rupees on the wire (numbers with up to 2 decimals); dates are 'YYYY-MM-DD' in the
 * clinic's time zone; times are 'HH:MM:SS' in answers and 'HH:MM' or 'HH:MM:SS' in requests.
 */

/** An id in an answer (a row's id). */
export const positiveId = z.int().check(z.positive());
/** Path and query ids arrive as text: plain digits naming a row id, or a 400. */
const textId = dbIdText;
/** 'HH:MM' or 'HH:MM:SS'. */
export const timeInput = clockTime;
/** 'YYYY-MM-DD', a real date. */
export const dateInput = calendarDate;

/** Page sizes the admin lists offer (specification section 9); the first is the default. */
export const ADMIN_PAGE_SIZES = [10, 20, 50] as const;
/** The clients list pages by 10. */
export const CLIENTS_PAGE_SIZE = 10;
/** The longest client text the All Bookings search takes. */
export const BOOKING_SEARCH_MAX = 100;

// ---------------------------------------------------------------------------------------------
// Sign-in and session

/**
 * POST /api/admin/login, form-encoded (`application/x-www-form-urlencoded`) as the
 * specification says; JSON with the same fields is accepted too. `username` is the e-mail.
 *
 * Failures: 401 "Incorrect email or password"; 403 for an inactive account or one without admin
 * access; 429 after too many failed attempts for that e-mail (5 per 15 minutes) or from that
 * address (20 per 15 minutes), with Retry-After.
 */
export const adminLoginFormSchema = z.object({
  username: safeText(254).check(z.trim(), z.minLength(1, 'Email / Username is required')),
  password: safeText(1024).check(z.minLength(1, 'Password is required')),
});
export type AdminLoginForm = z.infer<typeof adminLoginFormSchema>;

/**
 * A login's role: the front desk (`admin`), a `superadmin`, or a `therapist`'s own login, tied to
 * one therapist, that opens only the therapist's own calls (`/api/therapist/…`, decision 052).
 */
export const adminRoleSchema = z.enum(['superadmin', 'admin', 'therapist']);
export type AdminRole = z.infer<typeof adminRoleSchema>;

/** Who is signed in. Kept in browser storage with the token (specification section 3). */
export const adminUserSchema = z.object({
  /** The admin's e-mail address. */
  username: z.string(),
  is_superadmin: z.boolean(),
  is_admin: z.boolean(),
  is_active: z.boolean(),
  /** Absent in a session stored before roles: an administrator's. */
  role: z._default(adminRoleSchema, 'admin'),
  /** The therapist a therapist's login is tied to; null for administrators. */
  therapist_id: z._default(z.nullable(positiveId), null),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/**
 * The login answer. `access_token` is a signed token valid for 8 hours; it stops working at
 * once when the user is deactivated or their password is reset (then any call answers 401).
 */
export const adminSessionSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  /** Seconds until the token expires (8 hours at sign-in). */
  expires_in: z.int(),
  ...adminUserSchema.shape,
});
export type AdminSession = z.infer<typeof adminSessionSchema>;

/**
 * GET /api/admin/me: the signed-in user as the server sees them now. Lets the admin screens
 * check a stored session ("Access needs a stored session plus an active admin user record").
 */
export const adminMeSchema = adminUserSchema;

// ---------------------------------------------------------------------------------------------
// Catalogue as administrators see it

/**
 * GET /api/admin/therapists: every therapist, inactive ones too (`is_active`), with the
 * e-mail address the manual booking form shows. `price` in rupees; `type` 1 online, 2 offline, 3 both.
 */
export const adminTherapistSchema = z.object({
  ...therapistSchema.shape,
  email: z.string(),
  is_active: z.boolean(),
});
export type AdminTherapist = z.infer<typeof adminTherapistSchema>;

/**
 * GET /api/admin/locations: as the public call (ids 1 and 2 in the demo data), inactive centres
 * too (bookings name them), marked by `is_active`; the manual booking form offers active ones.
 */
export const adminLocationSchema = z.extend(locationSchema, { is_active: z.boolean() });
export type AdminLocation = z.infer<typeof adminLocationSchema>;

/** GET /api/admin/services. */
export const adminServiceSchema = serviceSchema;
export type AdminService = z.infer<typeof adminServiceSchema>;

/** `{id}` of /api/admin/therapists/{id}/… and /api/admin/bookings/{id}/…. */
export const adminIdParamsSchema = z.object({ id: textId });

// ---------------------------------------------------------------------------------------------
// Bookings

export const bookingTypeSchema = z.enum(BOOKING_TYPES);
/** A refund's states (see `refund_status`). */
export const REFUND_STATUSES = ['requested', 'failed', 'pending', 'processed'] as const;
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);

/**
 * A booking record (specification section 3) as the admin calls answer it. Admin blocks are
 * bookings too: `booking_type` ADMIN_BLOCK, `payment_status` BLOCKED, no client data.
 */
export const adminBookingSchema = z.object({
  id: positiveId,
  /** Same as `id` (the specification uses both names). */
  booking_id: positiveId,
  therapist_id: positiveId,
  therapist_name: z.string(),
  service_id: z.nullable(positiveId),
  booking_date: isoDate,
  booking_time_slot_start: timeOfDay,
  booking_time_slot_end: timeOfDay,
  booking_type: bookingTypeSchema,
  payment_status: paymentStatusSchema,
  cancelled: z.boolean(),
  client_full_name: z.nullable(z.string()),
  client_email: z.nullable(z.string()),
  client_mobile: z.nullable(z.string()),
  client_note: z.nullable(z.string()),
  client_age: z.nullable(z.int()),
  client_session_type: z.nullable(z.string()),
  client_state: z.nullable(z.string()),
  client_city: z.nullable(z.string()),
  /** Rupees. */
  amount: z.number(),
  payment_transaction_id: z.nullable(z.string()),
  payment_link_url: z.nullable(z.string()),
  google_meet_link: z.nullable(z.string()),
  /** 0 for online sessions and admin blocks. */
  location_id: z.int().check(z.gte(0)),
  location_name: z.nullable(z.string()),
  location_address: z.nullable(z.string()),
  /** Created (or confirmed) by an administrator. */
  admin_confirmed: z.boolean(),
  /**
   * Paid online, but the session will not take place (the slot was lost after the payment's hold
   * ran out, or the booking was cancelled): a superadmin must refund it (POST …/{id}/refund).
   */
  needs_refund: z.boolean(),
  /**
   * The refund of the online payment, once one was asked for: `requested` while the provider is
   * asked, `failed` when it refused or did not answer (still `needs_refund`, may be retried),
   * `pending` or `processed` once refunded (as the provider reports it); null otherwise.
   */
  refund_status: z.nullable(z.enum(REFUND_STATUSES)),
  /** The provider's refund id (Razorpay's rfnd_…), once refunded. */
  refund_id: z.nullable(z.string()),
  /** ISO 8601 instant of the refund. */
  refunded_at: z.nullable(z.string()),
  /**
   * Rupees: what a refund gives back (the whole amount captured online), or what was refunded;
   * null when the booking was not paid online through the app (e.g. a manual booking).
   */
  refund_amount: z.nullable(z.number()),
  /** ISO 8601 instant. */
  created_at: z.string(),
  /** The standing payment taken at the centre (POST …/{id}/payments), its id and method; null otherwise. */
  centre_payment_id: z.optional(z.nullable(positiveId)),
  centre_payment_method: z.optional(z.nullable(z.enum(CENTRE_PAYMENT_METHODS))),
  /** Marked at the front desk once the session started (POST …/{id}/attendance); null until then. */
  attendance: z.optional(z.nullable(z.enum(ATTENDANCE_STATUSES))),
  /**
   * A time held for a waiting client's offer (decision 041), not yet taken: not an unpaid booking
   * but "Offered to waitlist" (statusBadge). Present (true) only then: absent once the offer is
   * taken, lapsed or withdrawn, and on every other booking.
   */
  waitlist_offer: z.optional(z.boolean()),
  /** Its place in a standing appointment ("3 of 8", decision 056); null for a booking of its own. */
  series: z.optional(seriesPlaceSchema),
});
export type AdminBooking = z.infer<typeof adminBookingSchema>;

/**
 * GET /api/admin/bookings: bookings and admin blocks newest (highest id) first, filtered and
 * paged by the server (ADR 025, 034): `from`/`to` (booking date, inclusive), `therapist_id`,
 * `status` (payment status), `type`, `q` (a piece of the client's name, e-mail or mobile),
 * `needs_refund`, `limit` (1 to 100, default 10) and `cursor` (the `next_cursor` of the page
 * before), answered as an {@link AdminBookingPage}. There is no "every booking" answer.
 */
export const adminBookingsQuerySchema = z.object({
  limit: z.optional(intTextInRange(1, PAGE_LIMIT_MAX)),
  from: z.optional(dateInput),
  to: z.optional(dateInput),
  therapist_id: z.optional(textId),
  status: z.optional(paymentStatusSchema),
  type: z.optional(bookingTypeSchema),
  q: z.optional(safeText(BOOKING_SEARCH_MAX)),
  /** 'true': only paid bookings whose money must go back (the dashboard's refund notice). */
  needs_refund: z.optional(z.literal('true')),
  cursor: z.optional(textId),
});

/**
 * Offset paging read every row before the page (1.1 s at page 25,000): a call that still sends
 * `offset` is refused with this, rather than answered with page 1 again and again.
 */
export const OFFSET_REFUSED = 'offset is no longer accepted: pass cursor, the next_cursor of the page before';
export type AdminBookingsQuery = z.infer<typeof adminBookingsQuerySchema>;

/** One page of filtered bookings; `next_cursor` is null on the last page. */
export const adminBookingPageSchema = countedPageOf(adminBookingSchema);
export type AdminBookingPage = z.infer<typeof adminBookingPageSchema>;

/**
 * GET /api/admin/therapists/{id}/bookings[?limit=&cursor=]: that therapist's bookings and admin
 * blocks, latest date and time first, one counted page (`limit` 1 to 100, default 10).
 */
export const adminTherapistBookingsQuerySchema = z.object(pageQueryShape());
export type AdminTherapistBookingsQuery = z.infer<typeof adminTherapistBookingsQuerySchema>;

/**
 * POST /api/admin/bookings/{id}/cancel (no body, or `{scope: "this" | "following"}`,
 * cancelScopeRequestSchema in series-schemas.ts). Allowed while the booking is not cancelled,
 * its status is not CANCELLED and its date is today or later (clinic time); otherwise 409.
 * A BLOCKED admin-block entry is "cancelled" this way to unblock its slot.
 */
export const adminCancelResultSchema = z.object({
  booking_id: positiveId,
  cancelled: z.literal(true),
  payment_status: paymentStatusSchema,
  /** True when the entry was an admin block and its slot is free again. */
  unblocked: z.boolean(),
  /**
   * How many bookings the call cancelled: 1, or with `{scope: "following"}` on a session of a
   * standing appointment, it and every later session of its series that held its time.
   */
  cancelled_count: z.int(),
  /**
   * 'Booking {id} cancelled successfully.', '{n} sessions cancelled successfully: …' or
   * 'Slot {HH:MM} on {date} unblocked successfully.'
   */
  message: z.string(),
});
export type AdminCancelResult = z.infer<typeof adminCancelResultSchema>;

/**
 * POST /api/admin/bookings/{id}/refund (no body; superadmins only). Refunds the whole amount the
 * booking was paid online, through the payment provider, for a booking with `needs_refund`.
 * 409 when the booking does not need a refund, was already refunded or a refund of it is under
 * way; 502 when the provider refused or did not answer (the booking still needs a refund, and the
 * call may be repeated: it never refunds twice).
 */
export const adminRefundResultSchema = z.object({
  booking_id: positiveId,
  refund_id: z.string(),
  refund_status: z.enum(['pending', 'processed']),
  /** Rupees refunded. */
  amount: z.number(),
  /** 'Refund of ₹1,500.00 issued for booking {id} (refund {refund_id}).' */
  message: z.string(),
});
export type AdminRefundResult = z.infer<typeof adminRefundResultSchema>;
