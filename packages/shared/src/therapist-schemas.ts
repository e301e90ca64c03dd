import * as z from 'zod/mini';
import { positiveId } from './admin-schemas.ts';
import { ATTENDANCE_STATUSES } from './front-desk-schemas.ts';
import { sessionMeasuresSchema } from './measures-schemas.ts';
import { calendarDate, dbIdText, safeMultilineText, safeText } from './schema-limits.ts';
import { seriesPlaceSchema } from './series-schemas.ts';

/*
 * Wire shapes of a therapist's own calls (`/api/therapist/…`, CONTRACT.md "Therapists, standing
 * appointments, money papers, measures"; decision 052). A therapist's login sends its bearer token
 * as an administrator does; every admin call answers it 403, and another therapist's booking 404.
 */

/** GET /api/therapist/me: the signed-in therapist's login and the therapist it is tied to. */
export const therapistMeSchema = z.object({
  username: z.string(),
  therapist_id: positiveId,
  therapist_name: z.string(),
});
export type TherapistMe = z.infer<typeof therapistMeSchema>;

/** The longest span GET /api/therapist/sessions answers: a month and a bit (the 14 days ahead fit). */
export const SESSIONS_RANGE_MAX_DAYS = 42;
/** The longest session note, in characters. */
export const SESSION_NOTE_MAX = 20_000;

/** GET /api/therapist/sessions?from=&to=: clinic dates, `to` inclusive, at most SESSIONS_RANGE_MAX_DAYS days. */
export const therapistSessionsQuerySchema = z.object({ from: calendarDate, to: calendarDate });
export type TherapistSessionsQuery = z.infer<typeof therapistSessionsQuerySchema>;

/**
 * One of the therapist's sessions (a confirmed booking, never an admin block). `client_note` is
 * the note the client wrote when booking (opened from its sealed form); `first_session` says the
 * client has no earlier session with this therapist; `meeting_url` opens an online session;
 * `series`: its place in a standing appointment ("3 of 8"), null for a session of its own.
 */
export const therapistSessionSchema = z.object({
  booking_id: positiveId,
  booking_date: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  booking_type: z.enum(['ONLINE', 'OFFLINE']),
  location_id: z.nullable(positiveId),
  location_name: z.nullable(z.string()),
  client_name: z.string(),
  client_note: z.nullable(z.string()),
  first_session: z.boolean(),
  meeting_url: z.nullable(z.string()),
  attendance: z.nullable(z.enum(ATTENDANCE_STATUSES)),
  has_note: z.boolean(),
  series: seriesPlaceSchema,
  /**
   * The client's latest PHQ-9 and GAD-7 and the unseen-risk badge (decision 058); null while the
   * client has no questionnaire link. Its `client_key` opens the client's measures.
   */
  measures: z.optional(z.nullable(sessionMeasuresSchema)),
});
export type TherapistSession = z.infer<typeof therapistSessionSchema>;

export const therapistSessionsSchema = z.object({ items: z.array(therapistSessionSchema) });
export type TherapistSessions = z.infer<typeof therapistSessionsSchema>;

/** The booking a therapist's session call names. */
export const therapistSessionParamsSchema = z.object({ booking_id: dbIdText });

/** PUT /api/therapist/sessions/{booking_id}/note: the note's new text (a new version). */
export const sessionNoteRequestSchema = z.object({ text: safeMultilineText(SESSION_NOTE_MAX) });
export type SessionNoteRequest = z.infer<typeof sessionNoteRequestSchema>;

/** The note's latest version: `text` is empty and `version` 0 when none was written yet. */
export const sessionNoteSchema = z.object({
  text: z.string(),
  version: z.int(),
  saved_at: z.nullable(z.string()),
});
export type SessionNote = z.infer<typeof sessionNoteSchema>;

/** POST /api/admin/therapists/{id}/invite: to whom the link went, and until when it works. */
export const therapistInviteResultSchema = z.object({
  therapist_id: positiveId,
  email: z.string(),
  expires_at: z.string(),
});
export type TherapistInviteResult = z.infer<typeof therapistInviteResultSchema>;

/** The invitation's token in the link: 43 base64url characters (256 bits). */
export const inviteTokenParamsSchema = z.object({
  token: z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'This invitation link is not valid.')),
});

/** POST /api/admin/invites/{token}: the password the therapist chooses. */
export const acceptInviteRequestSchema = z.object({
  password: safeText(1024).check(z.minLength(8, 'The password must be at least 8 characters')),
});
export type AcceptInviteRequest = z.infer<typeof acceptInviteRequestSchema>;

/** The login the invitation made: the therapist signs in with `username` at /admin/login. */
export const acceptInviteResultSchema = z.object({ username: z.string(), therapist_id: positiveId });
export type AcceptInviteResult = z.infer<typeof acceptInviteResultSchema>;
