import type { BookingSubscriber } from '../../bookings/booking-events.ts';
import { enqueueJob } from '../../jobs/jobs-repo.ts';

/** The client's receipt for a payment taken at the centre, once per payment record. */
export const paymentReceipt: BookingSubscriber = {
  name: 'payment receipt',
  on: {
    'booking.paid': async (tx, event) => {
      if (event.centre_payment_id === null) return;
      await enqueueJob(tx, {
        kind: 'email.payment_receipt',
        payload: { booking_id: event.booking_id, payment_id: event.centre_payment_id },
        dedupeKey: `email.payment_receipt:${event.centre_payment_id}`,
      });
    },
  },
};
