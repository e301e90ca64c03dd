import { type BookingState, canTransition } from '@therapy/shared/booking-states';
import { conflict } from '../../http/app-error.ts';

/**
 * The server's side of the shared transition table: every write that changes a booking's state
 * calls this first, with the state it read under the booking's lock. A move not in the table is
 * a 409 `{"detail"}`; `message` is the caller's wording for it, where it has one.
 */
export function assertTransition(
  bookingId: number,
  from: BookingState,
  to: BookingState,
  message = `Booking ${bookingId} cannot go from ${from} to ${to}.`,
) {
  if (!canTransition(from, to)) throw conflict(message);
}
