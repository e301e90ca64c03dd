import { randomBytes } from 'node:crypto';

/** Makes the video-session link of a confirmed online booking. */
export type MeetingLinkProvider = {
  createMeetingLink(booking: {
    id: number;
    date: string;
    startTime: string;
    endTime: string;
  }): Promise<string>;
};

/** An unguessable room name, unique per booking. */
export const newRoomName = (bookingId: number) =>
  `TherapySession-${bookingId}-${randomBytes(9).toString('base64url').replace(/[-_]/g, '')}`;

/**
 * Jitsi Meet rooms exist as soon as someone opens their URL, so a long random room name is the
 * whole job: unguessable, and unique per booking. With `jitsi-jwt` the base is the clinic's own
 * JITSI_DOMAIN and the stored link is the bare room: each person's token is added when the link
 * is handed out (meeting-urls.ts), so a moved session's links follow its new times.
 */
export function createJitsiMeetingLinks(baseUrl = 'https://meet.jit.si'): MeetingLinkProvider {
  return {
    async createMeetingLink(booking) {
      return `${baseUrl}/${newRoomName(booking.id)}`;
    },
  };
}
