import type { BookingState, PaymentStatus } from '@therapy/shared/booking-states';

/*
 * The shared state table's questions as SQL predicates, for the queries that filter on them: the
 * only place (with the migrations) where SQL compares `payment_status` to a value. Written out as
 * plain comparisons, not a function call, so the planner still matches the partial indexes of
 * migrations 0001 and 0010. The values are the table's own constants, never input. `alias` names
 * the bookings table (none: its bare columns). The SQL functions of migration 0017 answer the
 * questions that read other tables (paid online, paid at the centre) and the hold's lapse.
 */

const column = (alias: string | null, name: string) => (alias ? `${alias}.${name}` : name);

function statusList(statuses: readonly PaymentStatus[], negate: boolean): string {
  if (statuses.length === 1) return `${negate ? '<>' : '='} '${statuses[0]}'`;
  return `${negate ? 'NOT IN' : 'IN'} (${statuses.map((status) => `'${status}'`).join(', ')})`;
}

/** The status (whatever the cancelled flag) is one of `statuses`. */
export function statusInSql(alias: string | null, statuses: readonly PaymentStatus[]): string {
  return `${column(alias, 'payment_status')} ${statusList(statuses, false)}`;
}

/** The status (whatever the cancelled flag) is none of `statuses`. */
export function statusNotInSql(alias: string | null, statuses: readonly PaymentStatus[]): string {
  return `${column(alias, 'payment_status')} ${statusList(statuses, true)}`;
}

/** The booking's state (bookingState: CANCELLED once the flag is set) is one of `states`. */
export function stateInSql(alias: string | null, states: readonly BookingState[]): string {
  const cancelled = column(alias, 'cancelled');
  return states.includes('CANCELLED')
    ? `(${cancelled} OR ${statusInSql(alias, states)})`
    : `(NOT ${cancelled} AND ${statusInSql(alias, states)})`;
}

/** The booking's state (bookingState) is none of `states`. */
export function stateNotInSql(alias: string | null, states: readonly BookingState[]): string {
  const cancelled = column(alias, 'cancelled');
  return states.includes('CANCELLED')
    ? `(NOT ${cancelled} AND ${statusNotInSql(alias, states)})`
    : `(${cancelled} OR ${statusNotInSql(alias, states)})`;
}

/**
 * The booking's own online payment as a join, for reads that need its row (the amount to refund):
 * the payment `booking_paid_online` (migrations 0017, 0024) asks about, on the same conditions:
 * the booking's own, or its standing appointment's one payment for all its sessions.
 */
export function onlinePaymentJoinSql(bookings: string, payments: string): string {
  return `LEFT JOIN payments ${payments} ON ${payments}.id = ${bookings}.payment_transaction_id
    AND (${payments}.booking_id = ${bookings}.id
         OR (${payments}.series_id IS NOT NULL AND ${payments}.series_id = ${bookings}.series_id))
    AND ${payments}.status = 'captured'`;
}

/**
 * What of that payment is the booking's (the amount a refund of it gives back): all of its own
 * payment, the booking's amount of its series' one payment (decision 056).
 */
export function paidShareSql(bookings: string, payments: string): string {
  return `(CASE WHEN ${payments}.series_id IS NULL THEN ${payments}.amount_paise ELSE ${bookings}.amount_paise END)`;
}

/** The standing centre payment as a join (its amount, its method): `booking_paid_at_centre`'s row. */
export function centrePaymentJoinSql(bookings: string, payments: string): string {
  return `LEFT JOIN centre_payments ${payments} ON ${payments}.booking_id = ${bookings}.id AND ${payments}.voided_at IS NULL`;
}
