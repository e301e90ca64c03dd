import * as z from 'zod/mini';
import { normalizeMobile } from './mobile-number.ts';
import { cursorPageOf, pageQueryShape } from './page-schemas.ts';
import { safeText } from './schema-limits.ts';

/**
 * The client privacy desk (issue 14, decision 039): a superadmin finds a client by e-mail or
 * mobile and exports, corrects or erases what is held about them. Each request is logged with
 * when it was received, when it is due (at most 90 days, the DPDP Rules) and when answered.
 */
export const PRIVACY_DUE_DAYS = 90;
/** What an erased booking shows where the client's name was. */
export const ERASED_MARKER = '[erased]';
export const PRIVACY_REQUEST_KINDS = ['export', 'correct', 'erase'] as const;

const email = safeText(254).check(z.regex(/^[^\s@]+@[^\s@]+$/, 'must be an e-mail address'));
const mobile = safeText(20).check(
  z.refine((text) => normalizeMobile(text) !== undefined, 'must be a 10-digit Indian mobile number'),
);

const ONE_SUBJECT = 'Give the client’s e-mail or mobile number (one of them).';
/** Who the request is about: an e-mail or a mobile number, exactly one. */
export const privacySubjectSchema = z
  .object({ email: z.optional(email), mobile: z.optional(mobile) })
  .check(
    z.refine((subject) => (subject.email === undefined) !== (subject.mobile === undefined), ONE_SUBJECT),
  );
export type PrivacySubject = z.infer<typeof privacySubjectSchema>;

/** A request received now and answered later: it is due in PRIVACY_DUE_DAYS. */
export const privacyRequestBodySchema = z.extend(privacySubjectSchema, {
  kind: z.enum(PRIVACY_REQUEST_KINDS),
});

/** Export, correct and erase answer a logged request when given its id, else log one answered now. */
const answering = { request_id: z.optional(z.int().check(z.positive())) };

export const privacyExportQuerySchema = z.extend(privacySubjectSchema, {
  /** `xlsx`: the same as a spreadsheet (Client_Data.xlsx); JSON by default. */
  format: z.optional(z.enum(['json', 'xlsx'])),
  request_id: z.optional(z.pipe(z.string().check(z.regex(/^[1-9]\d{0,15}$/)), z.transform(Number))),
});
export const privacyEraseBodySchema = z.extend(privacySubjectSchema, answering);
export const privacyCorrectBodySchema = z.extend(privacySubjectSchema, {
  ...answering,
  full_name: z.optional(safeText(200).check(z.minLength(1, 'must not be empty'))),
  new_email: z.optional(email),
  new_mobile: z.optional(mobile),
});

export const privacyRequestSchema = z.object({
  id: z.int(),
  kind: z.enum(PRIVACY_REQUEST_KINDS),
  /** The e-mail or mobile, masked: the log keeps no personal data. */
  subject_hint: z.string(),
  received_at: z.string(),
  due_at: z.string(),
  answered_at: z.nullable(z.string()),
  bookings_affected: z.nullable(z.int()),
});
export type PrivacyRequest = z.infer<typeof privacyRequestSchema>;
export const privacyRequestsQuerySchema = z.object({
  ...pageQueryShape(),
  open: z.optional(z.enum(['true', 'false'])),
});
export const privacyRequestsPageSchema = cursorPageOf(privacyRequestSchema);

export const privacyAnswerSchema = z.object({ request_id: z.int(), bookings_affected: z.int() });
export const privacyEraseAnswerSchema = z.object({
  request_id: z.int(),
  erased_bookings: z.int(),
  /** The client's places on the waitlist erased and taken off the line (decision 041). */
  erased_waitlist_entries: z.int(),
});

const exportedBooking = z.object({
  booking_id: z.int(),
  booking_date: z.string(),
  start_time: z.string(),
  booking_type: z.string(),
  payment_status: z.string(),
  cancelled: z.boolean(),
  therapist_name: z.string(),
  client_full_name: z.nullable(z.string()),
  client_email: z.nullable(z.string()),
  client_mobile: z.nullable(z.string()),
  client_age: z.nullable(z.int()),
  client_session_type: z.nullable(z.string()),
  client_state: z.nullable(z.string()),
  client_city: z.nullable(z.string()),
  client_note: z.nullable(z.string()),
  guardian_name: z.nullable(z.string()),
  guardian_relation: z.nullable(z.string()),
  guardian_mobile: z.nullable(z.string()),
  guardian_email: z.nullable(z.string()),
  amount: z.number(),
  created_at: z.string(),
  erased_at: z.nullable(z.string()),
});
const exportedConsent = z.object({
  booking_id: z.int(),
  terms_accepted: z.boolean(),
  whatsapp_consent: z.boolean(),
  client_language: z.string(),
  /** A minor's parent or guardian consented (their name is on the booking). */
  guardian_consent: z.boolean(),
  /** The versions of the terms and of the privacy notice accepted (none for an admin's booking). */
  terms_version: z.nullable(z.string()),
  notice_version: z.nullable(z.string()),
  given_at: z.string(),
});
const exportedMessage = z.object({
  booking_id: z.int(),
  kind: z.string(),
  channel: z.string(),
  status: z.string(),
  sent_at: z.string(),
});
const exportedPayment = z.object({
  booking_id: z.int(),
  payment_id: z.string(),
  amount: z.number(),
  status: z.string(),
  paid_at: z.nullable(z.string()),
});

