import type { BookingConfirmation } from '@therapy/shared/booking-schemas';
import { toRupees } from '@therapy/shared/money';
import type { Queryable } from '../../db/database.ts';

export const BOOKING_CONFIRMED = 'Your booking is confirmed.';
export const PAYMENT_NOT_PROCESSED = 'Your payment could not be processed.';

/** The status page's view of a booking row: rupees, and nothing of the client. */
export function toConfirmation(row: BookingConfirmationRow): BookingConfirmation {
  return {
    booking_id: row.booking_id,
    booking_type: row.booking_type,
    payment_status: row.cancelled ? 'CANCELLED' : row.payment_status,
    booking_date: row.booking_date,
    booking_time_slot_start: row.booking_time_slot_start,
    booking_time_slot_end: row.booking_time_slot_end,
    therapist_name: row.therapist_name,
    amount: toRupees(row.amount_paise),
    payment_transaction_id: row.payment_transaction_id,
    google_meet_link: row.google_meet_link,
    location_name: row.location_name,
    location_address: row.location_address,
  };
}

/** A booking as the status page shows it, with the hash that guards it. */
export type BookingConfirmationRow = {
  booking_id: number;
  booking_type: 'ONLINE' | 'OFFLINE';
  payment_status: string;
  cancelled: boolean;
  booking_date: string;
  booking_time_slot_start: string;
  booking_time_slot_end: string;
  therapist_name: string;
  amount_paise: number;
  payment_transaction_id: string | null;
  google_meet_link: string | null;
  location_name: string | null;
  location_address: string | null;
  confirmation_token_hash: string | null;
  payment_link_id: string | null;
  /** Paid at the centre (a standing centre payment): a link sent earlier may have been paid too. */
  paid_at_centre: boolean;
};

const confirmationSelect = `
  SELECT b.id AS booking_id, b.booking_type, b.payment_status, b.cancelled,
    to_char(b.booking_date, 'YYYY-MM-DD') AS booking_date,
    to_char(b.booking_time_slot_start, 'HH24:MI:SS') AS booking_time_slot_start,
    to_char(b.booking_time_slot_end, 'HH24:MI:SS') AS booking_time_slot_end,
    t.name AS therapist_name, b.amount_paise, b.payment_transaction_id, b.google_meet_link,
    l.name AS location_name, l.address AS location_address, b.confirmation_token_hash, b.payment_link_id,
    booking_paid_at_centre(b.id) AS paid_at_centre
  FROM bookings b
  JOIN therapists t ON t.id = b.therapist_id
  LEFT JOIN locations l ON l.id = b.location_id`;

export async function findBookingConfirmation(db: Queryable, bookingId: number) {
  const { rows } = await db.query<BookingConfirmationRow>(`${confirmationSelect} WHERE b.id = $1`, [
    bookingId,
  ]);
  return rows[0];
}

export async function findBookingConfirmationByLink(db: Queryable, paymentLinkId: string) {
  const { rows } = await db.query<BookingConfirmationRow>(
    `${confirmationSelect} WHERE b.payment_link_id = $1`,
    [paymentLinkId],
  );
  return rows[0];
}
