/** Business constants of the specification, section 9. Shared so the browser and the server agree. */
export const SESSION_MINUTES = 45;
export const BOOKING_WINDOW_DAYS = 15;
export const MANUAL_BOOKING_WINDOW_DAYS = 15;
export const DEFAULT_SERVICE_ID = 1;

export const THERAPIST_TYPE = { online: 1, offline: 2 } as const;
export type TherapistType = (typeof THERAPIST_TYPE)[keyof typeof THERAPIST_TYPE];

export const BOOKING_TYPES = ['ONLINE', 'OFFLINE', 'ADMIN_BLOCK'] as const;
export type BookingType = (typeof BOOKING_TYPES)[number];

export const PAYMENT_STATUSES = [
  'PENDING',
  'INITIATED',
  'COMPLETED',
  'CANCELLED',
  'BLOCKED',
  'FAILED',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Statuses of a booking that no longer holds its slot (besides the cancelled flag). */
export const SLOT_RELEASING_STATUSES: readonly PaymentStatus[] = ['FAILED', 'CANCELLED'];
