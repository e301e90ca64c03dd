import type { Queryable } from '../../db/database.ts';

/** A booking as its manage page needs it (nothing of the client: the link is all the page has). */
export type ManagedBookingRow = {
  booking_id: number;
  booking_type: 'ONLINE' | 'OFFLINE' | 'ADMIN_BLOCK';
  payment_status: string;
  cancelled: boolean;
  booking_date: string;
  booking_time_slot_start: string;
  booking_time_slot_end: string;
  therapist_id: number;
  therapist_name: string;
  location_id: number | null;
  location_name: string | null;
  location_address: string | null;
  google_meet_link: string | null;
  amount_paise: number;
  paid_online: boolean;
  invite_sequence: number;
};

export async function findManagedBooking(db: Queryable, id: number): Promise<ManagedBookingRow | undefined> {
  const { rows } = await db.query<ManagedBookingRow>(
    `SELECT b.id AS booking_id, b.booking_type, b.payment_status, b.cancelled,
       to_char(b.booking_date, 'YYYY-MM-DD') AS booking_date,
       to_char(b.booking_time_slot_start, 'HH24:MI:SS') AS booking_time_slot_start,
       to_char(b.booking_time_slot_end, 'HH24:MI:SS') AS booking_time_slot_end,
       b.therapist_id, t.name AS therapist_name, b.location_id, l.name AS location_name,
       l.address AS location_address, b.google_meet_link, b.amount_paise, b.invite_sequence,
       booking_paid_online(b.id, b.payment_transaction_id) AS paid_online
     FROM bookings b
     JOIN therapists t ON t.id = b.therapist_id
     LEFT JOIN locations l ON l.id = b.location_id
     WHERE b.id = $1`,
    [id],
  );
  return rows[0];
}
