import { stateInSql, statusNotInSql } from '../../db/booking-state-sql.ts';

/*
 * The reports' rules as SQL predicates over the bookings' columns, aliased `b`: the one home of
 * what a report counts. The reports read them on the bookings table; the owner's overview
 * (features/overview) reads them on its tables of facts (migration 0027), whose rows carry the
 * same column names, so both count by the same words.
 */

/** A booking whose money has come in: paid, not cancelled (admin blocks are left out apart). */
export const COLLECTED = stateInSql('b', ['COMPLETED']);
/** Cancelled by either mark: the flag, or the status an admin cancellation sets. */
export const CANCELLED = stateInSql('b', ['CANCELLED']);
/** A client's booking, not an admin block: blocks are never part of a report. */
export const NOT_A_BLOCK = "b.booking_type <> 'ADMIN_BLOCK'";
/** A client's session as the monthly report counts it: not a block, not a failed payment attempt. */
export const A_SESSION = `${NOT_A_BLOCK} AND ${statusNotInSql('b', ['FAILED'])}`;
/** Its client did not come (marked No-show at the front desk or by the therapist). */
export const NO_SHOW = "b.attendance = 'no_show'";
/** Missed: cancelled, or its client did not come. */
export const MISSED = `(${CANCELLED} OR ${NO_SHOW})`;
/** A collected booking that took place: a paid no-show is income, not a completed session. */
export const COMPLETED_SESSION = `${COLLECTED} AND b.attendance IS DISTINCT FROM 'no_show'`;
