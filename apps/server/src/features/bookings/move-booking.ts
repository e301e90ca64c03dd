import { hasStarted, isConfirmedSession } from '@therapy/shared/booking-states';
import { normalizeTime } from '@therapy/shared/clinic-time';
import { EXCLUSION_VIOLATION, isDatabaseError, type Queryable } from '../../db/database.ts';
import { conflict, notFound } from '../../http/app-error.ts';
import { enqueueBookingMovedJobs } from './booking-jobs.ts';
import { checkBookingRequest } from './booking-policy.ts';
import {
  type LockedBooking,
  lockBooking,
  lockTherapistSchedule,
  SLOT_TAKEN_MESSAGE,
} from './bookings-repo.ts';

/*
 * The one move of a booking to another time, for the client's manage link and the front desk
 * alike (issue 23, decision 046): same therapist, type and place; the new slot one the
 * wizard could book (in the therapist's schedule there, in the window, not past); the booking
 * confirmed and not yet begun. Who holds the new slot is the database's to decide. What only one
 * caller asks (the client's notice hours, the link's currency) stays with that caller.
 */

/** The clinic's wall clock: 'YYYY-MM-DD' and 'HH:MM:SS'. */
export type ClinicClock = { date: string; time: string };

export type MoveRequest = { booking_date: string; booking_time_slot_start: string };

/** Where the booking goes: checked against the schedule, with the session's end. */
export type MoveTarget = { date: string; start: string; end: string };

export type MoveOutcome = {
  bookingId: number;
  therapistId: number;
  /** Where it was and where it is now ('HH:MM:SS'), as the audit and the e-mails name them. */
  from: { date: string; start_time: string };
  to: { date: string; start_time: string };
  /** The invite's SEQUENCE after the move. */
  sequence: number;
};

type MoveSubject = LockedBooking & { location_id: number | null; series_id: number | null };

async function readMoveSubject(db: Queryable, id: number): Promise<MoveSubject | undefined> {
  const { rows } = await db.query<MoveSubject>(
    `SELECT id, therapist_id, to_char(booking_date, 'YYYY-MM-DD') AS booking_date,
       to_char(booking_time_slot_start, 'HH24:MI:SS') AS booking_time_slot_start,
       booking_type, payment_status, cancelled, location_id, series_id
     FROM bookings WHERE id = $1`,
    [id],
  );
  return rows[0];
}

/** Only a confirmed session still to begin moves, and never onto its own time. */
function assertMovable(booking: LockedBooking, to: { date: string; start: string }, clock: ClinicClock) {
  if (!isConfirmedSession(booking)) {
    throw conflict(`Booking ${booking.id} is not a confirmed session, so it cannot be moved.`);
  }
  if (hasStarted(booking, clock)) {
    throw conflict(`Booking ${booking.id} has already begun, so it can no longer be moved.`);
  }
  if (booking.booking_date === to.date && booking.booking_time_slot_start === to.start) {
    throw conflict('The booking is already at this time. Please choose another time.');
  }
}

/**
 * Checks a move before its transaction: the booking (404 when there is none) may move, and the
 * new time is an open slot of its therapist at its place (0 online) by the wizard's rules.
 * Therapist, type and place never change, so the schedule reads need no lock (they run side by
 * side); the booking's state is checked again under its lock by moveBooking.
 */
export async function planMove(
  db: Queryable,
  bookingId: number,
  request: MoveRequest,
  clock: ClinicClock,
): Promise<MoveTarget> {
  const booking = await readMoveSubject(db, bookingId);
  if (!booking) throw notFound(`Booking ${bookingId} not found`);
  const to = { date: request.booking_date, start: normalizeTime(request.booking_time_slot_start) };
  assertMovable(booking, to, clock);
  const checked = await checkBookingRequest(
    db,
    {
      source: 'visitor',
      therapistId: booking.therapist_id,
      bookingType: booking.booking_type === 'ONLINE' ? 'ONLINE' : 'OFFLINE',
      bookingDate: to.date,
      startTime: to.start,
      locationId: booking.location_id,
      serviceId: null,
    },
    clock,
    // A session of a standing appointment moves within its own week, wherever that lies.
    { withinWeekOf: booking.series_id === null ? undefined : booking.booking_date },
  );
  return { ...to, end: checked.endTime };
}

/**
 * Moves the booking to `to` (from planMove) in the caller's transaction: the booking locked and
 * re-checked, then the therapist's schedule locked, then one UPDATE, so the exclusion constraint
 * takes the new slot before the old one is freed and decides a race with anyone booking it (409,
 * the booking unchanged). The client and therapist are told with an updated invite, and the
 * reminders planned again, by the jobs written in the same transaction.
 */
export async function moveBooking(
  tx: Queryable,
  bookingId: number,
  to: MoveTarget,
  clock: ClinicClock,
): Promise<MoveOutcome> {
  const booking = await lockBooking(tx, bookingId);
  if (!booking) throw notFound(`Booking ${bookingId} not found`);
  assertMovable(booking, to, clock);
  await lockTherapistSchedule(tx, booking.therapist_id);
  const sequence = await updateSlot(tx, bookingId, to);
  const from = { date: booking.booking_date, start_time: booking.booking_time_slot_start };
  await enqueueBookingMovedJobs(tx, bookingId, sequence, { ...from, therapist_id: booking.therapist_id });
  return {
    bookingId,
    therapistId: booking.therapist_id,
    from,
    to: { date: to.date, start_time: to.start },
    sequence,
  };
}

/** The one UPDATE of a move, under a savepoint so a refused slot leaves the transaction usable. */
async function updateSlot(tx: Queryable, id: number, to: MoveTarget): Promise<number> {
  await tx.query('SAVEPOINT move_booking');
  try {
    const { rows } = await tx.query<{ invite_sequence: number }>(
      `UPDATE bookings SET booking_date = $2, booking_time_slot_start = $3, booking_time_slot_end = $4,
         invite_sequence = invite_sequence + 1, updated_at = now()
       WHERE id = $1 RETURNING invite_sequence`,
      [id, to.date, to.start, to.end],
    );
    await tx.query('RELEASE SAVEPOINT move_booking');
    return rows[0]!.invite_sequence;
  } catch (error) {
    if (!isDatabaseError(error, EXCLUSION_VIOLATION)) throw error;
    await tx.query('ROLLBACK TO SAVEPOINT move_booking');
    throw conflict(SLOT_TAKEN_MESSAGE);
  }
}
