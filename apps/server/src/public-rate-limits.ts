/**
 * How often one client address may call the public calls that write or look up bookings: the
 * defaults of RATE_LIMIT_BOOKINGS, RATE_LIMIT_PAYMENT_LINKS and RATE_LIMIT_LOOKUPS (config.ts),
 * docs/operating.md "Rate limits" and docs/decisions/009-public-rate-limits.md. Generous, because many
 * visitors on Indian mobile networks share one address behind carrier NAT.
 */
export const PUBLIC_RATE_LIMITS = {
  /** POST /api/bookings and POST /confirm-booking, together. */
  bookings: { max: 30, windowMs: 10 * 60_000 },
  /**
   * POST /api/payment/generate-link, POST /api/bookings/{id}/payment-link and the sandbox payment
   * page's POST /sandbox/pay/{id}, together: up to three calls for each online booking.
   */
  paymentLinks: { max: 90, windowMs: 10 * 60_000 },
  /** GET /api/get-razorpay-details/{id} and GET /api/bookings/{id}/confirmation, together. */
  lookups: { max: 120, windowMs: 60_000 },
} as const;

export type RateLimitBucket = keyof typeof PUBLIC_RATE_LIMITS;

/** Calls per window that each bucket allows one address; `max: 0` turns that limit off. */
export type PublicRateLimits = Record<RateLimitBucket, { max: number; windowMs: number }>;
