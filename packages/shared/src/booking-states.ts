/**
 * A booking's states and the moves between them: one table for the server (which refuses a move
 * not in it with 409) and the web app (which offers only the actions the table allows).
 *
 * The bookings table keeps two columns for it: `payment_status` and the `cancelled` flag. A
 * booking's state is its status, except that a cancelled booking is CANCELLED whatever its
 * status (an unblocked admin block keeps `payment_status` BLOCKED with `cancelled` set).
 */

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

/** A booking's state: its payment status, or CANCELLED once the cancelled flag is set. */
export type BookingState = PaymentStatus;

/** Statuses of a booking that no longer holds its slot (besides the cancelled flag). */
export const SLOT_RELEASING_STATUSES: readonly PaymentStatus[] = ['FAILED', 'CANCELLED'];

/**
 * The state a booking is created in, by who creates it and how it is paid: the visitor's online
 * booking holds its slot while the payment is made; an in-person one is confirmed now and paid at
 * the visit; an administrator's online booking was paid outside the app.
 */
export const CREATED_STATES = {
  visitor: { ONLINE: 'INITIATED', OFFLINE: 'PENDING' },
  admin: { ONLINE: 'COMPLETED', OFFLINE: 'PENDING' },
  adminBlock: 'BLOCKED',
} as const satisfies {
  visitor: Record<'ONLINE' | 'OFFLINE', PaymentStatus>;
  admin: Record<'ONLINE' | 'OFFLINE', PaymentStatus>;
  adminBlock: PaymentStatus;
};

/**
 * Every allowed move, from a state to the states it may become:
 * - INITIATED: paid (COMPLETED), its hold or payment link ran out (FAILED), cancelled by the clinic;
 *   an in-person session held for a waiting client is confirmed when they take it (PENDING, paid
 *   at the visit; decision 041);
 * - PENDING: paid through a shared payment link (COMPLETED), cancelled;
 * - COMPLETED: cancelled (an online payment is then marked for refund); back to PENDING when a
 *   superadmin voids a payment wrongly recorded at the centre (only such a booking, checked by the server);
 * - FAILED: paid after its hold expired, when the slot is still free (COMPLETED; when it is
 *   taken, the booking stays FAILED and is marked for refund); held again for a new payment
 *   link when the visitor tries again and the slot is still free and to come (INITIATED). Not
 *   cancelled: a failed attempt holds no slot and took no money, so there is nothing to cancel;
 * - BLOCKED: unblocked (CANCELLED; the status stays BLOCKED, the cancelled flag is set);
 * - CANCELLED: final. A payment arriving for it only marks it for refund.
 */
export const BOOKING_TRANSITIONS: Readonly<Record<BookingState, readonly BookingState[]>> = {
  INITIATED: ['COMPLETED', 'FAILED', 'CANCELLED', 'PENDING'],
  PENDING: ['COMPLETED', 'CANCELLED'],
  COMPLETED: ['CANCELLED', 'PENDING'],
  FAILED: ['COMPLETED', 'INITIATED'],
  BLOCKED: ['CANCELLED'],
  CANCELLED: [],
};

/**
 * States in which a booking may be marked `needs_refund`: paid but not taking place, because it
 * was cancelled (before or after the payment) or its payment came after its slot was taken.
 */
export const REFUNDABLE_STATES: readonly BookingState[] = ['FAILED', 'CANCELLED'];

/**
 * The one refund mark outside REFUNDABLE_STATES: a COMPLETED booking paid at the centre (it has a
 * standing centre payment) whose earlier payment link was paid online too. The booking stays
 * COMPLETED and the centre payment stays its income; the online payment is the money to give back.
 * The server checks the centre payment (`bookings/refund-marks.ts`).
 */
export const REFUNDABLE_WHEN_PAID_AT_CENTRE: BookingState = 'COMPLETED';

/** What the rules read of a booking (the admin list's rows and the server's rows both have it). */
export type BookingFacts = {
  payment_status: PaymentStatus;
  cancelled: boolean;
  booking_type: BookingType;
};

export function bookingState(booking: Pick<BookingFacts, 'payment_status' | 'cancelled'>): BookingState {
  return booking.cancelled ? 'CANCELLED' : booking.payment_status;
}

