import type { BookingSubscriber } from '../../bookings/booking-events.ts';
import { enqueueJob } from '../../jobs/jobs-repo.ts';

/** Tells the client and the therapist of a cancellation (the job fans out per recipient). */
export const cancellationEmails: BookingSubscriber = {
  name: 'cancellation e-mails',
  on: {
    'booking.cancelled': (tx, event) =>
      enqueueJob(tx, {
        kind: 'email.booking_cancelled',
        payload: { booking_id: event.booking_id },
        dedupeKey: `email.booking_cancelled:${event.booking_id}`,
      }),
  },
};
