import type { BookingSubscriber } from '../../bookings/booking-events.ts';
import { enqueueJob } from '../../jobs/jobs-repo.ts';

/** The client's confirmation e-mail, once per booking (an online session's waits for its link). */
export const confirmationEmail: BookingSubscriber = {
  name: 'confirmation e-mail',
  on: {
    'booking.confirmed': (tx, event) =>
      enqueueJob(tx, {
        kind: 'email.booking_confirmed',
        payload: { booking_id: event.booking_id },
        dedupeKey: `booking-confirmed:${event.booking_id}`,
      }),
  },
};
