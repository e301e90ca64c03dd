import { readFile } from 'node:fs/promises';
import { importPKCS8, SignJWT } from 'jose';
import { ConfigError } from '../../config.ts';
import type { MeetingLinkProvider } from './meeting-links.ts';

type ServiceAccountKey = { client_email: string; private_key: string; token_uri: string };

export type GoogleMeetOptions = {
  serviceAccountFile: string;
  calendarId: string;
  apiUrl: string;
  timeZone: string;
  timeoutMs?: number;
};

const SCOPE = 'https://www.googleapis.com/auth/calendar.events';

/** Reads the service account's JSON key; a missing or partial key stops the start with one line. */
export async function readServiceAccountKey(file: string): Promise<ServiceAccountKey> {
  let key: Partial<ServiceAccountKey>;
  try {
    key = JSON.parse(await readFile(file, 'utf8')) as Partial<ServiceAccountKey>;
  } catch {
    throw new ConfigError(
      `Invalid configuration: GOOGLE_SERVICE_ACCOUNT_FILE cannot be read as JSON (${file})`,
    );
  }
  if (!key.client_email || !key.private_key || !key.token_uri) {
    throw new ConfigError(
      'Invalid configuration: GOOGLE_SERVICE_ACCOUNT_FILE must hold client_email, private_key and token_uri',
    );
  }
  return key as ServiceAccountKey;
}

/**
 * Meet links through the Google Calendar API: an event for the session with a Meet conference
 * (events.insert with conferenceDataVersion=1), authorised as a service account (OAuth 2.0 JWT
 * bearer grant). https://developers.google.com/calendar/api/guides/create-events#conferencing
 */
export async function createGoogleMeetLinks(options: GoogleMeetOptions): Promise<MeetingLinkProvider> {
  const key = await readServiceAccountKey(options.serviceAccountFile);
  const privateKey = await importPKCS8(key.private_key, 'RS256');
  const timeoutMs = options.timeoutMs ?? 8000;
  let cached: { token: string; until: number } | undefined;

  async function accessToken(): Promise<string> {
    if (cached && cached.until > Date.now()) return cached.token;
    const assertion = await new SignJWT({ scope: SCOPE })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(key.client_email)
      .setAudience(key.token_uri)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);
    const response = await fetch(key.token_uri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new Error(`Google token exchange failed with HTTP ${response.status}`);
    const body = (await response.json()) as { access_token: string; expires_in: number };
    cached = { token: body.access_token, until: Date.now() + (body.expires_in - 60) * 1000 };
    return body.access_token;
  }

  return {
    async createMeetingLink(booking) {
      const url = `${options.apiUrl}/calendar/v3/calendars/${encodeURIComponent(options.calendarId)}/events?conferenceDataVersion=1`;
      const response = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${await accessToken()}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          summary: `Therapy session (booking ${booking.id})`,
          start: { dateTime: `${booking.date}T${booking.startTime}`, timeZone: options.timeZone },
          end: { dateTime: `${booking.date}T${booking.endTime}`, timeZone: options.timeZone },
          conferenceData: {
            createRequest: {
              requestId: `booking-${booking.id}`,
              conferenceSolutionKey: { type: 'hangoutsMeet' },
            },
          },
        }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) throw new Error(`Google Calendar refused the event with HTTP ${response.status}`);
      const event = (await response.json()) as {
        hangoutLink?: string;
        conferenceData?: { entryPoints?: { entryPointType: string; uri: string }[] };
      };
      const link =
        event.hangoutLink ??
        event.conferenceData?.entryPoints?.find((entry) => entry.entryPointType === 'video')?.uri;
      if (!link) throw new Error('Google Calendar created the event without a Meet link');
      return link;
    },
  };
}
