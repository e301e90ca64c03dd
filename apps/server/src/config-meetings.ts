import * as z from 'zod/mini';

/**
 * MEETING_PROVIDER and what each provider needs (CONTRACT.md): `jitsi` (rooms on meet.jit.si),
 * `jitsi-jwt` (rooms on JITSI_DOMAIN with tokens signed by JITSI_APP_ID / JITSI_APP_SECRET) and
 * `google` (Meet through the Calendar API). Read by config.ts, which owns the whole environment.
 */

/** A host name with an optional port, as Jitsi's `sub` claim and the room URL use it. */
const JITSI_HOST =
  /^(?=.{1,253}(:|$))[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*(:\d{1,5})?$/i;

export const meetingEnvSchema = {
  MEETING_PROVIDER: z.prefault(
    z.enum(['jitsi', 'jitsi-jwt', 'google'], 'must be jitsi, jitsi-jwt or google'),
    'jitsi',
  ),
  JITSI_DOMAIN: z.optional(
    z.string().check(z.regex(JITSI_HOST, 'must be a host name such as meet.example.org (no https://)')),
  ),
  JITSI_APP_ID: z.optional(
    z.string().check(z.regex(/^[\x21-\x7e]{1,200}$/, 'must be 1 to 200 characters, no spaces')),
  ),
  // HS256 wants a key at least as long as its hash, 256 bits (RFC 7518, section 3.2).
  JITSI_APP_SECRET: z.optional(z.string().check(z.minLength(32, 'must be at least 32 characters'))),
  GOOGLE_SERVICE_ACCOUNT_FILE: z.optional(z.string()),
};

type MeetingEnv = {
  MEETING_PROVIDER: 'jitsi' | 'jitsi-jwt' | 'google';
  JITSI_DOMAIN?: string;
  JITSI_APP_ID?: string;
  JITSI_APP_SECRET?: string;
  GOOGLE_SERVICE_ACCOUNT_FILE?: string;
};

/** For MEETING_PROVIDER=jitsi-jwt: where rooms are and how their tokens are signed. */
export type JitsiJwtConfig = { domain: string; appId: string; appSecret: string };

/** The one-line complaint about a provider's missing variable, or undefined when all is there. */
export function missingMeetingVariable(parsed: MeetingEnv): string | undefined {
  if (parsed.MEETING_PROVIDER === 'google' && !parsed.GOOGLE_SERVICE_ACCOUNT_FILE) {
    return 'GOOGLE_SERVICE_ACCOUNT_FILE is required when MEETING_PROVIDER=google';
  }
  if (parsed.MEETING_PROVIDER === 'jitsi-jwt') {
    for (const name of ['JITSI_DOMAIN', 'JITSI_APP_ID', 'JITSI_APP_SECRET'] as const) {
      if (!parsed[name]) return `${name} is required when MEETING_PROVIDER=jitsi-jwt`;
    }
  }
  return undefined;
}

export function jitsiJwtConfig(parsed: MeetingEnv): JitsiJwtConfig | undefined {
  if (parsed.MEETING_PROVIDER !== 'jitsi-jwt') return undefined;
  return {
    domain: parsed.JITSI_DOMAIN!.toLowerCase(),
    appId: parsed.JITSI_APP_ID!,
    appSecret: parsed.JITSI_APP_SECRET!,
  };
}
