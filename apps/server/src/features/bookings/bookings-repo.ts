import type { Queryable } from '../../db/database.ts';

export type TherapistForBooking = {
  id: number;
  name: string;
  type: 1 | 2;
  price_paise: number;
  email: string;
  locations: number[];
  services: number[];
};

export async function findActiveTherapist(
  db: Queryable,
  id: number,
): Promise<TherapistForBooking | undefined> {
  const { rows } = await db.query<TherapistForBooking>(
    `SELECT t.id, t.name, t.type, t.price_paise, t.email,
       COALESCE((SELECT array_agg(location_id) FROM therapist_locations WHERE therapist_id = t.id), '{}') AS locations,
       COALESCE((SELECT array_agg(service_id) FROM therapist_services WHERE therapist_id = t.id), '{}') AS services
     FROM therapists t WHERE t.id = $1 AND t.is_active`,
    [id],
  );
  return rows[0];
}

/**
 * Unpaid online bookings whose hold has run out stop holding their slot. The background job of
 * the payments feature does this too; doing it here first means a visitor never loses a slot to
 * a hold that has already expired.
 */
export async function releaseExpiredHolds(db: Queryable, therapistId: number, date: string, now: Date) {
  await db.query(
    `UPDATE bookings SET payment_status = 'FAILED', updated_at = now()
     WHERE therapist_id = $1 AND booking_date = $2 AND payment_status = 'INITIATED'
       AND hold_expires_at IS NOT NULL AND hold_expires_at <= $3`,
    [therapistId, date, now],
  );
}

export async function setConfirmationTokenHash(db: Queryable, bookingId: number, hash: string) {
  await db.query('UPDATE bookings SET confirmation_token_hash = $2 WHERE id = $1', [bookingId, hash]);
}
