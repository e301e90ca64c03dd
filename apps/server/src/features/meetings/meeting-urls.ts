import type { JitsiJwtConfig } from '../../config-meetings.ts';
import { roomOnDomain, type SessionTimes, signJoinToken } from './jitsi-jwt.ts';

/** A booking's stored meeting link and its session, as the links are handed out from. */
export type MeetingSession = SessionTimes & { bookingId: number; link: string | null };

/**
 * The links people open. The stored link (bookings.google_meet_link) is the room; with
 * MEETING_PROVIDER=jitsi-jwt a room on JITSI_DOMAIN gets the person's token as `?jwt=`: the
 * client's a guest's, the therapist's a moderator's, both for the session's current times. Other
 * links (Google Meet, meet.jit.si, rooms made before a change of provider) go out as stored.
 */
export type MeetingUrls = {
  /** The client's link: e-mails, the status page, the manage page. */
  forClient(session: MeetingSession): Promise<string | null>;
  /** The therapist's "Start session" link (moderator). */
  forTherapist(session: MeetingSession, therapistName: string): Promise<string | null>;
};

export function createMeetingUrls(options: {
  jitsiJwt: JitsiJwtConfig | undefined;
  clinicTimeZone: string;
}): MeetingUrls {
  const { jitsiJwt, clinicTimeZone } = options;
  async function withToken(session: MeetingSession, role: Parameters<typeof signJoinToken>[3]) {
    if (!session.link || !jitsiJwt) return session.link;
    const room = roomOnDomain(session.link, jitsiJwt.domain);
    if (!room) return session.link;
    const token = await signJoinToken(jitsiJwt, room, { ...session, timeZone: clinicTimeZone }, role);
    return `https://${jitsiJwt.domain}/${room}?jwt=${token}`;
  }
  return {
    forClient: (session) => withToken(session, { moderator: false }),
    forTherapist: (session, name) => withToken(session, { moderator: true, name }),
  };
}

/** Links as stored: for tests and callers without a configuration (plain jitsi, google). */
export const STORED_MEETING_URLS: MeetingUrls = createMeetingUrls({
  jitsiJwt: undefined,
  clinicTimeZone: 'UTC',
});

/** A booking in the specification's field names (status page, manage page, lists). */
export type BookingWithMeetingLink = {
  booking_id: number;
  booking_date: string;
  booking_time_slot_start: string;
  booking_time_slot_end: string | null;
  google_meet_link: string | null;
};

/** The booking with the client's link in place of the stored room. */
export async function withClientMeetingLink<T extends BookingWithMeetingLink>(
  urls: MeetingUrls | undefined,
  booking: T,
): Promise<T> {
  if (!urls || !booking.google_meet_link || !booking.booking_time_slot_end) return booking;
  const link = await urls.forClient({
    bookingId: booking.booking_id,
    link: booking.google_meet_link,
    date: booking.booking_date,
    startTime: booking.booking_time_slot_start,
    endTime: booking.booking_time_slot_end,
  });
  return { ...booking, google_meet_link: link };
}
