import type { BookingType, PaymentStatus } from '@therapy/shared/booking-states';
import type { Queryable } from '../../db/database.ts';
import { holdsSlotSql } from '../../db/holds-slot-sql.ts';

/** Reads of the administrators' actions (their writes to bookings are the booking module's). */

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

/** Whatever holds any part of the slot: a booking (paid, pending or awaiting payment) or a block. */
export async function findSlotHolder(
  db: Queryable,
  slot: { therapistId: number; date: string; startTime: string; endTime: string },
): Promise<{ id: number; booking_type: BookingType; payment_status: PaymentStatus } | undefined> {
  const { rows } = await db.query<{ id: number; booking_type: BookingType; payment_status: PaymentStatus }>(
    `SELECT id, booking_type, payment_status FROM bookings
     WHERE therapist_id = $1 AND ${holdsSlotSql()}
       AND slot_range && tsrange($2::date + $3::time, $2::date + $4::time)
     ORDER BY id LIMIT 1`,
    [slot.therapistId, slot.date, slot.startTime, slot.endTime],
  );
  return rows[0];
}
