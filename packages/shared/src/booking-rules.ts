/** Business constants of the specification, section 9. Shared so the browser and the server agree. */
export const SESSION_MINUTES = 45;
export const BOOKING_WINDOW_DAYS = 15;
export const MANUAL_BOOKING_WINDOW_DAYS = 15;
export const DEFAULT_SERVICE_ID = 1;

/** A therapist's `type`: 1 online, 2 in person (specification section 3), 3 both (ADR 029). */
export const THERAPIST_TYPE = { online: 1, offline: 2, both: 3 } as const;
export type TherapistType = (typeof THERAPIST_TYPE)[keyof typeof THERAPIST_TYPE];

/** Whether a therapist of `type` sees clients online (1 and 3) or in person (2 and 3). */
export function offersSessionType(type: number, session: 'online' | 'offline'): boolean {
  return type === THERAPIST_TYPE.both || type === THERAPIST_TYPE[session];
}

/** How the admin screens name a therapist's type. */
export function therapistTypeLabel(type: number): string {
  if (type === THERAPIST_TYPE.both) return 'Online & In-Person';
  return type === THERAPIST_TYPE.online ? 'Online' : 'In-Person';
}

// Booking types, payment statuses and the rules on them: booking-states.ts.
