import type { BookingSubscriber } from '../../bookings/booking-events.ts';
import { enqueueJob } from '../../jobs/jobs-repo.ts';

/** The client and the therapist get the old and new time and an updated invite, once per move. */
export const moveEmails: BookingSubscriber = {
  name: 'move e-mails',
  on: {
    'booking.moved': async (tx, event) => {
      for (const recipient of ['client', 'therapist'] as const) {
        await enqueueJob(tx, {
          kind: `email.booking_rescheduled.${recipient}` as const,
          payload: { ...event },
          dedupeKey: `booking-rescheduled-${recipient}:${event.booking_id}:${event.sequence}`,
        });
      }
    },
  },
};
