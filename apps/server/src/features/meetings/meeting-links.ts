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

/**
 * Jitsi Meet rooms exist as soon as someone opens their URL, so a long random room name is the
 * whole job: unguessable, and unique per booking.
 */
export function createJitsiMeetingLinks(baseUrl = 'https://meet.jit.si'): MeetingLinkProvider {
  return {
    async createMeetingLink(booking) {
      const room = `TherapySession-${booking.id}-${randomBytes(9).toString('base64url').replace(/[-_]/g, '')}`;
      return `${baseUrl}/${room}`;
    },
  };
}
