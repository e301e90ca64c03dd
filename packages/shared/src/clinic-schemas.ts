import * as z from 'zod/mini';
import { isValidEmail } from './client-details-rules.ts';
import { gstinProblem, prefixProblem } from './gst.ts';
import { INDIAN_STATES } from './indian-states.ts';
import { readMobile } from './mobile-number.ts';
import { safeText } from './schema-limits.ts';

/**
 * The clinic's own profile (issue 11): its name, phone, e-mail, address and privacy contact,
 * shown in the site's header and footer, the location cards, the legal pages and the e-mails.
 * One row; before a superadmin saves it every field is '' and the pages show their placeholders.
 */

/** What the site shows of the clinic: the header, footer, location cards and legal pages. */
export const CLINIC_CONTACT_FIELDS = ['name', 'phone', 'email', 'address', 'privacy_contact'] as const;
/**
 * The money papers' fields (issue 27), printed on every receipt, invoice and credit note, never on
 * the site: optional in a PUT (left out: kept as stored).
 */
export const CLINIC_TAX_FIELDS = [
  'legal_name',
  'gstin',
  'state',
  'receipt_prefix',
  'credit_note_prefix',
] as const;
export const CLINIC_FIELDS = [...CLINIC_CONTACT_FIELDS, ...CLINIC_TAX_FIELDS] as const;
export type ClinicField = (typeof CLINIC_FIELDS)[number];

export const CLINIC_LIMITS = {
  name: 120,
  // Typed, with spaces and a +91: the stored form is shorter.
  phone: 20,
  email: 254,
  address: 300,
  privacy_contact: 200,
  legal_name: 200,
  gstin: 20,
  state: 100,
  receipt_prefix: 10,
  credit_note_prefix: 10,
} as const satisfies Record<ClinicField, number>;

/**
 * A document (receipt, invoice, credit note) of a booking made in Hindi is printed in Hindi beside
 * English when this is on (decision 063); otherwise, and for every other booking, in English.
 */
export const DOCUMENTS_LANGUAGE_LABEL = 'Print receipts in the client’s language (Hindi beside English)';

export const CLINIC_LABELS: Record<ClinicField, string> = {
  name: 'Clinic name',
  phone: 'Phone',
  email: 'Email',
  address: 'Address',
  privacy_contact: 'Privacy contact',
  legal_name: 'Legal name (on receipts)',
  gstin: 'GSTIN',
  state: 'State',
  receipt_prefix: 'Receipt number prefix',
  credit_note_prefix: 'Credit note number prefix',
};

/** PUT /api/admin/clinic: every field, as typed (the server trims, checks and normalises). */
export const clinicProfileRequestSchema = z.object({
  name: safeText(CLINIC_LIMITS.name),
  phone: safeText(CLINIC_LIMITS.phone),
  email: safeText(CLINIC_LIMITS.email),
  address: safeText(CLINIC_LIMITS.address),
  privacy_contact: safeText(CLINIC_LIMITS.privacy_contact),
  legal_name: z.optional(safeText(CLINIC_LIMITS.legal_name)),
  gstin: z.optional(safeText(CLINIC_LIMITS.gstin)),
  state: z.optional(safeText(CLINIC_LIMITS.state)),
  receipt_prefix: z.optional(safeText(CLINIC_LIMITS.receipt_prefix)),
  credit_note_prefix: z.optional(safeText(CLINIC_LIMITS.credit_note_prefix)),
  documents_in_client_language: z.optional(z.boolean()),
});
export type ClinicProfileRequest = z.infer<typeof clinicProfileRequestSchema>;

/** GET /api/clinic: the profile the site shows ('' where never set). */
const clinicPublicFieldsSchema = z.object({
  name: z.string(),
  /** '+91 98765 43210' or '+91 22 4000 0000'; '' when not set. */
  phone: z.string(),
  email: z.string(),
  address: z.string(),
  privacy_contact: z.string(),
  /** ISO 8601 instant of the last save; null when it was never saved. */
  updated_at: z.nullable(z.string()),
});

/** What the site shows of the clinic (the public answer's profile fields). */
export type ClinicContact = z.infer<typeof clinicPublicFieldsSchema>;