export function canTransition(from: BookingState, to: BookingState): boolean {
  return BOOKING_TRANSITIONS[from].includes(to);
}

/** The states that may move to `to`, for writes that state their condition in SQL. */
export function statesLeadingTo(to: BookingState): BookingState[] {
  return PAYMENT_STATUSES.filter((from) => canTransition(from, to));
}

/**
 * Whether the booking holds its therapist's time. Must agree with the database's exclusion
 * constraint `bookings_no_overlapping_slots` (migration 0001):
 * `NOT cancelled AND payment_status NOT IN ('FAILED', 'CANCELLED')`.
 */
export function holdsSlot(booking: Pick<BookingFacts, 'payment_status' | 'cancelled'>): boolean {
  return !booking.cancelled && !SLOT_RELEASING_STATUSES.includes(booking.payment_status);
}

/**
 * A client's session that will take place: paid (COMPLETED), or in person and paid at the visit
 * (PENDING); not a hold awaiting payment, a failed attempt, a cancellation or an admin block. What
 * the manage link may change, what gets reminders, and what the status page offers a link for.
 */
export function isConfirmedSession(booking: {
  payment_status: string;
  cancelled: boolean;
  booking_type: string;
}): boolean {
  if (booking.cancelled || booking.booking_type === 'ADMIN_BLOCK') return false;
  return isPaid(booking) || (isPaymentPending(booking) && booking.booking_type === 'OFFLINE');
}

/** An administrator's block of a slot, not a client's booking. */
export function isAdminBlock(booking: Pick<BookingFacts, 'payment_status' | 'booking_type'>): boolean {
  return booking.booking_type === 'ADMIN_BLOCK' || booking.payment_status === 'BLOCKED';
}

type DatedBooking = BookingFacts & { booking_date: string };

/**
 * Cancel is offered while the booking may still become CANCELLED, is not an admin block (those
 * are unblocked) and its date is today or later in the clinic's zone (specification section 4).
 * `today` is the clinic's date, 'YYYY-MM-DD'.
 */
export function canCancel(booking: DatedBooking, today: string): boolean {
  return (
    !isAdminBlock(booking) &&
    canTransition(bookingState(booking), 'CANCELLED') &&
    booking.booking_date >= today
  );
}

/** An admin block still holding its slot: offered Unblock, through the same cancel call. */
export function canUnblock(booking: DatedBooking, today: string): boolean {
  return (
    bookingState(booking) === 'BLOCKED' &&
    canTransition('BLOCKED', 'CANCELLED') &&
    booking.booking_date >= today
  );
}

/** An administrator can send a payment link for a pending booking (paid at the visit or later). */
export function canHavePaymentLink(booking: Pick<BookingFacts, 'payment_status' | 'cancelled'>): boolean {
  return bookingState(booking) === 'PENDING';
}

/** Paid online but not taking place: its payment is due for a refund (refunded by a superadmin). */
export function needsRefund(booking: { needs_refund: boolean }): boolean {
  return booking.needs_refund;
}

/** A payment can be recorded at the centre for a pending in-person booking. */
export function canRecordCentrePayment(booking: BookingFacts): boolean {
  return booking.booking_type === 'OFFLINE' && bookingState(booking) === 'PENDING';
}

/**
 * A payment recorded at the centre can be undone (a superadmin's) while the booking stands paid by
 * it: it has a standing centre payment (the admin list's `centre_payment_id`) and is COMPLETED.
 */
export function canUndoCentrePayment(
  booking: Pick<BookingFacts, 'payment_status' | 'cancelled'> & { centre_payment_id?: number | null },
): boolean {
  return booking.centre_payment_id != null && bookingState(booking) === 'COMPLETED';
}

/**
 * The front desk can move a client's session that will take place (a confirmed session, as the
 * manage link moves) and has not begun by the clinic's clock `now`; the server checks it again.
 */
export function canMove(
  booking: DatedBooking & { booking_time_slot_start: string },
  now: { date: string; time: string },
): boolean {
  return isConfirmedSession(booking) && !hasStarted(booking, now);
}

/**
 * Attendance can be marked once the session has started by the clinic's clock `now`, for a
 * booking that is not cancelled, not a block and not a failed payment attempt. A mark may change.
 */
