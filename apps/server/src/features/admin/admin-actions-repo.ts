import type { BookingType, PaymentStatus } from '@therapy/shared/booking-states';
import type { Queryable } from '../../db/database.ts';

/** SQL of the administrators' actions: cancel, block and unblock, manual booking. */

export type BookingForUpdate = {
  id: number;
  therapist_id: number;
  booking_date: string;
  booking_time_slot_start: string;
  booking_type: BookingType;
  payment_status: PaymentStatus;
  cancelled: boolean;
};

const bookingColumns = `id, therapist_id, to_char(booking_date, 'YYYY-MM-DD') AS booking_date,
  to_char(booking_time_slot_start, 'HH24:MI:SS') AS booking_time_slot_start,
  booking_type, payment_status, cancelled`;

/** The booking, locked until the transaction ends. */
export async function lockBooking(tx: Queryable, id: number): Promise<BookingForUpdate | undefined> {
  const { rows } = await tx.query<BookingForUpdate>(
    `SELECT ${bookingColumns} FROM bookings WHERE id = $1 FOR UPDATE`,
    [id],
  );
  return rows[0];
}

/** Cancels a booking; `paymentStatus` null keeps its status (an admin block stays BLOCKED). */
export async function markCancelled(tx: Queryable, id: number, paymentStatus: PaymentStatus | null) {
  await tx.query(
    `UPDATE bookings SET cancelled = true, payment_status = COALESCE($2, payment_status), updated_at = now()
     WHERE id = $1`,
    [id, paymentStatus],
  );
}

/**
 * A paid booking being cancelled: when it was paid online through the app (a captured payment,
 * not a manual booking's payment outside it), it is marked for refund. Answers whether it was.
 */
export async function markPaidOnlineForRefund(tx: Queryable, id: number): Promise<boolean> {
  const { rows } = await tx.query(
    `UPDATE bookings b SET needs_refund = true, updated_at = now()
     WHERE b.id = $1 AND b.payment_transaction_id IS NOT NULL
       AND EXISTS (SELECT 1 FROM payments p WHERE p.id = b.payment_transaction_id AND p.booking_id = b.id
                   AND p.status = 'captured')
       AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.booking_id = b.id)
     RETURNING b.id`,
    [id],
  );
  return rows.length > 0;
}

export type TherapistForAdmin = {
  id: number;
  name: string;
  email: string;
  is_active: boolean;
  services: number[];
};

export async function findTherapist(db: Queryable, id: number): Promise<TherapistForAdmin | undefined> {
  const { rows } = await db.query<TherapistForAdmin>(
    `SELECT t.id, t.name, t.email, t.is_active,
       COALESCE((SELECT array_agg(service_id ORDER BY service_id) FROM therapist_services
                 WHERE therapist_id = t.id), '{}') AS services
     FROM therapists t WHERE t.id = $1`,
    [id],
  );
  return rows[0];
}

/** The admin block holding exactly this slot, locked, if there is one. */
export async function lockActiveBlock(
  tx: Queryable,
  therapistId: number,
  date: string,
  startTime: string,
): Promise<{ id: number } | undefined> {
  const { rows } = await tx.query<{ id: number }>(
    `SELECT id FROM bookings
     WHERE therapist_id = $1 AND booking_date = $2::date AND booking_time_slot_start = $3::time
       AND booking_type = 'ADMIN_BLOCK' AND NOT cancelled AND payment_status = 'BLOCKED'
     ORDER BY id LIMIT 1 FOR UPDATE`,
    [therapistId, date, startTime],
  );
  return rows[0];
}

/** Whatever holds any part of the slot: a booking (paid, pending or awaiting payment) or a block. */
export async function findSlotHolder(
  db: Queryable,
  slot: { therapistId: number; date: string; startTime: string; endTime: string },
): Promise<{ id: number; booking_type: BookingType; payment_status: PaymentStatus } | undefined> {
  const { rows } = await db.query<{ id: number; booking_type: BookingType; payment_status: PaymentStatus }>(
    `SELECT id, booking_type, payment_status FROM bookings
     WHERE therapist_id = $1 AND NOT cancelled AND payment_status NOT IN ('FAILED', 'CANCELLED')
       AND slot_range && tsrange($2::date + $3::time, $2::date + $4::time)
     ORDER BY id LIMIT 1`,
    [slot.therapistId, slot.date, slot.startTime, slot.endTime],
  );
  return rows[0];
}

/** What insertBooking does not set for a manual booking. */
export async function setManualBookingFields(
  tx: Queryable,
  id: number,
  fields: { adminConfirmed: boolean; paymentTransactionId: string },
) {
  await tx.query('UPDATE bookings SET admin_confirmed = $2, payment_transaction_id = $3 WHERE id = $1', [
    id,
    fields.adminConfirmed,
    fields.paymentTransactionId,
  ]);
}
