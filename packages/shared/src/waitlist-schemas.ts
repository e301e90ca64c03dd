import * as z from 'zod/mini';
import { clientChoicesShape } from './booking-schemas.ts';
import { cursorPageOf, pageQueryShape } from './page-schemas.ts';
import { calendarDate, dbId, dbIdText, dbInt, intInRange, MAX_DB_INT, safeText } from './schema-limits.ts';
import { TIMES_OF_DAY, WAITLIST_MAX_DATES } from './waitlist-rules.ts';

/**
 * Wire shapes of the waitlist (issue 15, decision 041). The join form's client details follow the
 * booking's rules (client-details-rules.ts, validateWaitlistDetails); which dates lie in the
 * booking window (today to today + 14, clinic time) only the server can say.
 */

export const WAITLIST_MESSAGES = {
  datesRequired: 'Please choose at least one date you could come.',
  tooManyDates: `Please choose at most ${WAITLIST_MAX_DATES} dates.`,
  datesOutsideWindow: 'Please choose dates from today to 14 days from now.',
  timesRequired: 'Please choose at least one time of day: morning, afternoon or evening.',
  offerUnknown: 'This offer link is not valid. Please check that you copied the whole link.',
  offerExpired:
    'This offer has expired, and the time has been offered to the next person waiting. You are still on the waitlist for other times.',
  offerGone: 'This time is no longer held for you. You are still on the waitlist for other times.',
  offerClaimedElsewhere: 'This offer has already been taken.',
} as const;

export const timeOfDaySchema = z.enum(TIMES_OF_DAY);

/** POST /api/waitlist: the visitor joins a therapist's waitlist. */
export const waitlistJoinSchema = z.object({
  therapist_id: dbId,
  booking_type: z.enum(['ONLINE', 'OFFLINE']),
  /** 0 for online sessions. */
  location_id: z._default(intInRange(0, MAX_DB_INT), 0),
  service_id: z.optional(z.nullable(dbId)),
  client_full_name: safeText(200),
  client_email: safeText(254),
  client_mobile: safeText(20),
  /** As the booking takes it: whole years, or the text typed (the age rule then says what is wrong). */
  client_age: z.optional(z.nullable(z.union([dbInt, safeText(10)]))),
  /**
   * ISO dates, 1 to WAITLIST_MAX_DATES of them, each within today..today + 14: the server checks
   * both and answers 422 with the form's words (the body limit bounds the array).
   */
  preferred_dates: z.array(calendarDate),
  times_of_day: z.array(timeOfDaySchema).check(z.maxLength(TIMES_OF_DAY.length)),
  terms_accepted: z.boolean(),
  ...clientChoicesShape,
});
export type WaitlistJoin = z.input<typeof waitlistJoinSchema>;

export const waitlistJoinedSchema = z.object({
  id: z.int(),
  /** 1 for the first person waiting for this therapist. */
  position: z.int(),
  /** The last preferred date: the place lapses after it. */
  expires_on: z.string(),
  /** True when this e-mail was already waiting for this therapist: the wishes were updated, the place kept. */
  updated: z.boolean(),
});
export type WaitlistJoined = z.infer<typeof waitlistJoinedSchema>;

/** An offer's token: 43 base64url characters (checked by the server, which answers 404 otherwise). */
export const waitlistOfferParamsSchema = z.object({ token: safeText(200) });

/** GET /api/waitlist/offers/{token}: the time held for the client. */
export const waitlistOfferSchema = z.object({
  therapist_name: z.string(),
  booking_type: z.enum(['ONLINE', 'OFFLINE']),
  booking_date: z.string(),
  /** 'HH:MM', clinic time. */
  start_time: z.string(),
  end_time: z.string(),
  location_name: z.nullable(z.string()),
  location_address: z.nullable(z.string()),
  /** Rupees. */
  amount: z.number(),
  /** ISO 8601: until when the time is held. */
  expires_at: z.string(),
  client_language: z.enum(['en', 'hi']),
  /** Already taken by this link: claiming again gives the same booking (to pay, or see its status). */
  claimed: z.boolean(),
});
export type WaitlistOffer = z.infer<typeof waitlistOfferSchema>;

/** POST /api/waitlist/offers/{token}/claim: online, then pay as after POST /api/bookings; in person, confirmed. */
export const waitlistClaimSchema = z.object({
  booking_id: z.int(),
  booking_type: z.enum(['ONLINE', 'OFFLINE']),
  /**
   * INITIATED (online: pay through /api/payment/generate-link) or PENDING (in person: confirmed);
   * COMPLETED when claimed again after paying.
   */
  payment_status: z.enum(['INITIATED', 'PENDING', 'COMPLETED']),
  /** The status page's key, as POST /api/bookings gives it. */
  confirmation_token: z.string(),
  amount: z.number(),
  /**
   * The e-mail the offer went to: POST /api/payment/generate-link asks for it as `customer_email`
   * (only the client, who received the link, holds the token).
   */
  client_email: z.string(),
});
export type WaitlistClaim = z.infer<typeof waitlistClaimSchema>;

export const WAITLIST_STATUSES = ['waiting', 'booked', 'expired', 'removed'] as const;
export const WAITLIST_OFFER_OUTCOMES = ['open', 'claimed', 'expired', 'withdrawn'] as const;

/** GET /api/admin/waitlist: in join order (the line); `status` defaults to waiting. */
export const adminWaitlistQuerySchema = z.object({
  ...pageQueryShape(),
  therapist_id: z.optional(dbIdText),
  status: z.optional(z.enum(WAITLIST_STATUSES)),
});

export const adminWaitlistEntrySchema = z.object({
  id: z.int(),
  therapist_id: z.int(),
  therapist_name: z.string(),
  booking_type: z.enum(['ONLINE', 'OFFLINE']),
  location_id: z.int(),
  service_id: z.nullable(z.int()),
  client_full_name: z.string(),
  client_email: z.nullable(z.string()),
  client_mobile: z.nullable(z.string()),
  client_language: z.enum(['en', 'hi']),
  preferred_dates: z.array(z.string()),
  times_of_day: z.array(timeOfDaySchema),
  status: z.enum(WAITLIST_STATUSES),
  /** Place in the therapist's line while waiting (1 first), else null. */
  position: z.nullable(z.int()),
  created_at: z.string(),
  expires_on: z.string(),
  /** Offers made so far; the latest, with its held booking. */
  offers_made: z.int(),
  latest_offer: z.nullable(
    z.object({
      booking_id: z.int(),
      booking_date: z.string(),
      start_time: z.string(),
      offered_at: z.string(),
      expires_at: z.string(),
      outcome: z.enum(WAITLIST_OFFER_OUTCOMES),
    }),
  ),
});
export type AdminWaitlistEntry = z.infer<typeof adminWaitlistEntrySchema>;
export const adminWaitlistPageSchema = cursorPageOf(adminWaitlistEntrySchema);

export const adminWaitlistRemovedSchema = z.object({ id: z.int(), status: z.literal('removed') });
