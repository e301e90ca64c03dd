import type { Database } from '../../db/database.ts';
import { findBookingAwaitingMeetingLink, setMeetingLink } from '../bookings/meeting-link.ts';
import type { JobHandlers } from '../jobs/job-kinds.ts';
import type { MeetingLinkProvider } from './meeting-links.ts';

/** Retries a meeting link that could not be made while the booking was being confirmed. */
export function createMeetingJobHandlers(
  db: Database,
  meetings: MeetingLinkProvider,
): Pick<JobHandlers, 'meeting.create_link'> {
  return {
    'meeting.create_link': async (payload) => {
      const booking = await findBookingAwaitingMeetingLink(db, Number(payload.booking_id));
      if (!booking) return;
      const link = await meetings.createMeetingLink({
        id: booking.id,
        date: booking.date,
        startTime: booking.start_time,
        endTime: booking.end_time,
      });
      await setMeetingLink(db, booking.id, link);
    },
  };
}
