import type { BookingSubscriber } from '../../bookings/booking-events.ts';
import { isUnpaidLaterSessionReleased } from '../../bookings/series-pay.ts';
import { enqueueJob } from '../../jobs/jobs-repo.ts';

/**
 * A later session of a standing appointment paid session by session, released because it was not
 * paid 24 hours before it (decision 056): the client is told (the waitlist is offered the time by
 * its own reaction). Other releases (an abandoned payment, a lifted block) tell nobody.
 */
export const seriesReleaseEmail: BookingSubscriber = {
  name: 'series session released e-mail',
  on: {
    'booking.released': async (tx, event) => {
      if (!(await isUnpaidLaterSessionReleased(tx, event.booking_id))) return;
      await enqueueJob(tx, {
        kind: 'email.series_session_released',
        payload: { booking_id: event.booking_id },
        dedupeKey: `email.series_session_released:${event.booking_id}:${event.released_at}`,
      });
    },
  },
};
