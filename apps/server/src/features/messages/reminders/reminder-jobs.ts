import { isConfirmedSession } from '@therapy/shared/booking-states';
import type { ReminderOffset } from '../../../config.ts';
import type { Database, Queryable } from '../../../db/database.ts';
import type { JobHandlers } from '../../jobs/job-kinds.ts';
import { enqueueJob } from '../../jobs/jobs-repo.ts';
import { findReminderBooking } from './reminder-booking.ts';
import { planReminders } from './reminder-times.ts';

/**
 * Plans a booking's reminders for the slot it has now: call it in the transaction that confirms or
 * moves the booking. Once per booking, slot and invite sequence, so a booking moved away and back
 * gets its reminders planned again.
 */
export async function enqueueReminderPlanning(db: Queryable, bookingId: number) {
  const booking = await findReminderBooking(db, bookingId);
  if (!booking) return;
  await enqueueJob(db, {
    kind: 'reminders.plan',
    payload: { booking_id: bookingId },
    dedupeKey: `reminders-plan:${bookingId}:${booking.slot}:${booking.invite_sequence}`,
  });
}

export type ReminderPlanOptions = {
  reminderOffsets: readonly ReminderOffset[];
  timeZone: string;
  /** WhatsApp is set up: consenting clients get each reminder there too. */
  whatsappEnabled: boolean;
  /** The app's clock (tests move it). */
  now?: () => Date;
};

/**
 * The 'reminders.plan' job: one e-mail job (and a WhatsApp one, with consent) per offset, due at
 * its time. Each is checked again when it runs (reminder-booking.ts).
 */
export function createReminderPlanHandlers(
  db: Database,
  options: ReminderPlanOptions,
): Pick<JobHandlers, 'reminders.plan'> {
  return {
    'reminders.plan': async (payload) => {
      const booking = await findReminderBooking(db, Number(payload.booking_id));
      if (!booking || !isConfirmedSession(booking)) return;
      // Planned as the booking is confirmed or moved (the plan job runs within seconds): an offset
      // already past then is skipped. The app's clock, not the database's, so tests can set it.
      const madeAt = options.now?.() ?? new Date();
      const planned = planReminders(booking.slot, options.reminderOffsets, madeAt, options.timeZone);
      const channels =
        options.whatsappEnabled && booking.whatsapp_consent ? ['email', 'whatsapp'] : ['email'];
      for (const { offset, runAt } of planned) {
        for (const channel of channels) {
          await enqueueJob(db, {
            kind: channel === 'email' ? 'email.reminder' : 'whatsapp.reminder',
            payload: { booking_id: booking.id, offset, slot: booking.slot },
            dedupeKey: `reminder:${channel}:${booking.id}:${offset}:${booking.slot}:${booking.invite_sequence}`,
            runAt,
          });
        }
      }
    },
  };
}

/** The log's once-per key of a reminder: per booking, channel, offset and session slot. */
export function reminderMessageKey(
  channel: 'email' | 'whatsapp',
  payload: { booking_id: number; offset: string; slot: string },
): string {
  return `reminder:${channel}:${payload.booking_id}:${payload.offset}:${payload.slot}`;
}
