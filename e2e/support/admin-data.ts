import { inject } from 'vitest';
import { loginThroughApi } from './admin-session.ts';

const CLINIC_TIME_ZONE = 'Asia/Kolkata';

/** Today plus `days`, in the clinic's time zone ('YYYY-MM-DD'). */
export function clinicDate(days = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: CLINIC_TIME_ZONE }).format(new Date());
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

type OfflineBooking = { therapistId: number; locationId: number; date: string; start: string; name: string };

/** An in-person booking made as a visitor would (POST /confirm-booking): PENDING, pay at the visit. */
export async function createOfflineBooking(booking: OfflineBooking): Promise<number> {
  return (await bookInPerson(booking)).booking_id;
}

/** The same, with the confirmation token that opens the booking's status page. */
export async function bookInPerson(
  booking: OfflineBooking,
): Promise<{ booking_id: number; confirmation_token: string }> {
  const response = await fetch(`${inject('baseUrl')}/confirm-booking`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      therapist_id: booking.therapistId,
      booking_date: booking.date,
      booking_time_slot_start: booking.start,
      client_full_name: booking.name,
      client_email: 'e2e.client@example.com',
      client_mobile: '9876543210',
      client_note: null,
      terms_accepted: true,
      booking_type: 'OFFLINE',
      location_id: booking.locationId,
      client_age: 34,
      client_session_type: 'individual',
      client_state: 'Maharashtra',
      client_city: 'Mumbai',
    }),
  });
  if (response.status !== 201) throw new Error(`booking failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as { booking_id: number; confirmation_token: string };
}

/** The slots a therapist's bookings and admin blocks hold, as the public wizard sees them. */
export async function heldSlots(therapistId: number): Promise<string[]> {
  const response = await fetch(`${inject('baseUrl')}/booked-slots?therapist_id=${therapistId}`);
  const slots = (await response.json()) as { booking_date: string; booking_time_slot_start: string }[];
  return slots.map((slot) => `${slot.booking_date} ${slot.booking_time_slot_start.slice(0, 5)}`);
}

let token: Promise<string> | undefined;

/** A booking as the admin API answers it. */
export async function adminBooking(id: number): Promise<Record<string, unknown> | undefined> {
  token ??= loginThroughApi().then((login) => login.access_token);
  const access_token = await token;
  const response = await fetch(`${inject('baseUrl')}/api/admin/bookings`, {
    headers: { authorization: `Bearer ${access_token}` },
  });
  const bookings = (await response.json()) as { id: number }[];
  return bookings.find((booking) => booking.id === id);
}