/** GET, PUT /api/admin/clinic: the stored profile, with the money papers' fields. */
export const clinicProfileSchema = z.extend(clinicPublicFieldsSchema, {
  /** The name registered for GST ('': the clinic's name is printed). */
  legal_name: z.string(),
  /** '' for a clinic below the GST threshold. */
  gstin: z.string(),
  /** One of INDIAN_STATES: the supplier's state, which decides CGST+SGST or IGST. */
  state: z.string(),
  receipt_prefix: z.string(),
  credit_note_prefix: z.string(),
  /** A booking made in Hindi gets its documents in Hindi beside English (default false). */
  documents_in_client_language: z.boolean(),
});
export type ClinicProfile = z.infer<typeof clinicProfileSchema>;

/** GET /api/clinic: the profile, and what the booking form may offer. */
export const publicClinicSchema = z.extend(clinicPublicFieldsSchema, {
  /** WhatsApp messages are set up (WHATSAPP_*): the details step offers the consent box. */
  whatsapp_enabled: z.boolean(),
  /** How many hours before a session a client may still cancel or reschedule it (CANCELLATION_NOTICE_HOURS). */
  cancellation_notice_hours: z.int(),
  /** After how many months a session's personal data is erased (RETENTION_MONTHS), for the privacy notice. */
  retention_months: z.int(),
  /** The most sessions a standing appointment may hold (SERIES_MAX_SESSIONS), for the wizard's choice. */
  series_max_sessions: z.optional(z.int()),
});
export type PublicClinic = z.infer<typeof publicClinicSchema>;

export const EMPTY_CLINIC_PROFILE: ClinicProfile = {
  name: '',
  phone: '',
  email: '',
  address: '',
  privacy_contact: '',
  legal_name: '',
  gstin: '',
  state: '',
  receipt_prefix: 'R',
  credit_note_prefix: 'C',
  documents_in_client_language: false,
  updated_at: null,
};

export const CLINIC_MESSAGES = {
  nameRequired: 'Enter the clinic’s name',
  phoneRequired: 'Enter the clinic’s phone number',
  phoneForeign: 'Enter an Indian phone number (+91)',
  phoneInvalid:
    'Enter a 10-digit Indian mobile number, or a landline with its area code (e.g. 022 4000 0000)',
  emailRequired: 'Enter the clinic’s email address',
  emailInvalid: 'Enter a valid email address, e.g. contact@clinic.in',
  stateUnknown: 'Choose one of India’s states or union territories',
  prefixesSame: 'must differ from the receipt number prefix',
} as const;

/** India's two-digit area codes (the metros): their landlines read +91 22 4000 0000. */
const METRO_CODES = new Set(['11', '20', '22', '33', '40', '44', '79', '80']);

/**
 * A typed phone number made into the form the clinic shows: `+91 98765 43210` (a mobile) or
 * `+91 22 4000 0000` (a metro landline; other area codes have 3 or 4 digits, which the digits
 * alone do not tell, so those read `+91 1412 345678`). A refusal names what is wrong.
 */
export function normalizeClinicPhone(
  typed: string,
): { ok: true; phone: string } | { ok: false; message: string } {
  const reading = readMobile(typed.trim());
  if (!reading.ok) {
    return {
      ok: false,
      message: reading.reason === 'foreign' ? CLINIC_MESSAGES.phoneForeign : CLINIC_MESSAGES.phoneInvalid,
    };
  }
  const digits = reading.digits;
  // No Indian number, mobile or landline, starts with 0 once the trunk 0 is gone.
  if (digits.startsWith('0')) return { ok: false, message: CLINIC_MESSAGES.phoneInvalid };
  if (/^[6-9]/.test(digits)) return { ok: true, phone: `+91 ${digits.slice(0, 5)} ${digits.slice(5)}` };
  if (METRO_CODES.has(digits.slice(0, 2))) {
    return { ok: true, phone: `+91 ${digits.slice(0, 2)} ${digits.slice(2, 6)} ${digits.slice(6)}` };
  }
  return { ok: true, phone: `+91 ${digits.slice(0, 4)} ${digits.slice(4)}` };
}

/** A profile whose every field passed its rule, trimmed and with the phone normalised. */
export type ValidClinicProfile = Omit<ClinicProfile, 'updated_at'>;

/**
 * The rules of each field, in the form's order: name, phone and e-mail are required; address
 * and privacy contact may stay empty (the legal pages then name the e-mail). The same function
 * runs in the admin form and on the server.
 */
