import path from 'node:path';
import { SERIES_MAX_SESSIONS_LIMIT, SERIES_MIN_SESSIONS } from '@therapy/shared/series-rules';
import * as z from 'zod/mini';
import {
  type JitsiJwtConfig,
  jitsiJwtConfig,
  meetingEnvSchema,
  missingMeetingVariable,
} from './config-meetings.ts';
import { booleanText, emailText, httpUrl, isTimeZone, wholeNumber } from './config-values.ts';
import { PUBLIC_RATE_LIMITS, type PublicRateLimits } from './public-rate-limits.ts';

/**
 * The runtime configuration of CONTRACT.md, parsed once at start. A bad value stops the start
 * with one line that names the variable.
 */

/** Requests per window from one client address; 0 turns that limit off. */
const rateLimitMax = (fallback: number) => z.prefault(wholeNumber(0, 1_000_000), String(fallback));

/** '24h,2h' (units m, h, d): when reminders go before a session. Empty: none. */
const REMINDER_OFFSET = /^(\d{1,4})([mhd])$/;
const reminderOffsetsText = z.string().check(
  z.refine(
    (value) =>
      value
        .split(',')
        .map((part) => part.trim())
        .every((part) => part === '' || REMINDER_OFFSET.test(part)),
    'must be offsets such as 24h,2h (units m, h or d), comma-separated',
  ),
);

export type ReminderOffset = { label: string; minutes: number };

const UNIT_MINUTES = { m: 1, h: 60, d: 1440 } as const;

/** The offsets of REMINDER_OFFSETS, each once, longest first. */
export function parseReminderOffsets(text: string): ReminderOffset[] {
  const offsets = new Map<number, ReminderOffset>();
  for (const part of text
    .split(',')
    .map((piece) => piece.trim())
    .filter(Boolean)) {
    const [, amount, unit] = part.match(REMINDER_OFFSET)!;
    const minutes = Number(amount) * UNIT_MINUTES[unit as keyof typeof UNIT_MINUTES];
    if (minutes > 0 && !offsets.has(minutes)) offsets.set(minutes, { label: part, minutes });
  }
  return [...offsets.values()].sort((a, b) => b.minutes - a.minutes);
}

