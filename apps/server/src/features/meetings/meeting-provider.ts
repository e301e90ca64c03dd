import type { AppConfig } from '../../config.ts';
import { createGoogleMeetLinks } from './google-meet-links.ts';
import { createJitsiMeetingLinks, type MeetingLinkProvider } from './meeting-links.ts';

/** The configured way of making video-session links (MEETING_PROVIDER). */
export function createMeetingLinkProvider(
  config: AppConfig,
): Promise<MeetingLinkProvider> | MeetingLinkProvider {
  if (config.meetingProvider === 'google') {
    return createGoogleMeetLinks({
      serviceAccountFile: config.google.serviceAccountFile!,
      calendarId: config.google.calendarId,
      apiUrl: config.google.apiUrl,
      timeZone: config.clinicTimeZone,
    });
  }
  return createJitsiMeetingLinks();
}