export function validateClinicProfile(
  input: Required<Omit<ClinicProfileRequest, 'documents_in_client_language'>> &
    Pick<ClinicProfileRequest, 'documents_in_client_language'>,
): { ok: true; profile: ValidClinicProfile } | { ok: false; errors: Partial<Record<ClinicField, string>> } {
  const errors: Partial<Record<ClinicField, string>> = {};
  const trimmed = Object.fromEntries(
    CLINIC_FIELDS.map((field) => [field, input[field].trim().replace(/\s+/g, ' ')]),
  ) as Record<ClinicField, string>;
  trimmed.gstin = trimmed.gstin.toUpperCase().replace(/\s/g, '');
  trimmed.receipt_prefix = trimmed.receipt_prefix.toUpperCase();
  trimmed.credit_note_prefix = trimmed.credit_note_prefix.toUpperCase();
  Object.assign(errors, taxFieldErrors(trimmed));
  if (!trimmed.name) errors.name = CLINIC_MESSAGES.nameRequired;
  let phone = '';
  if (!trimmed.phone) errors.phone = CLINIC_MESSAGES.phoneRequired;
  else {
    const normalized = normalizeClinicPhone(trimmed.phone);
    if (normalized.ok) phone = normalized.phone;
    else errors.phone = normalized.message;
  }
  if (!trimmed.email) errors.email = CLINIC_MESSAGES.emailRequired;
  else if (!isValidEmail(trimmed.email)) errors.email = CLINIC_MESSAGES.emailInvalid;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    profile: { ...trimmed, phone, documents_in_client_language: input.documents_in_client_language ?? false },
  };
}

/** The money papers' fields: a known state, a GSTIN with its checksum, two distinct short prefixes. */
function taxFieldErrors(profile: Record<ClinicField, string>): Partial<Record<ClinicField, string>> {
  const errors: Partial<Record<ClinicField, string>> = {};
  if (profile.state && !INDIAN_STATES.includes(profile.state)) errors.state = CLINIC_MESSAGES.stateUnknown;
  const gstin = profile.gstin ? gstinProblem(profile.gstin, profile.state) : undefined;
  if (gstin) errors.gstin = gstin;
  const receipt = prefixProblem(profile.receipt_prefix);
  if (receipt) errors.receipt_prefix = receipt;
  const credit = prefixProblem(profile.credit_note_prefix);
  if (credit) errors.credit_note_prefix = credit;
  else if (profile.credit_note_prefix === profile.receipt_prefix) {
    errors.credit_note_prefix = CLINIC_MESSAGES.prefixesSame;
  }
  return errors;
}

/** The API's `detail` for refused fields: 'Invalid body: phone: …; email: …' (error-handler.ts's form). */
export function clinicErrorDetail(errors: Partial<Record<ClinicField, string>>): string {
  const parts = CLINIC_FIELDS.filter((field) => errors[field]).map((field) => `${field}: ${errors[field]}`);
  return `Invalid body: ${parts.join('; ')}`;
}

/** The fields a `detail` of that form names, for the form to show each by its field. */
export function clinicErrorsOf(detail: string): Partial<Record<ClinicField, string>> {
  const match = /^Invalid body: (.*)$/s.exec(detail);
  if (!match?.[1]) return {};
  const errors: Partial<Record<ClinicField, string>> = {};
  for (const part of match[1].split('; ')) {
    const [field, ...rest] = part.split(': ');
    if (field && (CLINIC_FIELDS as readonly string[]).includes(field) && rest.length > 0) {
      errors[field as ClinicField] ??= rest.join(': ');
    }
  }
  return errors;
}

/** GET /api/admin/setup-status: what a fresh install still needs before it can take bookings. */
export const setupStatusSchema = z.object({
  clinic_profile: z.boolean(),
  locations: z.number(),
  services: z.number(),
  therapists: z.number(),
  /** Active therapists with weekly hours, some at a centre when they see clients in person. */
  therapists_with_schedule: z.number(),
  /** Active therapists with a photo (a step, not needed to take bookings). */
  therapists_with_photo: z.number(),
  /** The therapist whose schedule the checklist opens: the first without one, else the first. */
  schedule_therapist_id: z.nullable(z.number()),
  /** Every step needed to take bookings is done (the photo is not needed). */
  complete: z.boolean(),
});
export type SetupStatus = z.infer<typeof setupStatusSchema>;
