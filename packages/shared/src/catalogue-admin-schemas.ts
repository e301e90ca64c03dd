import * as z from 'zod/mini';
import { adminTherapistSchema } from './admin-schemas.ts';
import { therapistTypeSchema } from './catalog-schemas.ts';
import {
  payoutShareSchema,
  registrationNumberSchema,
  serviceTaxSchema,
  therapistPayoutSchema,
} from './money-papers-schemas.ts';
import { dbId, rupeeAmount, safeMultilineText, safeText } from './schema-limits.ts';
import { THERAPIST_NAME_MESSAGE, THERAPIST_NAME_PATTERN } from './therapist-name.ts';

/**
 * Catalogue management (issue 11, CONTRACT.md "Running the practice"): the superadmin's
 * requests and answers for centres, services and therapists. Every rule names its field in the
 * 400's detail ('Invalid body: phone: must be …'), which the admin forms show next to the field.
 */

const REQUIRED = 'is required';

/** Required one-line text: trimmed length from 1 to `max`. */
const requiredText = (max: number) =>
  safeText(max).check(z.refine((text: string) => text.trim().length > 0, REQUIRED));

export const PHONE_PATTERN = /^\+?[0-9][0-9 ()-]{5,19}$/;
/** An empty phone is 'required' first (the form shows a field's first message), then its form. */
const phone = z.string(REQUIRED).check(
  z.refine((text: string) => text.trim().length > 0, REQUIRED),
  z.regex(PHONE_PATTERN, 'must be a phone number: digits, spaces, +, - or ( ), 6 to 20 characters'),
);

export const MAX_PRICE_RUPEES = 100_000;
export const MAX_CATALOGUE_IDS = 50;

export const locationRequestSchema = z.object({
  name: requiredText(100),
  short_name: requiredText(40),
  // May be empty: a new clinic's centre takes bookings without one (decision 065).
  description: safeText(1000),
  address: requiredText(300),
  phone,
  is_active: z.optional(z.boolean('must be true or false')),
});
export type LocationRequest = z.infer<typeof locationRequestSchema>;
export const locationPatchSchema = z.partial(locationRequestSchema);
export type LocationPatch = z.infer<typeof locationPatchSchema>;

export const serviceRequestSchema = z.object({
  name: requiredText(100),
  is_active: z.optional(z.boolean('must be true or false')),
  /** GST treatment (issue 27): `{exempt: true}` (the default) or `{rate_percent, sac}`. */
  tax: z.optional(serviceTaxSchema),
});
export type ServiceRequest = z.infer<typeof serviceRequestSchema>;
export const servicePatchSchema = z.partial(serviceRequestSchema);
export type ServicePatch = z.infer<typeof servicePatchSchema>;

/** Bio: 'description|qualifications|experience', the description required. */
const bio = safeMultilineText(1500).check(
  z.refine(
    (text: string) => text.split('|').length <= 3,
    'must have at most 3 parts: description|qualifications|experience',
  ),
  z.refine(
    (text: string) => (text.split('|')[0] ?? '').trim().length > 0,
    'needs a description (its first part)',
  ),
);

const idList = (noun: string, min: number) =>
  z.array(dbId, `must be a list of ${noun} ids`).check(
    z.minLength(min, `Choose at least ${min === 1 ? 'one' : min} ${noun}.`),
    z.maxLength(MAX_CATALOGUE_IDS, `must name at most ${MAX_CATALOGUE_IDS} ${noun}s`),
    z.refine((ids: number[]) => new Set(ids).size === ids.length, `must not name a ${noun} twice`),
  );

/** The message when an in-person therapist has no centre (the form's and the server's). */
export const CENTRE_NEEDED = 'Choose at least one centre for in-person sessions.';
/** The message when an online-only therapist names centres. */
export const NO_CENTRE_ONLINE = 'must be empty for an online-only therapist (type 1)';

/** What is wrong with a therapist's centres for its type (1 online, 2 in person, 3 both), if anything. */
export function therapistCentresProblem(type: number, locations: readonly number[]): string | undefined {
  if (type === 1 && locations.length > 0) return NO_CENTRE_ONLINE;
  if ((type === 2 || type === 3) && locations.length === 0) return CENTRE_NEEDED;
  return undefined;
}