/** A place on a therapist's waitlist (decision 041), with the client's details as they joined. */
const exportedWaitlistEntry = z.object({
  entry_id: z.int(),
  therapist_name: z.string(),
  booking_type: z.string(),
  location_id: z.int(),
  status: z.string(),
  client_full_name: z.string(),
  client_email: z.nullable(z.string()),
  client_mobile: z.nullable(z.string()),
  client_age: z.nullable(z.int()),
  client_language: z.string(),
  whatsapp_consent: z.boolean(),
  guardian_name: z.nullable(z.string()),
  guardian_relation: z.nullable(z.string()),
  guardian_mobile: z.nullable(z.string()),
  guardian_email: z.nullable(z.string()),
  preferred_dates: z.array(z.string()),
  times_of_day: z.array(z.string()),
  terms_version: z.nullable(z.string()),
  notice_version: z.nullable(z.string()),
  joined_at: z.string(),
  ended_at: z.nullable(z.string()),
  erased_at: z.nullable(z.string()),
  /** Times offered to this place (each held booking is among `bookings`). */
  offers: z.int(),
});

/** Everything held about one client, as the export gives it. At most EXPORT_MAX_BOOKINGS bookings. */
export const EXPORT_MAX_BOOKINGS = 2_000;
export const privacyExportSchema = z.object({
  /** The client's request this export answered; null for a look-up by the desk (audited only). */
  request_id: z.nullable(z.int()),
  generated_at: z.string(),
  subject: z.object({ email: z.optional(z.string()), mobile: z.optional(z.string()) }),
  bookings: z.array(exportedBooking),
  consents: z.array(exportedConsent),
  messages: z.array(exportedMessage),
  payments: z.array(exportedPayment),
  /** The client's places on waitlists, newest first. */
  waitlist_entries: z.array(exportedWaitlistEntry),
  /** The therapists' session notes on the client's bookings, every version (decision 052). */
  session_notes: z.array(
    z.object({ booking_id: z.int(), version: z.int(), text: z.string(), saved_at: z.string() }),
  ),
  /**
   * The client's intake and questionnaire answers, as given (decision 058): partial ones too.
   * Optional only for the shape's older readers; the export always sends it.
   */
  questionnaires: z.optional(
    z.array(
      z.object({
        booking_id: z.int(),
        kind: z.enum(['intake', 'repeat']),
        saved_at: z.nullable(z.string()),
        submitted_at: z.nullable(z.string()),
        consent_version: z.nullable(z.string()),
        answers: z.object({
          phq9: z.array(z.nullable(z.int())),
          phq9_difficulty: z.nullable(z.int()),
          gad7: z.array(z.nullable(z.int())),
          reason: z.nullable(z.string()),
          emergency_contact: z.nullable(z.object({ name: z.string(), mobile: z.string() })),
          consent: z.boolean(),
        }),
      }),
    ),
  ),
  /** This client's requests not answered yet: what the desk's actions answer. */
  open_requests: z.array(z.object({ id: z.int(), kind: z.enum(PRIVACY_REQUEST_KINDS), due_at: z.string() })),
  /** Earlier erasures of this client's data: what remains of them is this marker, and nothing else. */
  erasures: z.array(z.object({ request_id: z.int(), erased_at: z.string(), bookings: z.int() })),
  /** True when the client has more bookings than EXPORT_MAX_BOOKINGS (the oldest are left out). */
  truncated: z.boolean(),
});
export type PrivacyExport = z.infer<typeof privacyExportSchema>;

/** The retention job as the privacy desk shows it. */
export const privacyRetentionSchema = z.object({
  retention_months: z.int(),
  /** Sessions before this date have no personal data (after the day's run). */
  cutoff_date: z.string(),
  last_run: z.nullable(
    z.object({
      run_date: z.string(),
      cutoff_date: z.string(),
      started_at: z.string(),
      finished_at: z.nullable(z.string()),
      erased_bookings: z.int(),
    }),
  ),
});
