import { statesLeadingTo } from '@therapy/shared/booking-states';
import { statusInSql } from '../../db/booking-state-sql.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { announce } from './booking-events.ts';

/*
 * An online booking whose payment does not come stops holding its slot: FAILED. The one UPDATE
 * for it, whoever notices (the worker's sweep, a new booking of the same day, the payment link's
 * expiry or the status page); only a state the table lets become FAILED (INITIATED) changes.
 * Each booking it fails announces booking.released in the same statement's transaction: the
 * waitlist hears of the freed slot at once (decision 043).
 */

/**
 * As literals, not a parameter: the sweep's partial index (bookings_unpaid_holds_idx, `WHERE
 * payment_status = 'INITIATED'`) is only used when the planner sees the value. They are the
 * table's own constants, never input.
 */
const FAILABLE_SQL = statesLeadingTo('FAILED')
  .map((state) => `'${state}'`)
  .join(', ');

type FreedSlot = { id: number; therapist_id: number; booking_date: string; start_time: string };

async function failUnpaid(db: Queryable, condition: string, params: unknown[], now: Date): Promise<number[]> {
  const { rows } = await db.query<FreedSlot>(
    `UPDATE bookings SET payment_status = 'FAILED', updated_at = now()
     WHERE payment_status IN (${FAILABLE_SQL}) AND ${condition}
     RETURNING id, therapist_id, to_char(booking_date, 'YYYY-MM-DD') AS booking_date,
       to_char(booking_time_slot_start, 'HH24:MI:SS') AS start_time`,
    params,
  );
  for (const row of rows) {
    const { id: booking_id, therapist_id, booking_date, start_time } = row;
    const released_at = now.toISOString();
    await announce(db, {
      kind: 'booking.released',
      booking_id,
      therapist_id,
      booking_date,
      start_time,
      released_at,
    });
  }
  return rows.map((row) => row.id);
}

/** The UPDATE and its announcements in one transaction, whether the caller gave one or the pool. */
function failUnpaidAtomically(db: Queryable | Database, condition: string, params: unknown[], now: Date) {
  if ('transaction' in db) return db.transaction((tx) => failUnpaid(tx, condition, params, now));
  return failUnpaid(db, condition, params, now);
}

// booking_hold_lapsed (migration 0017) is inlined: the sweep still uses its partial index.
const HOLD_EXPIRED = 'booking_hold_lapsed(hold_expires_at, $1)';

/** Unpaid online bookings whose hold has run out give their slot back. Safe to run anywhere, any time. */
export function expireUnpaidHolds(db: Queryable | Database, now: Date): Promise<number[]> {
  return failUnpaidAtomically(db, HOLD_EXPIRED, [now], now);
}

/**
 * The same for one therapist's day, before a new booking of it: a visitor never loses a slot to
 * a hold that has already run out but was not swept yet.
 */
export async function expireUnpaidHoldsOfDay(db: Queryable, therapistId: number, date: string, now: Date) {
  await failUnpaidAtomically(
    db,
    `${HOLD_EXPIRED} AND therapist_id = $2 AND booking_date = $3`,
    [now, therapistId, date],
    now,
  );
}

/**
 * The sessions a payment on `$1` was for: the booking itself and, when it is the payer of a
 * standing appointment (its first session, decision 056), the series' sessions without a payment
 * link of their own (the whole series paid at once, or its later sessions before the first is paid).
 */
const PAYMENT_COVERS = `(id = $1 OR (series_id IS NOT NULL AND payment_link_id IS NULL
  AND series_id = (SELECT p.series_id FROM bookings p WHERE p.id = $1
                   AND ${statusInSql('p', ['INITIATED', 'FAILED'])} AND p.id = (SELECT min(f.id) FROM bookings f WHERE f.series_id = p.series_id))))`;

/** The booking's payment will not come (its hold ran out, or its payment link expired or was cancelled). */
export async function markPaymentFailed(db: Queryable | Database, bookingId: number, now = new Date()) {
  await failUnpaidAtomically(db, PAYMENT_COVERS, [bookingId], now);
}

/**
 * The worker's sweep (server-worker.ts hands it to the job worker). `onExpired` hears how many
 * holds it ended: the server's kept slot answers are dropped at once rather than a second later
 * (ADR 036), and the metrics count them.
 */
export function unpaidHoldsSweep(
  db: Queryable | Database,
  { onExpired }: { onExpired?: (count: number) => void } = {},
) {
  return {
    name: 'unpaid holds expired',
    run: async (now: Date) => {
      const expired = (await expireUnpaidHolds(db, now)).length;
      if (expired > 0) onExpired?.(expired);
      return expired;
    },
  };
}

/**
 * How many unpaid holds ran out between `from` and `to` (the health figures' "today"): bookings
 * FAILED whose hold ended then. A hold lasts a day at most and is taken for a later slot, so only
 * bookings from two days before `from` on are looked at (bookings_date_idx), at most `cap`.
 */
export async function countHoldsExpiredBetween(db: Queryable, from: Date, to: Date, cap: number) {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::integer AS n FROM (
       SELECT 1 FROM bookings
       WHERE booking_date >= ($1::timestamptz - interval '2 days')::date
         AND ${statusInSql(null, ['FAILED'])} AND hold_expires_at >= $1 AND hold_expires_at <= $2
       LIMIT $3) expired`,
    [from, to, cap],
  );
  return rows[0]?.n ?? 0;
}
