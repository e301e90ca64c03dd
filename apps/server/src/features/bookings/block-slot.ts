import { CREATED_STATES } from '@therapy/shared/booking-states';
import { stateInSql } from '../../db/booking-state-sql.ts';
import type { Queryable } from '../../db/database.ts';
import { announce } from './booking-events.ts';
import { assertTransition } from './booking-transitions.ts';
import { insertBooking } from './bookings-repo.ts';
import { markCancelled } from './cancel-booking.ts';

/** An administrator's block of one template slot on one date: it holds the slot like a booking. */
export type SlotToBlock = {
  therapistId: number;
  date: string;
  startTime: string;
  endTime: string;
  adminId: number;
};

/** Blocks the slot (a 409, SLOT_TAKEN_MESSAGE, when anything holds any part of it). */
export async function blockSlot(tx: Queryable, slot: SlotToBlock): Promise<{ id: number }> {
  return insertBooking(tx, {
    therapistId: slot.therapistId,
    serviceId: null,
    bookingDate: slot.date,
    startTime: slot.startTime,
    endTime: slot.endTime,
    bookingType: 'ADMIN_BLOCK',
    paymentStatus: CREATED_STATES.adminBlock,
    termsAccepted: false,
    locationId: null,
    amountPaise: 0,
    therapistEmail: null,
    createdByAdminId: slot.adminId,
  });
}

/** The admin block holding exactly this slot, locked, if there is one. */
async function lockActiveBlock(
  tx: Queryable,
  therapistId: number,
  date: string,
  startTime: string,
): Promise<{ id: number } | undefined> {
  const { rows } = await tx.query<{ id: number }>(
    `SELECT id FROM bookings
     WHERE therapist_id = $1 AND booking_date = $2::date AND booking_time_slot_start = $3::time
       AND booking_type = 'ADMIN_BLOCK' AND ${stateInSql(null, ['BLOCKED'])}
     ORDER BY id LIMIT 1 FOR UPDATE`,
    [therapistId, date, startTime],
  );
  return rows[0];
}

/** Frees the slot an admin block holds; undefined when no block holds it. Answers the block's id. */
export async function unblockSlot(
  tx: Queryable,
  slot: Pick<SlotToBlock, 'therapistId' | 'date' | 'startTime'>,
): Promise<number | undefined> {
  const block = await lockActiveBlock(tx, slot.therapistId, slot.date, slot.startTime);
  if (!block) return undefined;
  assertTransition(block.id, 'BLOCKED', 'CANCELLED');
  await markCancelled(tx, block.id, null);
  // Its slot is free again, without a cancellation for anyone to hear of: the waitlist may offer it.
  await announce(tx, {
    kind: 'booking.released',
    booking_id: block.id,
    therapist_id: slot.therapistId,
    booking_date: slot.date,
    start_time: slot.startTime,
    released_at: new Date().toISOString(),
  });
  return block.id;
}
