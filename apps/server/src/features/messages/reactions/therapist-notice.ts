import type { BookingSubscriber } from '../../bookings/booking-events.ts';
import { enqueueJob } from '../../jobs/jobs-repo.ts';

/** The therapist's notice of a new booking, once per booking. */
export const therapistNotice: BookingSubscriber = {
  name: 'therapist notice',
  on: {
    'booking.confirmed': (tx, event) =>
      enqueueJob(tx, {
        kind: 'email.therapist_notice',
        payload: { booking_id: event.booking_id },
        dedupeKey: `therapist-notice:${event.booking_id}`,
      }),
  },
};
