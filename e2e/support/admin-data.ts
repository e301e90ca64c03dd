import { BOOKING_WINDOW_DAYS } from '@therapy/shared/booking-rules';
import { loginThroughApi } from './admin-session.ts';
import { serverUrl } from './server.ts';

const CLINIC_TIME_ZONE = 'Asia/Kolkata';

/** Today plus `days`, in the clinic's time zone ('YYYY-MM-DD'). */
export function clinicDate(days = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: CLINIC_TIME_ZONE }).format(new Date());
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** What a test needs open on one date: a therapist's start times ('HH:MM') at a place (0 online). */
export type OpenNeed = { therapistId: number; locationId: number; starts: readonly string[] };

/**
 * A date about `days` ahead (clinic zone) on which every one of `needs` is open, as GET
 * /api/open-slots answers: that date if so, else the nearest later one in the booking window,
 * else the nearest earlier one from tomorrow on. Demo therapists 2, 3, 4 and 7 have weekends off
 * (7 a day of leave too), so a fixed number of days ahead is not always a day they work.
 */
export async function openDate(days: number, ...needs: OpenNeed[]): Promise<string> {
  const open = await Promise.all(needs.map((need) => openSlotSet(need.therapistId, need.locationId)));
  const fits = (date: string) =>
    needs.every((need, index) => need.starts.every((start) => open[index]?.has(`${date} ${start}`)));
  const offsets: number[] = [];
  for (let offset = days; offset < BOOKING_WINDOW_DAYS; offset += 1) offsets.push(offset);
  for (let offset = Math.min(days, BOOKING_WINDOW_DAYS) - 1; offset >= 1; offset -= 1) offsets.push(offset);
  const date = offsets.map((offset) => clinicDate(offset)).find(fits);
  if (!date) throw new Error(`no date in the booking window has all open: ${JSON.stringify(needs)}`);
  return date;
}

/** A therapist's open slots at one place (0: online) in the booking window, as 'YYYY-MM-DD HH:MM'. */
export async function openSlotSet(therapistId: number, locationId: number): Promise<Set<string>> {
  const response = await fetch(`${serverUrl()}/api/open-slots?therapist_id=${therapistId}`);
  if (!response.ok) throw new Error(`open slots: ${response.status} ${await response.text()}`);
  const slots = (await response.json()) as { date: string; start_time: string; location_id: number }[];
  return new Set(
    slots
      .filter((slot) => slot.location_id === locationId)
      .map((slot) => `${slot.date} ${slot.start_time.slice(0, 5)}`),
  );
}

type OfflineBooking = {
  therapistId: number;
  locationId: number;
  date: string;
  start: string;
  name: string;
  /** The client's contact, when a test needs one of its own (the privacy desk's). */
  email?: string;
  mobile?: string;
};

/**
 * The e-mail of the browser tests' client named `name`: one address per name, so that a client
 * list (which shows a client's latest name) never depends on which file booked before.
 */
export const e2eClientEmail = (name: string) =>
  `e2e.client.${
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '.')
      .replace(/^\.|\.$/g, '') || 'anon'
  }@example.com`;

/** An in-person booking made as a visitor would (POST /confirm-booking): PENDING, pay at the visit. */
export async function createOfflineBooking(booking: OfflineBooking): Promise<number> {
  return (await bookInPerson(booking)).booking_id;
}

/** The same, with the confirmation token that opens the booking's status page. */
export async function bookInPerson(
  booking: OfflineBooking,
): Promise<{ booking_id: number; confirmation_token: string }> {
  const response = await fetch(`${serverUrl()}/confirm-booking`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      therapist_id: booking.therapistId,
      booking_date: booking.date,
      booking_time_slot_start: booking.start,
      client_full_name: booking.name,
      client_email: booking.email ?? e2eClientEmail(booking.name),
      client_mobile: booking.mobile ?? '9876543210',
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
  const response = await fetch(`${serverUrl()}/booked-slots?therapist_id=${therapistId}`);
  const slots = (await response.json()) as { booking_date: string; booking_time_slot_start: string }[];
  return slots.map((slot) => `${slot.booking_date} ${slot.booking_time_slot_start.slice(0, 5)}`);
}

let token: Promise<string> | undefined;

/** A booking as the admin API answers it. */
export async function adminBooking(id: number): Promise<Record<string, unknown> | undefined> {
  token ??= loginThroughApi().then((login) => login.access_token);
  const access_token = await token;
  const response = await fetch(`${serverUrl()}/api/admin/bookings/${id}`, {
    headers: { authorization: `Bearer ${access_token}` },
  });
  return response.ok ? ((await response.json()) as Record<string, unknown>) : undefined;
}
