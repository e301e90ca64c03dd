import type { BookingPayload } from '@therapy/shared/booking-schemas';
import type { FastifyInstance } from 'fastify';

/** 2026-11-22 09:30 in Kolkata: the fixed "now" of booking tests. */
export const BOOKING_TEST_NOW = new Date('2026-11-22T04:00:00Z');

/** A valid online booking of demo therapist 1 (Dr.Asha Menon, ₹1,500) for tomorrow 10:00. */
export function onlineBooking(change: Partial<BookingPayload> = {}): BookingPayload {
  return {
    therapist_id: 1,
    booking_date: '2026-11-23',
    booking_time_slot_start: '10:00',
    client_full_name: 'Asha Client',
    client_email: 'client@example.com',
    client_mobile: '9876543210',
    client_note: 'First session',
    terms_accepted: true,
    booking_type: 'ONLINE',
    location_id: 0,
    client_age: 30,
    client_session_type: 'individual',
    client_state: '',
    client_city: '',
    payment_transaction_id: null,
    therapist_email: 'attacker@example.com',
    amount: 1,
    ...change,
  };
}

/** A valid in-person booking of demo therapist 3 (Ms.Priya Nair, West Branch, ₹1,000). */
export function offlineBooking(change: Partial<BookingPayload> = {}): BookingPayload {
  return onlineBooking({
    therapist_id: 3,
    booking_type: 'OFFLINE',
    location_id: 1,
    booking_time_slot_start: '11:00',
    client_state: 'Maharashtra',
    client_city: 'Mumbai',
    ...change,
  });
}

/**
 * An online booking on `date` (POST /api/bookings) and its payment link (POST
 * /api/payment/generate-link, with an amount the server must ignore), as the wizard makes them.
 */
export async function bookOnlineWithLink(app: FastifyInstance, date: string) {
  const created = await app.inject({
    method: 'POST',
    url: '/api/bookings',
    payload: onlineBooking({ booking_date: date }),
  });
  if (created.statusCode !== 201) throw new Error(`booking failed: ${created.statusCode} ${created.body}`);
  const bookingId = created.json().booking_id as number;
  const link = await app.inject({
    method: 'POST',
    url: '/api/payment/generate-link',
    payload: { booking_id: bookingId, amount: 1, customer_email: 'client@example.com' },
  });
  if (link.statusCode !== 200) throw new Error(`payment link failed: ${link.statusCode} ${link.body}`);
  return {
    bookingId,
    date,
    linkId: link.json().payment_link_id as string,
    shortUrl: link.json().short_url as string,
  };
}
