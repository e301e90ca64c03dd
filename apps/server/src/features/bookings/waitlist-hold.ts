import { bookingState, holdLapsed } from '@therapy/shared/booking-states';
import { zonedNow } from '@therapy/shared/clinic-time';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { announce } from './booking-events.ts';
import { type BookingRequest, type CheckedBooking, checkBookingRequest } from './booking-policy.ts';
import { assertTransition } from './booking-transitions.ts';
import * as repo from './bookings-repo.ts';
import { createBooking } from './create-booking.ts';

/*
 * The booking side of the waitlist (decision 041): a slot offered to a waiting client is held by a
 * booking of theirs, INITIATED with a hold of WAITLIST_OFFER_MINUTES, exactly as an unpaid online
 * booking holds its slot (the exclusion constraint: one hold per slot; the unpaid-holds sweep
 * ends it). Taking the offer keeps an online booking held for its payment, and confirms an
 * in-person one (PENDING, paid at the visit).
 */

export type WaitlistHoldRequest = {
  request: Omit<BookingRequest, 'source'>;
  client: NonNullable<repo.NewBooking['client']>;
  consent: { termsId: number | null; noticeId: number | null; at: Date };
  now: Date;
  holdMinutes: number;
  clinicTimeZone: string;
};

/**
 * The visitor's booking rules for the slot (therapist, place, service, window, schedule, not
 * begun), checked before the transaction as a visitor's booking is. Throws the rules' AppError: a
 * 409 when the slot is gone (no longer offered, begun), another 4xx when the wish no longer fits.
 */
export function checkWaitlistHold(
  db: Queryable,
  hold: Pick<WaitlistHoldRequest, 'request' | 'now' | 'clinicTimeZone'>,
) {
  const request: BookingRequest = { ...hold.request, source: 'visitor' };
  return checkBookingRequest(db, request, zonedNow(hold.clinicTimeZone, hold.now));
}

/**
 * Holds the checked slot for the client in the caller's transaction; a slot taken meanwhile is
 * the exclusion constraint's 409 (SLOT_TAKEN_MESSAGE).
 */
export async function holdSlotForWaitlist(tx: Queryable, hold: WaitlistHoldRequest, checked: CheckedBooking) {
  const request: BookingRequest = { ...hold.request, source: 'visitor' };
  const created = await createBooking(tx, request, checked, {
    source: 'waitlist',
    client: hold.client,
    now: hold.now,
    holdMinutes: hold.holdMinutes,
    consent: hold.consent,
  });
  return { bookingId: created.id, holdExpiresAt: created.holdExpiresAt! };
}

export type ClaimedHold = {
  booking_type: 'ONLINE' | 'OFFLINE';
  payment_status: 'INITIATED' | 'PENDING';
  amount_paise: number;
};

/**
 * The client takes the held slot. Online: still INITIATED, held at least PAYMENT_HOLD_MINUTES more
 * for the payment (the wizard's payment link comes next). In person: PENDING now, with the
 * confirmation e-mails and reminders a booking made in person gets. `undefined` when the hold
 * has run out or the booking no longer holds the slot.
 */
export async function claimWaitlistHold(
  tx: Queryable,
  bookingId: number,
  options: { now: Date; paymentHoldMinutes: number; confirmationTokenHash: string },
): Promise<ClaimedHold | undefined> {
  const booking = await repo.lockBooking(tx, bookingId);
  if (!booking || booking.booking_type === 'ADMIN_BLOCK') return undefined;
  const { rows } = await tx.query<{ hold_expires_at: Date | null; amount_paise: number }>(
    'SELECT hold_expires_at, amount_paise FROM bookings WHERE id = $1',
    [bookingId],
  );
  const held = rows[0]!;
  const state = bookingState(booking);
  if (state !== 'INITIATED' || !held.hold_expires_at || holdLapsed(held, options.now)) {
    return undefined;
  }
  if (booking.booking_type === 'ONLINE') {
    const paymentHold = new Date(options.now.getTime() + options.paymentHoldMinutes * 60_000);
    await tx.query(
      `UPDATE bookings SET hold_expires_at = GREATEST(hold_expires_at, $2), confirmation_token_hash = $3,
         updated_at = now() WHERE id = $1`,
      [bookingId, paymentHold, options.confirmationTokenHash],
    );
    return { booking_type: 'ONLINE', payment_status: 'INITIATED', amount_paise: held.amount_paise };
  }
  assertTransition(bookingId, state, 'PENDING');
  await tx.query(
    `UPDATE bookings SET payment_status = 'PENDING', hold_expires_at = NULL, confirmation_token_hash = $2,
       updated_at = now() WHERE id = $1`,
    [bookingId, options.confirmationTokenHash],
  );
  await announce(tx, { kind: 'booking.confirmed', booking_id: bookingId, meeting_link_missing: false });
  return { booking_type: 'OFFLINE', payment_status: 'PENDING', amount_paise: held.amount_paise };
}

/** Whether a rule's refusal of a hold means the slot is gone (409) rather than the wish unfit. */
export const isSlotGone = (error: unknown) => error instanceof AppError && error.statusCode === 409;