const envSchema = z.object({
  PORT: z.prefault(wholeNumber(0, 65535), '3000'),
  HOST: z.prefault(z.string().check(z.minLength(1, 'must not be empty')), '127.0.0.1'),
  PUBLIC_URL: z.optional(httpUrl),
  DATA_DIR: z.prefault(z.string().check(z.minLength(1, 'must not be empty')), './data'),
  DATABASE_URL: z.optional(
    z.string().check(z.regex(/^postgres(ql)?:\/\/.+/, 'must be a postgres:// or postgresql:// URL')),
  ),
  CLINIC_TIMEZONE: z.prefault(
    z.string().check(z.refine(isTimeZone, 'must be an IANA time zone such as Asia/Kolkata')),
    'Asia/Kolkata',
  ),
  ADMIN_EMAIL: z.optional(emailText),
  ADMIN_PASSWORD: z.optional(z.string().check(z.minLength(8, 'must be at least 8 characters'))),
  JWT_SECRET: z.optional(z.string().check(z.minLength(32, 'must be at least 32 characters'))),
  DATA_KEY: z.optional(z.string().check(z.minLength(32, 'must be at least 32 characters'))),
  // Unset: on without DATABASE_URL, off with it, so a production database never gets the demo clinic.
  DEMO_DATA: z.optional(booleanText),
  PAYMENT_PROVIDER: z.prefault(z.enum(['sandbox', 'razorpay'], 'must be sandbox or razorpay'), 'sandbox'),
  RAZORPAY_KEY_ID: z.optional(z.string()),
  RAZORPAY_KEY_SECRET: z.optional(z.string()),
  RAZORPAY_WEBHOOK_SECRET: z.optional(z.string()),
  RAZORPAY_API_URL: z.prefault(httpUrl, 'https://api.razorpay.com'),
  PAYMENT_HOLD_MINUTES: z.prefault(wholeNumber(1, 1440), '15'),
  RETENTION_MONTHS: z.prefault(wholeNumber(1, 1200), '36'),
  WAITLIST_OFFER_MINUTES: z.prefault(wholeNumber(1, 1440), '30'),
  MEASURES_EVERY: z.prefault(wholeNumber(0, 52), '1'),
  SERIES_MAX_SESSIONS: z.prefault(wholeNumber(SERIES_MIN_SESSIONS, SERIES_MAX_SESSIONS_LIMIT), '12'),
  SERIES_PAY_AHEAD_HOURS: z.prefault(wholeNumber(25, 24 * 14), '72'),
  SMTP_URL: z.optional(z.string().check(z.regex(/^smtps?:\/\/.+/, 'must be an smtp:// or smtps:// URL'))),
  MAIL_FROM: z.prefault(emailText, 'bookings@localhost'),
  ...meetingEnvSchema,
  GOOGLE_CALENDAR_ID: z.prefault(z.string().check(z.minLength(1, 'must not be empty')), 'primary'),
  GOOGLE_API_URL: z.prefault(httpUrl, 'https://www.googleapis.com'),
  TRUST_PROXY: z.prefault(booleanText, 'false'),
  WEB_DIST_DIR: z.optional(z.string()),
  REDIS_URL: z.optional(z.string().check(z.regex(/^rediss?:\/\/.+/, 'must be a redis:// or rediss:// URL'))),
  RATE_LIMIT_BOOKINGS: rateLimitMax(PUBLIC_RATE_LIMITS.bookings.max),
  RATE_LIMIT_PAYMENT_LINKS: rateLimitMax(PUBLIC_RATE_LIMITS.paymentLinks.max),
  RATE_LIMIT_LOOKUPS: rateLimitMax(PUBLIC_RATE_LIMITS.lookups.max),
  CANCELLATION_NOTICE_HOURS: z.prefault(wholeNumber(0, 720), '24'),
  // Set but empty is "no reminders": handled before parsing (see loadConfig).
  REMINDER_OFFSETS: z.prefault(reminderOffsetsText, '24h,2h'),
  WHATSAPP_TOKEN: z.optional(z.string()),
  WHATSAPP_PHONE_NUMBER_ID: z.optional(z.string().check(z.regex(/^\d{1,30}$/, 'must be a number'))),
  WHATSAPP_API_URL: z.prefault(httpUrl, 'https://graph.facebook.com/v21.0'),
  WHATSAPP_TEMPLATE_CONFIRMATION: z.prefault(
    z.string().check(z.regex(/^[a-z0-9_]{1,512}$/, 'must be a template name (a-z, 0-9, _)')),
    'booking_confirmation',
  ),
  WHATSAPP_TEMPLATE_REMINDER: z.prefault(
    z.string().check(z.regex(/^[a-z0-9_]{1,512}$/, 'must be a template name (a-z, 0-9, _)')),
    'session_reminder',
  ),
  WHATSAPP_TEMPLATE_WAITLIST_OFFER: z.prefault(
    z.string().check(z.regex(/^[a-z0-9_]{1,512}$/, 'must be a template name (a-z, 0-9, _)')),
    'waitlist_offer',
  ),
  // The bearer token of GET /metrics: unset, /metrics answers 404.
  METRICS_TOKEN: z.optional(
    z.string().check(z.regex(/^[\x21-\x7e]{16,512}$/, 'must be 16 to 512 characters, no spaces')),
  ),
  BACKUP_DIR: z.optional(z.string()),
  BACKUP_KEEP: z.prefault(wholeNumber(1, 3650), '14'),
  BACKUP_PASSPHRASE: z.optional(z.string().check(z.minLength(12, 'must be at least 12 characters'))),
  LOG_LEVEL: z.prefault(
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'must be a pino log level'),
    'info',
  ),
});

type Env = z.infer<typeof envSchema>;

