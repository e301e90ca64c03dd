import * as z from 'zod/mini';
import { isoDate } from './catalog-schemas.ts';

/**
 * Wire shapes of the booking calls (specification sections 3 and 7, CONTRACT.md). The server
 * takes price, therapist e-mail and payment details from its own records: `amount`,
 * `therapist_email` and `payment_transaction_id` are accepted for compatibility and ignored.
 */

const hhmm = z.string().check(z.regex(/^\d{2}:\d{2}(:\d{2})?$/, 'must be a time HH:MM'));

export const bookingPayloadSchema = z.object({
  therapist_id: z.int().check(z.positive()),
  booking_date: isoDate,
  booking_time_slot_start: hhmm,
  client_full_name: z.string().check(z.maxLength(200)),
  client_email: z.string().check(z.maxLength(254)),
  client_mobile: z.string().check(z.maxLength(20)),
  client_note: z.optional(z.nullable(z.string().check(z.maxLength(2000)))),
  terms_accepted: z.boolean(),
  booking_type: z.enum(['ONLINE', 'OFFLINE']),
  /** 0 for online sessions. */
  location_id: z._default(z.int().check(z.gte(0)), 0),
  /** Beyond section 3's payload: the rest of the "Your Information" step. */
  client_age: z.optional(z.nullable(z.union([z.int(), z.string()]))),
  client_session_type: z.optional(z.nullable(z.enum(['individual', 'couple', '']))),
  client_state: z.optional(z.nullable(z.string().check(z.maxLength(100)))),
  client_city: z.optional(z.nullable(z.string().check(z.maxLength(100)))),
  service_id: z.optional(z.nullable(z.int().check(z.positive()))),
  // Ignored: the server decides these.
  payment_transaction_id: z.optional(z.nullable(z.string())),
  therapist_email: z.optional(z.nullable(z.string())),
  amount: z.optional(z.nullable(z.number())),
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
});
export type BookingCreated = z.infer<typeof bookingCreatedSchema>;

export const paymentLinkRequestSchema = z.object({
  booking_id: z.int().check(z.positive()),
  // Ignored: the link is for the booking's own amount and client.
  amount: z.optional(z.nullable(z.number())),
  currency: z.optional(z.nullable(z.string())),
  description: z.optional(z.nullable(z.string())),
  customer_name: z.optional(z.nullable(z.string())),
  customer_email: z.optional(z.nullable(z.string())),
  customer_phone: z.optional(z.nullable(z.string())),
});

export const paymentLinkSchema = z.object({
  short_url: z.string(),
  payment_link_id: z.string(),
});
export type PaymentLink = z.infer<typeof paymentLinkSchema>;

export const recordPaymentLinkSchema = z.object({
  payment_link_url: z.string(),
  razorpay_payment_link_id: z.string(),
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
});
export type BookingConfirmation = z.infer<typeof bookingConfirmationSchema>;

export const paymentDetailsQuerySchema = z.object({
  payment_status: z.optional(z.string()),
  razorpay_payment_id: z.optional(z.string()),
  razorpay_payment_link_reference_id: z.optional(z.string()),
  razorpay_signature: z.optional(z.string()),
});

/** The status page's look-up answer: `data` holds the booking (specification section 7). */
export const paymentDetailsSchema = z.object({
  status: z.enum(['confirmed', 'failed', 'pending']),
  message: z.string(),
  data: z.nullable(bookingConfirmationSchema),
});
export type PaymentDetails = z.infer<typeof paymentDetailsSchema>;
