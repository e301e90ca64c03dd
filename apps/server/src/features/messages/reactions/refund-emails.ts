import type { Queryable } from '../../../db/database.ts';
import type { BookingSubscriber } from '../../bookings/booking-events.ts';
import { enqueueJob } from '../../jobs/jobs-repo.ts';

/** Tells the clinic a paid booking's money must go back (once per booking). */
export async function enqueueRefundNeededEmail(tx: Queryable, bookingId: number) {
  await enqueueJob(tx, {
    kind: 'email.refund_needed',
    payload: { booking_id: bookingId },
    dedupeKey: `refund-needed:${bookingId}`,
  });
}

/**
 * The clinic's "refund needed" (a clinic's cancellation of a booking paid online, a payment that
 * came for a booking that will not take place), and the client's "refunded" once per refund.
 */
export const refundEmails: BookingSubscriber = {
  name: 'refund e-mails',
  on: {
    'booking.cancelled': async (tx, event) => {
      if (event.refund === 'by_clinic') await enqueueRefundNeededEmail(tx, event.booking_id);
    },
    'booking.paid': async (tx, event) => {
      if (event.refund_needed) await enqueueRefundNeededEmail(tx, event.booking_id);
    },
    'booking.refunded': (tx, event) =>
      enqueueJob(tx, {
        kind: 'email.refund_issued',
        payload: { booking_id: event.booking_id, refund_id: event.refund_id },
        dedupeKey: `email.refund_issued:${event.booking_id}:${event.refund_id}`,
      }),
  },
};
