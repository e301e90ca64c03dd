import * as z from 'zod/mini';
import { isoDate } from './catalog-schemas.ts';
import {
  calendarDate,
  clockTime,
  dbId,
  dbInt,
  intInRange,
  MAX_DB_INT,
  safeMultilineText,
  safeText,
} from './schema-limits.ts';
import { seriesPaySchema, seriesRepeatSchema } from './series-schemas.ts';

/**
 * Wire shapes of the booking calls (specification sections 3 and 7, CONTRACT.md). The server
 * takes price, therapist e-mail and payment details from its own records: `amount`,
 * `therapist_email` and `payment_transaction_id` are accepted for compatibility and ignored.
 */

/**
 * What a booking and a place on the waitlist both take beyond the contact details: WhatsApp
 * consent, the messages' language, and for a client under 18 (required then, CONTRACT) the parent
 * or guardian and their consent.
 */
export const clientChoicesShape = {
  /** The client ticked "Send me WhatsApp messages about this booking" (CONTRACT). */
  whatsapp_consent: z.optional(z.boolean()),
  /** The language the client's messages follow. */
  client_language: z.optional(z.enum(['en', 'hi'])),
  guardian_name: z.optional(z.nullable(safeText(200))),
  guardian_relation: z.optional(z.nullable(safeText(60))),
  guardian_mobile: z.optional(z.nullable(safeText(20))),
  guardian_email: z.optional(z.nullable(safeText(254))),
  guardian_consent: z.optional(z.boolean()),
};

export const bookingPayloadSchema = z.object({
  therapist_id: dbId,
  booking_date: calendarDate,
  booking_time_slot_start: clockTime,
  client_full_name: safeText(200),
  client_email: safeText(254),
  client_mobile: safeText(20),
  client_note: z.optional(z.nullable(safeMultilineText(2000))),
  terms_accepted: z.boolean(),
  booking_type: z.enum(['ONLINE', 'OFFLINE']),
  /** 0 for online sessions. */
  location_id: z._default(intInRange(0, MAX_DB_INT), 0),
  /**
   * Beyond section 3's payload: the rest of the "Your Information" step. Whole years; the form
   * keeps what was typed, so text is accepted too (the age rule then says what is wrong).
   */
  client_age: z.optional(z.nullable(z.union([dbInt, safeText(10)]))),
  client_session_type: z.optional(z.nullable(z.enum(['individual', 'couple', '']))),
  client_state: z.optional(z.nullable(safeText(100))),
  client_city: z.optional(z.nullable(safeText(100))),
  service_id: z.optional(z.nullable(dbId)),
  // Ignored: the server decides these.
  payment_transaction_id: z.optional(z.nullable(safeText(200))),
  therapist_email: z.optional(z.nullable(safeText(254))),
  amount: z.optional(z.nullable(z.number())),
  ...clientChoicesShape,
  /** A standing appointment: this booking repeated (CONTRACT "Standing appointments"). */
  repeat: z.optional(seriesRepeatSchema),
  /** Online series: one payment for all (`all`, the default) or a link before each session. */
  pay: z.optional(seriesPaySchema),
});
export type BookingPayload = z.input<typeof bookingPayloadSchema>;

export const bookingCreatedSchema = z.object({
  booking_id: z.int(),
  /** INITIATED (online, awaiting payment) or PENDING (offline, pay at the visit). */
  payment_status: z.enum(['INITIATED', 'PENDING']),
  /** Rupees, as fixed by the server. */
  amount: z.number(),
  /** Lets the status page show this booking (offline bookings have no payment link). */
  confirmation_token: z.string(),
  message: z.string(),
  /** A standing appointment: its id and every session's booking, in date order. */
  series_id: z.optional(z.int()),
  booking_ids: z.optional(z.array(z.int())),
});
export type BookingCreated = z.infer<typeof bookingCreatedSchema>;

export const paymentLinkRequestSchema = z.object({
  booking_id: dbId,
  // Ignored: the link is for the booking's own amount and client.
  amount: z.optional(z.nullable(z.number())),
  currency: z.optional(z.nullable(safeText(10))),
  description: z.optional(z.nullable(safeText(2000))),
  customer_name: z.optional(z.nullable(safeText(200))),
  customer_email: z.optional(z.nullable(safeText(254))),
  customer_phone: z.optional(z.nullable(safeText(20))),
});

export const paymentLinkSchema = z.object({
  short_url: z.string(),
  payment_link_id: z.string(),
});
export type PaymentLink = z.infer<typeof paymentLinkSchema>;

export const recordPaymentLinkSchema = z.object({
  payment_link_url: safeText(2000),
  razorpay_payment_link_id: safeText(200),
});

/** What the status page shows of a booking: no more of the client's personal data than that. */
export const bookingConfirmationSchema = z.object({
  booking_id: z.int(),
  booking_type: z.enum(['ONLINE', 'OFFLINE']),
  payment_status: z.string(),
  booking_date: isoDate,
  booking_time_slot_start: z.string(),
  booking_time_slot_end: z.string(),
  therapist_name: z.string(),
  amount: z.number(),
  payment_transaction_id: z.nullable(z.string()),
  google_meet_link: z.nullable(z.string()),
  location_name: z.nullable(z.string()),
  location_address: z.nullable(z.string()),
  /** The client's private manage link, once the booking is confirmed (PUBLIC_URL/manage/{token}). */
  manage_url: z.optional(z.nullable(z.string())),
  /** The intake (or questionnaire) link of a confirmed booking while unanswered (decision 058). */
  intake_url: z.optional(z.nullable(z.string())),
  /** A standing appointment: the dates of its sessions still booked, in order (decision 055). */
  series_sessions: z.optional(
    z.array(z.object({ position: z.int(), booking_date: z.string(), booking_time_slot_start: z.string() })),
  ),
});
export type BookingConfirmation = z.infer<typeof bookingConfirmationSchema>;

export const paymentDetailsQuerySchema = z.object({
  payment_status: z.optional(safeText(100)),
  razorpay_payment_id: z.optional(safeText(200)),
  razorpay_payment_link_reference_id: z.optional(safeText(200)),
  razorpay_signature: z.optional(safeText(200)),
});

/** The status page's look-up answer: `data` holds the booking (specification section 7). */
export const paymentDetailsSchema = z.object({
  status: z.enum(['confirmed', 'failed', 'pending']),
  message: z.string(),
  data: z.nullable(bookingConfirmationSchema),
});
export type PaymentDetails = z.infer<typeof paymentDetailsSchema>;
