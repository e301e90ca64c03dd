import { clinicInstant } from '@therapy/shared/clinic-time';
import { SignJWT } from 'jose';
import type { JitsiJwtConfig } from '../../config-meetings.ts';

/**
 * Tokens for rooms on a clinic's own Jitsi (or 8x8's), MEETING_PROVIDER=jitsi-jwt (decision 053),
 * as Jitsi's token authentication reads them (jitsi-meet doc/tokens.md, Prosody's
 * token_verification): HS256 over JITSI_APP_SECRET, `iss` the app id, `aud` "jitsi", `sub` the
 * domain, `room` the one room the token opens, and `context.user` with `moderator` (read by the
 * token-moderation plugins) and `affiliation` (read by jitsi-contrib's token_affiliation).
 */

/** How long before a session's start its links open. */
export const JOIN_EARLY_MINUTES = 15;

export type SessionTimes = { date: string; startTime: string; endTime: string };
export type JoinRole = { moderator: true; name: string } | { moderator: false };

/** The room name of a room URL on the domain (its first path segment), or undefined. */
export function roomOnDomain(link: string, domain: string): string | undefined {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' || url.host.toLowerCase() !== domain) return undefined;
  const room = decodeURIComponent(url.pathname.replace(/^\/+/, ''));
  return /^[A-Za-z0-9_-]{1,200}$/.test(room) ? room : undefined;
}

/**
 * The signed token of one person for one room and one session: valid from JOIN_EARLY_MINUTES
 * before its start (`nbf`) to its end (`exp`), in the clinic's time zone. The client's token
 * carries no name (a URL holds it; Jitsi asks the client for one); the therapist's carries theirs.
 */
export async function signJoinToken(
  jitsi: JitsiJwtConfig,
  room: string,
  session: SessionTimes & { bookingId: number; timeZone: string },
  role: JoinRole,
): Promise<string> {
  const start = clinicInstant(session.timeZone, session.date, session.startTime).getTime() / 1000;
  const end = clinicInstant(session.timeZone, session.date, session.endTime).getTime() / 1000;
  const user = role.moderator
    ? { id: `booking-${session.bookingId}-therapist`, name: role.name, moderator: true, affiliation: 'owner' }
    : { id: `booking-${session.bookingId}-client`, moderator: false, affiliation: 'member' };
  return new SignJWT({ room, context: { user } })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(jitsi.appId)
    .setAudience('jitsi')
    .setSubject(jitsi.domain)
    .setNotBefore(Math.floor(start - JOIN_EARLY_MINUTES * 60))
    .setExpirationTime(Math.ceil(end))
    .sign(new TextEncoder().encode(jitsi.appSecret));
}
