import type { Queryable } from '../../db/database.ts';
import type { BookingSubscriber } from '../bookings/booking-events.ts';
import { therapistOfBooking } from '../bookings/bookings-repo.ts';
import { enqueueJob } from '../jobs/jobs-repo.ts';

/**
 * A slot freed by a cancellation, a move or a release is offered to the therapist's line at once
 * (the job's handler, waitlist-jobs.ts), not on the sweep's next turn; the sweep stays the safety
 * net. One job per event (its dedupe key): a replayed event offers nothing twice.
 */
async function offerFreedSlot(
  tx: Queryable,
  therapistId: number | undefined,
  bookingId: number,
  key: string,
) {
  // Events announced before their payload named the therapist: the booking says whose it is.
  const therapist_id = therapistId ?? (await therapistOfBooking(tx, bookingId));
  if (therapist_id === undefined) return;
  await enqueueJob(tx, {
    kind: 'waitlist.offer_freed_slot',
    payload: { therapist_id },
    dedupeKey: `waitlist-freed:${key}`,
  });
}

export const freedSlotReaction: BookingSubscriber = {
  name: 'waitlist offers a freed slot',
  on: {
    'booking.cancelled': (tx, event) =>
      offerFreedSlot(tx, event.therapist_id, event.booking_id, `cancelled:${event.booking_id}`),
    'booking.moved': (tx, event) =>
      offerFreedSlot(tx, event.therapist_id, event.booking_id, `moved:${event.booking_id}:${event.sequence}`),
    'booking.released': (tx, event) =>
      offerFreedSlot(
        tx,
        event.therapist_id,
        event.booking_id,
        `released:${event.booking_id}:${event.released_at}`,
      ),
  },
};
