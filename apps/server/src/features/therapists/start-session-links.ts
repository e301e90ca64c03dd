import type { TherapistSession } from '@therapy/shared/therapist-schemas';
import type { Queryable } from '../../db/database.ts';
import type { MeetingUrls } from '../meetings/meeting-urls.ts';

/**
 * My day's **Start session** links: each online session's room as the therapist opens it, with a
 * moderator's token under MEETING_PROVIDER=jitsi-jwt (decision 053); as stored otherwise.
 */
export async function withStartSessionLinks(
  db: Queryable,
  meetingUrls: MeetingUrls | undefined,
  therapistId: number,
  items: TherapistSession[],
): Promise<TherapistSession[]> {
  if (!meetingUrls || !items.some((item) => item.meeting_url)) return items;
  const { rows } = await db.query<{ name: string }>('SELECT name FROM therapists WHERE id = $1', [
    therapistId,
  ]);
  const name = rows[0]?.name ?? '';
  return Promise.all(
    items.map(async (item) =>
      item.meeting_url
        ? {
            ...item,
            meeting_url: await meetingUrls.forTherapist(
              {
                bookingId: item.booking_id,
                link: item.meeting_url,
                date: item.booking_date,
                startTime: item.start_time,
                endTime: item.end_time,
              },
              name,
            ),
          }
        : item,
    ),
  );
}
