import { isConfirmedSession } from '@therapy/shared/booking-states';
import type { Queryable } from '../../../db/database.ts';
import { JobDeferral } from '../../jobs/job-worker.ts';
import { quietHoursEnd, sessionSlot, slotStart } from './reminder-times.ts';

/** What reminders read of a booking: its slot, whether it stands, and the client's WhatsApp choice. */
export type ReminderBooking = {
  id: number;
  booking_type: 'ONLINE' | 'OFFLINE' | 'ADMIN_BLOCK';
  payment_status: string;
  cancelled: boolean;
  /** 'YYYY-MM-DDTHH:MM', clinic time. */
  slot: string;
  invite_sequence: number;
  whatsapp_consent: boolean;
  client_language: 'en' | 'hi';
};

export async function findReminderBooking(db: Queryable, id: number): Promise<ReminderBooking | undefined> {
  const { rows } = await db.query<
    Omit<ReminderBooking, 'slot'> & { booking_date: string; start_time: string }
  >(
    `SELECT id, booking_type, payment_status, cancelled, invite_sequence, whatsapp_consent, client_language,
       to_char(booking_date, 'YYYY-MM-DD') AS booking_date,
       to_char(booking_time_slot_start, 'HH24:MI') AS start_time
     FROM bookings WHERE id = $1`,
    [id],
  );
  const row = rows[0];
  if (!row) return undefined;
  const { booking_date, start_time, ...rest } = row;
  return { ...rest, slot: sessionSlot(booking_date, start_time) };
}

/**
 * Whether the reminder for `slot` is still to be sent, checked as it goes: the booking stands and
 * is still at that slot (a moved booking's old reminders do nothing), and the session has not
 * begun. In the quiet hours (a retry that came late) it throws a JobDeferral to 08:00.
 */
export async function reminderStillDue(
  db: Queryable,
  payload: { booking_id: number; slot: string },
  timeZone: string,
  now: Date,
): Promise<ReminderBooking | undefined> {
  const booking = await findReminderBooking(db, Number(payload.booking_id));
  if (!booking || !isConfirmedSession(booking) || booking.slot !== payload.slot) return undefined;
  const start = slotStart(booking.slot, timeZone);
  if (now >= start) return undefined;
  const morning = quietHoursEnd(now, timeZone);
  if (morning) {
    if (morning >= start) return undefined;
    throw new JobDeferral(morning);
  }
  return booking;
}