export type AppConfig = {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  clinicTimeZone: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  jwtSecret: string | undefined;
  /** DATA_KEY: the key client notes are encrypted with (decision 038); generated when absent. */
  dataKey: string | undefined;
  demoData: boolean;
  paymentProvider: Env['PAYMENT_PROVIDER'];
  razorpay: { keyId?: string; keySecret?: string; webhookSecret?: string; apiUrl: string };
  paymentHoldMinutes: number;
  /** RETENTION_MONTHS: sessions older than this have their personal data erased (decision 039). */
  retentionMonths: number;
  /** WAITLIST_OFFER_MINUTES: how long a slot offered to a waiting client is held for them (decision 041). */
  waitlistOfferMinutes: number;
  /** Standing appointments: SERIES_MAX_SESSIONS and SERIES_PAY_AHEAD_HOURS (decision 055). */
  series: { maxSessions: number; payAheadHours: number };
  /** MEASURES_EVERY: PHQ-9 and GAD-7 before every Nth later session; 0 only at intake (decision 058). */
  measuresEvery: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  meetingProvider: Env['MEETING_PROVIDER'];
  /** For MEETING_PROVIDER=google: a service account's JSON key and the calendar to add events to. */
  google: { serviceAccountFile?: string; calendarId: string; apiUrl: string };
  /** For MEETING_PROVIDER=jitsi-jwt: JITSI_DOMAIN, JITSI_APP_ID, JITSI_APP_SECRET (decision 053). */
  jitsiJwt: JitsiJwtConfig | undefined;
  /** The built web app to serve (tests build their own copy); apps/web/dist when unset. */
  webDistDir: string | undefined;
  /** Behind a reverse proxy: take the client address from X-Forwarded-For (only then). */
  trustProxy: boolean;
  /** Shared store for rate limits (sign-in and public calls) across instances; in memory when unset. */
  redisUrl: string | undefined;
  /** Public calls' limits per client address (RATE_LIMIT_*; max 0 is no limit). */
  publicRateLimits: PublicRateLimits;
  logLevel: Env['LOG_LEVEL'];
  /** METRICS_TOKEN: the bearer token of GET /metrics (decision 049); unset, it answers 404. */
  metricsToken: string | undefined;
  /** BACKUP_DIR: a nightly backup goes there, the newest BACKUP_KEEP kept; BACKUP_PASSPHRASE seals the keys in (decision 048). */
  backup: { dir: string | undefined; keep: number; passphrase: string | undefined };
  /** Until how many hours before a session a client may cancel or reschedule it themselves. */
  cancellationNoticeHours: number;
  /** When reminders go out before a confirmed session (REMINDER_OFFSETS), longest first. */
  reminderOffsets: ReminderOffset[];
  /** WhatsApp Cloud API, when WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID are both set. */
  whatsapp:
    | {
        token: string;
        phoneNumberId: string;
        apiUrl: string;
        templates: { confirmation: string; reminder: string; waitlistOffer: string };
      }
    | undefined;
};

export class ConfigError extends Error {}

