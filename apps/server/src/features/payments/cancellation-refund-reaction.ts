import type { BookingSubscriber } from '../bookings/booking-events.ts';
import { enqueueJob } from '../jobs/jobs-repo.ts';

/** A client's own cancellation of a booking paid online: a job refunds it in full at once. */
export const cancellationRefundReaction: BookingSubscriber = {
  name: 'cancellation refund',
  on: {
    'booking.cancelled': async (tx, event) => {
      if (event.refund !== 'automatic') return;
      await enqueueJob(tx, {
        kind: 'payment.refund_cancelled_booking',
        payload: { booking_id: event.booking_id },
        dedupeKey: `refund-cancelled-booking:${event.booking_id}`,
      });
    },
  },
};
