import type { Queryable } from '../../../db/database.ts';
import type { BookingForEmail } from './booking-emails.ts';

export async function findBookingForEmail(db: Queryable, id: number): Promise<BookingForEmail | undefined> {
  const { rows } = await db.query<BookingForEmail>(
    `SELECT b.id, b.booking_type, b.payment_status, b.cancelled,
       to_char(b.booking_date, 'YYYY-MM-DD') AS booking_date,
       to_char(b.booking_time_slot_start, 'HH24:MI:SS') AS start_time,
       to_char(b.booking_time_slot_end, 'HH24:MI:SS') AS end_time,
       b.client_full_name, b.client_email, b.client_mobile, b.client_note, b.guardian_email,
       t.name AS therapist_name, COALESCE(b.therapist_email, t.email) AS therapist_email,
       l.name AS location_name, l.address AS location_address,
       b.amount_paise, b.google_meet_link, b.payment_transaction_id,
       booking_paid_online(b.id, b.payment_transaction_id) AS paid_online,
       (NOT b.cancelled AND booking_paid_at_centre(b.id)) AS paid_at_centre,
       r.provider_refund_id AS refund_id, r.amount_paise AS refund_amount_paise,
       b.invite_sequence, b.cancelled_by, b.client_language, b.payment_link_url, b.hold_expires_at
     FROM bookings b
     JOIN therapists t ON t.id = b.therapist_id
     LEFT JOIN locations l ON l.id = b.location_id
     LEFT JOIN refunds r ON r.booking_id = b.id AND r.status IN ('pending', 'processed')
     WHERE b.id = $1`,
    [id],
  );
  return rows[0];
}
