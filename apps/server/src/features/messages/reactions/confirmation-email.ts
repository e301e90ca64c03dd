import type { BookingSubscriber } from '../../bookings/booking-events.ts';
import { seriesToldTogether } from '../../bookings/series-pay.ts';
import { enqueueJob } from '../../jobs/jobs-repo.ts';

/**
 * The client's confirmation e-mail, once per booking (an online session's waits for its link); a
 * standing appointment's, once for the whole series, listing every date (decision 056). A later
 * session of a series paid session by session, paid on its own, gets its own.
 */
export const confirmationEmail: BookingSubscriber = {
  name: 'confirmation e-mail',
  on: {
    'booking.confirmed': async (tx, event) => {
      const seriesId = await seriesToldTogether(tx, event.booking_id);
      if (seriesId !== undefined) {
        await enqueueJob(tx, {
          kind: 'email.series_confirmed',
          payload: { series_id: seriesId },
          dedupeKey: `series-confirmed:${seriesId}`,
        });
        return;
      }
      await enqueueJob(tx, {
        kind: 'email.booking_confirmed',
        payload: { booking_id: event.booking_id },
        dedupeKey: `booking-confirmed:${event.booking_id}`,
      });
    },
  },
};
