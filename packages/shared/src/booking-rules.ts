/** Business constants of the specification, section 9. Shared so the browser and the server agree. */
export const SESSION_MINUTES = 45;
export const BOOKING_WINDOW_DAYS = 15;
export const MANUAL_BOOKING_WINDOW_DAYS = 15;
export const DEFAULT_SERVICE_ID = 1;

export const THERAPIST_TYPE = { online: 1, offline: 2 } as const;
export type TherapistType = (typeof THERAPIST_TYPE)[keyof typeof THERAPIST_TYPE];

// Booking types, payment statuses and the rules on them: booking-states.ts.
