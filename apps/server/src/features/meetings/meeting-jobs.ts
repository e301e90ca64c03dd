import type { Database } from '../../db/database.ts';
import type { JobHandler } from '../jobs/job-worker.ts';
import type { MeetingLinkProvider } from './meeting-links.ts';

/** Retries a meeting link that could not be made while the booking was being confirmed. */
export function createMeetingJobHandlers(
  db: Database,
  meetings: MeetingLinkProvider,
): Record<string, JobHandler> {
  return {
    'meeting.create_link': async (payload) => {
      const { rows } = await db.query<{ id: number; date: string; start_time: string; end_time: string }>(
        `SELECT id, to_char(booking_date, 'YYYY-MM-DD') AS date,
           to_char(booking_time_slot_start, 'HH24:MI:SS') AS start_time,
           to_char(booking_time_slot_end, 'HH24:MI:SS') AS end_time
         FROM bookings
         WHERE id = $1 AND booking_type = 'ONLINE' AND payment_status = 'COMPLETED' AND google_meet_link IS NULL`,
        [Number(payload.booking_id)],
      );
      const booking = rows[0];
      if (!booking) return;
      const link = await meetings.createMeetingLink({
        id: booking.id,
        date: booking.date,
        startTime: booking.start_time,
        endTime: booking.end_time,
      });
      await db.query('UPDATE bookings SET google_meet_link = $2 WHERE id = $1 AND google_meet_link IS NULL', [
        booking.id,
        link,
      ]);
    },
  };
}
