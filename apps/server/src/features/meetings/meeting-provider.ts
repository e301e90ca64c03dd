import type { AppConfig } from '../../config.ts';
import { createGoogleMeetLinks } from './google-meet-links.ts';
import { createJitsiMeetingLinks, type MeetingLinkProvider } from './meeting-links.ts';
import { createMeetingUrls, type MeetingUrls } from './meeting-urls.ts';

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
  if (config.jitsiJwt) return createJitsiMeetingLinks(`https://${config.jitsiJwt.domain}`);
  return createJitsiMeetingLinks();
}

/** The links handed out from the stored rooms: with tokens under jitsi-jwt (decision 053). */
export function configuredMeetingUrls(config: AppConfig): MeetingUrls {
  return createMeetingUrls({ jitsiJwt: config.jitsiJwt, clinicTimeZone: config.clinicTimeZone });
}
