import { addDays } from '@therapy/shared/clinic-time';
import { mondayOf } from '@therapy/shared/series-rules';
import { clinicDate, openSlotSet } from './admin-data.ts';
import type { Slot } from './manage-data.ts';
import { serverUrl } from './server.ts';

/**
 * An open slot (in person at `locationId`, online for 0), `fromDays` or more ahead, whose weekly series of `count` sessions is
 * free on every date as the server's preview says now (any hour, any weekday, whatever other
 * tests of this server booked): found through POST /api/bookings/series-preview.
 */
export async function clearSeriesSlot(need: {
  therapistId: number;
  locationId: number;
  count: number;
  fromDays: number;
}): Promise<Slot> {
  const open = [...(await openSlotSet(need.therapistId, need.locationId))]
    .map((key) => {
      const [date = '', start = ''] = key.split(' ');
      return { date, start };
    })
    .filter((slot) => slot.date >= clinicDate(need.fromDays))
    .sort((a, b) => `${a.date} ${a.start}`.localeCompare(`${b.date} ${b.start}`));
  for (const slot of open.slice(0, 60)) {
    const sessions = await previewWeekly(need, slot);
    if (sessions.length === need.count && sessions.every((session) => session.reason === null)) return slot;
  }
  throw new Error(`no open slot has ${need.count} free weeks in a row: ${JSON.stringify(need)}`);
}

async function previewWeekly(
  need: { therapistId: number; locationId: number; count: number },
  slot: Slot,
): Promise<{ reason: string | null }[]> {
  const response = await fetch(`${serverUrl()}/api/bookings/series-preview`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      therapist_id: need.therapistId,
      booking_type: need.locationId === 0 ? 'ONLINE' : 'OFFLINE',
      location_id: need.locationId,
      booking_date: slot.date,
      booking_time_slot_start: slot.start,
      repeat: { every_weeks: 1, count: need.count },
    }),
  });
  if (!response.ok) return [];
  return ((await response.json()) as { sessions: { reason: string | null }[] }).sessions;
}

/** The dates of a weekly series from `first`. */
export const weeklyDates = (first: string, count: number) =>
  Array.from({ length: count }, (_, index) => addDays(first, index * 7));

/** A weekly series booked as a visitor books one in person (POST /confirm-booking with `repeat`). */
export async function bookSeriesInPerson(booking: {
  therapistId: number;
  locationId: number;
  slot: Slot;
  count: number;
  name: string;
}): Promise<{ booking_id: number; booking_ids: number[]; confirmation_token: string }> {
  const response = await fetch(`${serverUrl()}/confirm-booking`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      therapist_id: booking.therapistId,
      booking_date: booking.slot.date,
      booking_time_slot_start: booking.slot.start,
      client_full_name: booking.name,
      client_email: 'e2e.series@example.com',
      client_mobile: '9876543210',
      client_note: null,
      terms_accepted: true,
      booking_type: 'OFFLINE',
      location_id: booking.locationId,
      client_age: 34,
      client_session_type: 'individual',
      client_state: 'Maharashtra',
      client_city: 'Mumbai',
      repeat: { every_weeks: 1, count: booking.count },
    }),
  });
  if (response.status !== 201) throw new Error(`series failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as { booking_id: number; booking_ids: number[]; confirmation_token: string };
}

/** The status page of one session of a series (the series' one confirmation token opens each). */
export function statusPageOf(bookingId: number, token: string): string {
  return `${serverUrl()}/payment-status?${new URLSearchParams({ booking_id: String(bookingId), token })}`;
}

/** The first open time (by date, then time) of the Monday-to-Sunday week `date` falls in, at one place. */
export async function firstOpenOfWeek(therapistId: number, locationId: number, date: string): Promise<Slot> {
  const monday = mondayOf(date);
  const query = new URLSearchParams({
    therapist_id: String(therapistId),
    from: monday,
    to: addDays(monday, 6),
  });
  const response = await fetch(`${serverUrl()}/api/open-slots?${query}`);
  const slots = (await response.json()) as { date: string; start_time: string; location_id: number }[];
  const first = slots
    .filter((slot) => slot.location_id === locationId)
    .map((slot) => ({ date: slot.date, start: slot.start_time.slice(0, 5) }))
    .sort((a, b) => `${a.date} ${a.start}`.localeCompare(`${b.date} ${b.start}`))[0];
  if (!first) throw new Error(`no open time in the week of ${date}`);
  return first;
}
