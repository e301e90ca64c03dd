import type { BookingConfirmation } from '@therapy/shared/booking-schemas';
import type { BookingConfirmationRow } from './booking-records-repo.ts';

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
    amount: row.amount_paise / 100,
    payment_transaction_id: row.payment_transaction_id,
    google_meet_link: row.google_meet_link,
    location_name: row.location_name,
    location_address: row.location_address,
  };
}
