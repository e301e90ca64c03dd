import type { Queryable } from '../../../db/database.ts';
import { enqueueJob } from '../../jobs/jobs-repo.ts';
import { findReminderBooking } from '../reminders/reminder-booking.ts';

/** The client's confirmation on WhatsApp too, when they consented (checked again when it runs). */
export async function enqueueWhatsAppConfirmation(db: Queryable, bookingId: number) {
  const booking = await findReminderBooking(db, bookingId);
  if (!booking?.whatsapp_consent) return;
  await enqueueJob(db, {
    kind: 'whatsapp.confirmation',
    payload: { booking_id: bookingId },
    dedupeKey: `whatsapp-confirmation:${bookingId}`,
  });
}
