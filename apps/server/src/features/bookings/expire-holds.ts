import { statesLeadingTo } from '@therapy/shared/booking-states';
import type { Queryable } from '../../db/database.ts';

/*
 * An online booking whose payment does not come stops holding its slot: FAILED. The one UPDATE
 * for it, whoever notices (the worker's sweep, a new booking of the same day, the payment link's
 * expiry or the status page); only a state the table lets become FAILED (INITIATED) changes.
 */

/**
 * As literals, not a parameter: the sweep's partial index (bookings_unpaid_holds_idx, `WHERE
 * payment_status = 'INITIATED'`) is only used when the planner sees the value. They are the
 * table's own constants, never input.
 */
const FAILABLE_SQL = statesLeadingTo('FAILED')
  .map((state) => `'${state}'`)
  .join(', ');

async function failUnpaid(db: Queryable, condition: string, params: unknown[]): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `UPDATE bookings SET payment_status = 'FAILED', updated_at = now()
     WHERE payment_status IN (${FAILABLE_SQL}) AND ${condition}
     RETURNING id`,
    params,
  );
  return rows.map((row) => row.id);
}

// booking_hold_lapsed (migration 0017) is inlined: the sweep still uses its partial index.
const HOLD_EXPIRED = 'booking_hold_lapsed(hold_expires_at, $1)';

/** Unpaid online bookings whose hold has run out give their slot back. Safe to run anywhere, any time. */
export function expireUnpaidHolds(db: Queryable, now: Date): Promise<number[]> {
  return failUnpaid(db, HOLD_EXPIRED, [now]);
}

/**
 * The same for one therapist's day, before a new booking of it: a visitor never loses a slot to
 * a hold that has already run out but was not swept yet.
 */
export async function expireUnpaidHoldsOfDay(db: Queryable, therapistId: number, date: string, now: Date) {
  await failUnpaid(db, `${HOLD_EXPIRED} AND therapist_id = $2 AND booking_date = $3`, [
    now,
    therapistId,
    date,
  ]);
}

/** The booking's payment will not come (its hold ran out, or its payment link expired or was cancelled). */
export async function markPaymentFailed(db: Queryable, bookingId: number) {
  await failUnpaid(db, 'id = $1', [bookingId]);
}

/**
 * The worker's sweep (server-worker.ts hands it to the job worker). `onExpired` hears of freed slots: the
 * server's kept slot answers are dropped at once rather than a second later (ADR 036).
 */
export function unpaidHoldsSweep(db: Queryable, { onExpired }: { onExpired?: () => void } = {}) {
  return {
    name: 'unpaid holds expired',
    run: async (now: Date) => {
      const expired = (await expireUnpaidHolds(db, now)).length;
      if (expired > 0) onExpired?.();
      return expired;
    },
  };
}
