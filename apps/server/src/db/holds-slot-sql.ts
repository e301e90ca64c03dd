import { SLOT_RELEASING_STATUSES } from '@therapy/shared/booking-states';

const RELEASING_SQL = SLOT_RELEASING_STATUSES.map((status) => `'${status}'`).join(', ');

/**
 * The shared `holdsSlot` rule as SQL, for reads of the slots bookings hold (the public booked
 * slots, the admin's day view, the holder of a slot). It is the predicate of the database's
 * exclusion constraint `bookings_no_overlapping_slots` (migration 0001); booking-states.test.ts
 * and booking-transitions.test.ts keep the three in step. `alias` names the bookings table.
 */
export function holdsSlotSql(alias?: string): string {
  const column = (name: string) => (alias ? `${alias}.${name}` : name);
  return `NOT ${column('cancelled')} AND ${column('payment_status')} NOT IN (${RELEASING_SQL})`;
}
