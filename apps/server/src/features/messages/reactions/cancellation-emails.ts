import type { BookingSubscriber } from '../../bookings/booking-events.ts';
import { enqueueJob } from '../../jobs/jobs-repo.ts';

/**
 * Tells the client and the therapist of a cancellation (the job fans out per recipient); sessions
 * of a standing appointment cancelled together ("this and every later one"), in one e-mail each
 * listing their dates (decision 056), whichever of their events comes first.
 */
export const cancellationEmails: BookingSubscriber = {
  name: 'cancellation e-mails',
  on: {
    'booking.cancelled': async (tx, event) => {
      const together = event.together;
      if (together && together.length > 1) {
        for (const recipient of ['client', 'therapist'] as const) {
          await enqueueJob(tx, {
            kind: `email.series_cancelled.${recipient}` as const,
            payload: { booking_ids: together },
            dedupeKey: `email.series_cancelled.${recipient}:${together[0]}:${together.length}`,
          });
        }
        return;
      }
      await enqueueJob(tx, {
        kind: 'email.booking_cancelled',
        payload: { booking_id: event.booking_id },
        dedupeKey: `email.booking_cancelled:${event.booking_id}`,
      });
    },
  },
};