const therapistFields = z.object({
  name: z.string(REQUIRED).check(z.regex(THERAPIST_NAME_PATTERN, THERAPIST_NAME_MESSAGE)),
  title: requiredText(100),
  specialization: requiredText(200),
  bio,
  price: rupeeAmount(MAX_PRICE_RUPEES, {
    invalid: 'must be an amount in rupees more than 0',
    decimals: 'must have at most 2 decimals',
    tooLarge: `must be at most ${MAX_PRICE_RUPEES}`,
  }),
  /** 1 online, 2 in person, 3 both (ADR 029). */
  type: therapistTypeSchema,
  /** Centres for in-person sessions: required for types 2 and 3, none for type 1. */
  locations: idList('centre', 0),
  offered_service_ids: idList('service', 1),
  email: safeText(254).check(z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'must be an e-mail address')),
  is_active: z.optional(z.boolean('must be true or false')),
  /** Printed on the client's receipts, e.g. RCI's CRR number (issue 27). */
  registration_number: z.optional(registrationNumberSchema),
  /** The therapist's share from a date on: `{percent}` or `{per_session}` (rupees). */
  payout: z.optional(therapistPayoutSchema),
});
/**
 * A new therapist: its fields, and its centres against its type, so the form knows every rule
 * before it sends (issue 31); a patch's are checked by the server against the stored row.
 */
export const therapistRequestSchema = therapistFields.check(
  z.superRefine((therapist, context) => {
    const problem = therapistCentresProblem(therapist.type, therapist.locations ?? []);
    if (problem)
      context.issues.push({ code: 'custom', message: problem, path: ['locations'], input: therapist });
  }),
);
export type TherapistRequest = z.infer<typeof therapistRequestSchema>;
export const therapistPatchSchema = z.partial(therapistFields);
export type TherapistPatch = z.infer<typeof therapistPatchSchema>;

/** A centre as the superadmin sees it: inactive ones too, with phone and photo. */
export const catalogueLocationSchema = z.object({
  id: dbId,
  name: z.string(),
  short_name: z.string(),
  description: z.string(),
  address: z.string(),
  phone: z.string(),
  image_url: z.nullable(z.string()),
  is_active: z.boolean(),
});
export type CatalogueLocation = z.infer<typeof catalogueLocationSchema>;

export const catalogueServiceSchema = z.object({
  id: dbId,
  name: z.string(),
  is_active: z.boolean(),
  tax: z.object({
    exempt: z.optional(z.boolean()),
    rate_percent: z.optional(z.number()),
    sac: z.optional(z.string()),
  }),
});
export type CatalogueService = z.infer<typeof catalogueServiceSchema>;

export const catalogueTherapistSchema = z.extend(adminTherapistSchema, {
  registration_number: z.string(),
  /** The share in force now (or the next one set), null when none was ever set. */
  payout: z.nullable(payoutShareSchema),
});
export type CatalogueTherapist = z.infer<typeof catalogueTherapistSchema>;

/** The most rows a catalogue list answers with (ample for one practice). */
export const CATALOGUE_LIST_LIMIT = 1000;
export const catalogueLocationListSchema = z.array(catalogueLocationSchema);
export const catalogueServiceListSchema = z.array(catalogueServiceSchema);
export const catalogueTherapistListSchema = z.array(catalogueTherapistSchema);

/** Photos: the types taken, the size and the dimensions allowed. */
export const PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
export const MIN_PHOTO_SIDE = 200;
export const MAX_PHOTO_SIDE = 6000;

/** Where a form's field errors come from: 'Invalid body: name: must …; phone: must …'. */
export function fieldErrorsOf(detail: string): Record<string, string> {
  const match = /^Invalid body: (.*)$/s.exec(detail);
  if (!match?.[1]) return {};
  const errors: Record<string, string> = {};
  for (const part of match[1].split('; ')) {
    const colon = part.indexOf(': ');
    if (colon === -1) continue;
    const field = part.slice(0, colon).split('.')[0] ?? '';
    if (field && !errors[field]) errors[field] = part.slice(colon + 2);
  }
  return errors;
}
