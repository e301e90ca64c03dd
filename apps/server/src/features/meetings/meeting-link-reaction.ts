import type { BookingSubscriber } from '../bookings/booking-events.ts';
import { enqueueJob } from '../jobs/jobs-repo.ts';

/** An online session confirmed without its meeting link: a job makes it (the e-mail waits for it). */
export const meetingLinkReaction: BookingSubscriber = {
  name: 'meeting link',
  on: {
    'booking.confirmed': async (tx, event) => {
      if (!event.meeting_link_missing) return;
      await enqueueJob(tx, {
        kind: 'meeting.create_link',
        payload: { booking_id: event.booking_id },
        dedupeKey: `meeting-link:${event.booking_id}`,
      });
    },
  },
};
