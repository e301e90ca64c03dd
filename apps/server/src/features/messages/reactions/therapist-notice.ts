import type { BookingSubscriber } from '../../bookings/booking-events.ts';
import { seriesToldTogether } from '../../bookings/series-pay.ts';
import { enqueueJob } from '../../jobs/jobs-repo.ts';

/**
 * The therapist's notice of a new booking, once per booking; a standing appointment's, once for the
 * whole series, listing every date (as the client's confirmation: a later session paid on its own
 * gets its own).
 */
export const therapistNotice: BookingSubscriber = {
  name: 'therapist notice',
  on: {
    'booking.confirmed': async (tx, event) => {
      const seriesId = await seriesToldTogether(tx, event.booking_id);
      if (seriesId !== undefined) {
        await enqueueJob(tx, {
          kind: 'email.series_therapist_notice',
          payload: { series_id: seriesId },
          dedupeKey: `series-therapist-notice:${seriesId}`,
        });
        return;
      }
      await enqueueJob(tx, {
        kind: 'email.therapist_notice',
        payload: { booking_id: event.booking_id },
        dedupeKey: `therapist-notice:${event.booking_id}`,
      });
    },
  },
};