export function canMarkAttendance(
  booking: DatedBooking & { booking_time_slot_start: string },
  now: { date: string; time: string },
): boolean {
  const state = bookingState(booking);
  if (isAdminBlock(booking) || state === 'CANCELLED' || state === 'FAILED') return false;
  return hasStarted(booking, now);
}

/** 'HH:MM' or 'HH:MM:SS' as seconds after midnight. */
function secondsOf(time: string): number {
  const [hours = 0, minutes = 0, seconds = 0] = time.split(':').map(Number);
  return hours * 3600 + minutes * 60 + seconds;
}

/**
 * Whether the session's start (its clinic-local date and time) is at or before `now`, the
 * clinic's clock: a session at 10:00 has begun at 10:00:00 (and is open to book until 09:59:59).
 * The one answer to "has it begun" for attendance, booking, blocking, holding again and the
 * open slots (issue 23).
 */
export function hasStarted(
  session: { booking_date: string; booking_time_slot_start: string },
  now: { date: string; time: string },
): boolean {
  if (session.booking_date !== now.date) return session.booking_date < now.date;
  return secondsOf(session.booking_time_slot_start) <= secondsOf(now.time);
}

/**
 * Whether a hold awaiting payment has run out by `now` (its end is at or before it). A booking
 * with no hold end never lapses. SQL asks the same of `booking_hold_lapsed` (migration 0017).
 */
export function holdLapsed(booking: { hold_expires_at: Date | string | null }, now: Date): boolean {
  return booking.hold_expires_at !== null && new Date(booking.hold_expires_at).getTime() <= now.getTime();
}

/*
 * The questions asked of a booking's status. Each reads `payment_status` alone (the cancelled flag
 * is asked separately, or through bookingState), so the code asks by name and never compares the
 * column itself; a test (one-home-rules.test.ts) fails on a raw comparison outside this file.
 */
type StatusFacts = { payment_status: string };

/** A hold awaiting its online payment (INITIATED). */
export function isAwaitingPayment(booking: StatusFacts): boolean {
  return booking.payment_status === 'INITIATED';
}

/** Paid (COMPLETED): online, at the centre, or outside the app for an administrator's booking. */
export function isPaid(booking: StatusFacts): boolean {
  return booking.payment_status === 'COMPLETED';
}

/** Confirmed with its payment still to come (PENDING): paid at the visit or through a link. */
export function isPaymentPending(booking: StatusFacts): boolean {
  return booking.payment_status === 'PENDING';
}

/** A payment attempt that failed or whose hold ran out (FAILED): it holds no slot. */
export function isFailedAttempt(booking: StatusFacts): boolean {
  return booking.payment_status === 'FAILED';
}

/** Cancelled, by its flag (when the row has it) or its status. */
export function isCancelled(booking: StatusFacts & { cancelled?: boolean }): boolean {
  return booking.cancelled === true || booking.payment_status === 'CANCELLED';
}

/** What the rows say of the booking's payments, computed in SQL by migration 0017's functions. */
type PaymentFacts = { paid_online: boolean; paid_at_centre: boolean };

/**
 * The client paid online through the app: a captured payment is recorded for the booking, its
 * refund issued or not. SQL: `booking_paid_online(b.id)`. The manage page, the e-mails and the
 * front desk read this one answer (a booking paid twice shows its online payment everywhere).
 */
export function isPaidOnline(booking: Pick<PaymentFacts, 'paid_online'>): boolean {
  return booking.paid_online;
}

/** A standing (not voided) payment at the centre. SQL: `booking_paid_at_centre(b.id)`. */
export function isPaidAtCentre(booking: Pick<PaymentFacts, 'paid_at_centre'>): boolean {
  return booking.paid_at_centre;
}

/**
 * Paid at the centre and online too (a payment link sent earlier), the session still on: the
 * online payment is the one to give back (REFUNDABLE_WHEN_PAID_AT_CENTRE, decision 024).
 */
export function isPaidTwice(booking: PaymentFacts & StatusFacts): boolean {
  return (
    isPaidAtCentre(booking) &&
    isPaidOnline(booking) &&
    booking.payment_status === REFUNDABLE_WHEN_PAID_AT_CENTRE
  );
}