/** Reads the configuration from an environment; throws ConfigError with a one-line message. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = parseEnv(env);
  checkTogether(parsed);
  return toAppConfig(parsed);
}

function parseEnv(env: Record<string, string | undefined>): Env {
  // An empty variable means "not set", as in most shells' `VAR= command`.
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  // REMINDER_OFFSETS set to nothing turns reminders off (most empty variables mean "not set").
  if (env.REMINDER_OFFSETS !== undefined && env.REMINDER_OFFSETS.trim() === '')
    present.REMINDER_OFFSETS = ',';
  const result = envSchema.safeParse(present);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const variable = String(issue.path[0] ?? 'configuration');
    const secret = ['SECRET', 'PASSWORD', 'TOKEN', 'PASSPHRASE'].some((word) => variable.includes(word));
    const shown = secret ? '' : ` (got "${present[variable]}")`;
    throw new ConfigError(`Invalid configuration: ${variable} ${issue.message}${shown}`);
  }
  return result.data;
}

/** Variables that are set in pairs, or that a chosen provider needs. */
function checkTogether(parsed: Env): void {
  if ((parsed.ADMIN_EMAIL === undefined) !== (parsed.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError('Invalid configuration: ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  if (parsed.PAYMENT_PROVIDER === 'razorpay') {
    for (const name of ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'] as const) {
      if (!parsed[name])
        throw new ConfigError(`Invalid configuration: ${name} is required when PAYMENT_PROVIDER=razorpay`);
    }
  }
  const meetingProblem = missingMeetingVariable(parsed);
  if (meetingProblem) throw new ConfigError(`Invalid configuration: ${meetingProblem}`);
  if ((parsed.WHATSAPP_TOKEN === undefined) !== (parsed.WHATSAPP_PHONE_NUMBER_ID === undefined)) {
    throw new ConfigError(
      'Invalid configuration: WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID must be set together',
    );
  }
}

function toAppConfig(parsed: Env): AppConfig {
  return {
    port: parsed.PORT,
    host: parsed.HOST,
    publicUrl: (parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/+$/, ''),
    dataDir: path.resolve(parsed.DATA_DIR),
    databaseUrl: parsed.DATABASE_URL,
    clinicTimeZone: parsed.CLINIC_TIMEZONE,
    adminEmail: parsed.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: parsed.ADMIN_PASSWORD,
    jwtSecret: parsed.JWT_SECRET,
    dataKey: parsed.DATA_KEY,
    demoData: parsed.DEMO_DATA ?? parsed.DATABASE_URL === undefined,
    paymentProvider: parsed.PAYMENT_PROVIDER,
    razorpay: {
      keyId: parsed.RAZORPAY_KEY_ID,
      keySecret: parsed.RAZORPAY_KEY_SECRET,
      webhookSecret: parsed.RAZORPAY_WEBHOOK_SECRET,
      apiUrl: parsed.RAZORPAY_API_URL.replace(/\/+$/, ''),
    },
    paymentHoldMinutes: parsed.PAYMENT_HOLD_MINUTES,
    retentionMonths: parsed.RETENTION_MONTHS,
    waitlistOfferMinutes: parsed.WAITLIST_OFFER_MINUTES,
    series: { maxSessions: parsed.SERIES_MAX_SESSIONS, payAheadHours: parsed.SERIES_PAY_AHEAD_HOURS },
    measuresEvery: parsed.MEASURES_EVERY,
    smtpUrl: parsed.SMTP_URL,
    mailFrom: parsed.MAIL_FROM,
    meetingProvider: parsed.MEETING_PROVIDER,
    google: {
      serviceAccountFile: parsed.GOOGLE_SERVICE_ACCOUNT_FILE,
      calendarId: parsed.GOOGLE_CALENDAR_ID,
      apiUrl: parsed.GOOGLE_API_URL.replace(/\/+$/, ''),
    },
    jitsiJwt: jitsiJwtConfig(parsed),
    trustProxy: parsed.TRUST_PROXY,
    webDistDir: parsed.WEB_DIST_DIR ? path.resolve(parsed.WEB_DIST_DIR) : undefined,
    redisUrl: parsed.REDIS_URL,
    publicRateLimits: {
      bookings: { ...PUBLIC_RATE_LIMITS.bookings, max: parsed.RATE_LIMIT_BOOKINGS },
      paymentLinks: { ...PUBLIC_RATE_LIMITS.paymentLinks, max: parsed.RATE_LIMIT_PAYMENT_LINKS },
      lookups: { ...PUBLIC_RATE_LIMITS.lookups, max: parsed.RATE_LIMIT_LOOKUPS },
    },
    logLevel: parsed.LOG_LEVEL,
    metricsToken: parsed.METRICS_TOKEN,
    backup: {
      dir: parsed.BACKUP_DIR ? path.resolve(parsed.BACKUP_DIR) : undefined,
      keep: parsed.BACKUP_KEEP,
      passphrase: parsed.BACKUP_PASSPHRASE,
    },
    cancellationNoticeHours: parsed.CANCELLATION_NOTICE_HOURS,
    reminderOffsets: parseReminderOffsets(parsed.REMINDER_OFFSETS),
    whatsapp: whatsappConfig(parsed),
  };
}

function whatsappConfig(parsed: Env): AppConfig['whatsapp'] {
  return parsed.WHATSAPP_TOKEN && parsed.WHATSAPP_PHONE_NUMBER_ID
    ? {
        token: parsed.WHATSAPP_TOKEN,
        phoneNumberId: parsed.WHATSAPP_PHONE_NUMBER_ID,
        apiUrl: parsed.WHATSAPP_API_URL.replace(/\/+$/, ''),
        templates: {
          confirmation: parsed.WHATSAPP_TEMPLATE_CONFIRMATION,
          reminder: parsed.WHATSAPP_TEMPLATE_REMINDER,
          waitlistOffer: parsed.WHATSAPP_TEMPLATE_WAITLIST_OFFER,
        },
      }
    : undefined;
}
