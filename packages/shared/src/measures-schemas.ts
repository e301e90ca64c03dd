import * as z from 'zod/mini';
import { positiveId } from './admin-schemas.ts';
import {
  ANSWER_MAX,
  ANSWER_MIN,
  firstUnanswered,
  GAD7_ITEMS,
  type MaybeAnswer,
  PHQ9_ITEMS,
} from './measures.ts';
import { MOBILE_TYPED_MAX_LENGTH, normalizeMobile } from './mobile-number.ts';
import { intInRange, safeMultilineText, safeText } from './schema-limits.ts';

/*
 * Wire shapes of the intake and the questionnaires (issue 28, CONTRACT.md "Measures", decision
 * 058): the client's page PUBLIC_URL/intake/{token} calls GET, PUT (partial) and POST (complete)
 * /api/intake/{token}; the therapist reads GET /api/therapist/clients/{client_key}/measures.
 */

/** The longest free text (what brings them), in characters. */
export const INTAKE_TEXT_MAX = 5_000;
export const EMERGENCY_NAME_MAX = 200;

/**
 * The intake link's token (43 base64url characters, 256 bits, as the manage links'): any text up
 * to a bound here, so a token of the wrong shape is the service's clear 404, never a 400.
 */
export const intakeTokenParamsSchema = z.object({ token: safeText(200) });
export const isIntakeTokenShape = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);

/** A client's key in the therapist's calls: 22 base64url characters, never a name or an e-mail. */
export const clientKeyParamsSchema = z.object({
  client_key: z.string().check(z.regex(/^[A-Za-z0-9_-]{22}$/, 'is not a client key')),
});

/** One answer: 0 (not at all) to 3 (nearly every day); null while unanswered. */
export const answerSchema = intInRange(ANSWER_MIN, ANSWER_MAX);
const maybeAnswer = z.nullable(answerSchema);

/**
 * The body of PUT (partial: what is answered so far) and POST (complete) /api/intake/{token}.
 * Unanswered items are null or left off the end; POST then refuses with the first missing item,
 * after keeping what was sent (nothing already answered is lost).
 */
export const intakeAnswersSchema = z.object({
  phq9: z.optional(z.array(maybeAnswer).check(z.maxLength(PHQ9_ITEMS, `has at most ${PHQ9_ITEMS} answers`))),
  phq9_difficulty: z.optional(maybeAnswer),
  gad7: z.optional(z.array(maybeAnswer).check(z.maxLength(GAD7_ITEMS, `has at most ${GAD7_ITEMS} answers`))),
  reason: z.optional(z.nullable(safeMultilineText(INTAKE_TEXT_MAX))),
  emergency_contact: z.optional(
    z.nullable(
      z.object({
        name: safeText(EMERGENCY_NAME_MAX),
        mobile: safeText(MOBILE_TYPED_MAX_LENGTH),
      }),
    ),
  ),
  consent: z.optional(z.nullable(z.boolean())),
});
export type IntakeAnswers = z.infer<typeof intakeAnswersSchema>;

export type IntakeKind = 'intake' | 'repeat';

/** What the intake asks (in order); a repeat asks the two questionnaires only. */
export const INTAKE_SECTIONS = ['reason', 'emergency_contact', 'consent', 'phq9', 'gad7'] as const;
export const REPEAT_SECTIONS = ['phq9', 'gad7'] as const;
export type IntakeSection = (typeof INTAKE_SECTIONS)[number];

/** Why a complete submission is refused, as a code and an English message (the page words it in its language). */
export type IntakeProblem =
  | { code: 'phq9'; item: number; message: string }
  | { code: 'phq9_difficulty'; message: string }
  | { code: 'gad7'; item: number; message: string }
  | { code: 'emergency_mobile'; message: string }
  | { code: 'emergency_name'; message: string }
  | { code: 'consent'; message: string };

/**
 * The first thing a complete submission still lacks, or undefined when it may be scored: every
 * PHQ-9 and GAD-7 item and the difficulty question answered; for the intake, consent given; an
 * emergency contact, when given, with a name and a 10-digit mobile. One rule for page and server.
 */
export function intakeProblem(answers: IntakeAnswers, kind: IntakeKind): IntakeProblem | undefined {
  const contact = answers.emergency_contact;
  if (kind === 'intake' && contact && (contact.name.trim() || contact.mobile.trim())) {
    if (!contact.name.trim())
      return { code: 'emergency_name', message: "The emergency contact's name is required" };
    if (!normalizeMobile(contact.mobile))
      return {
        code: 'emergency_mobile',
        message: "The emergency contact's mobile must be a 10-digit number",
      };
  }
  if (kind === 'intake' && answers.consent !== true)
    return { code: 'consent', message: 'Consent to therapy is required before the questionnaires are sent' };
  const phq9 = firstUnanswered(answers.phq9 ?? [], PHQ9_ITEMS);
  if (phq9 >= 0)
    return { code: 'phq9', item: phq9 + 1, message: `PHQ-9 question ${phq9 + 1} is not answered` };
  if (answers.phq9_difficulty === null || answers.phq9_difficulty === undefined)
    return {
      code: 'phq9_difficulty',
      message: 'The PHQ-9 question on how difficult these problems made things is not answered',
    };
  const gad7 = firstUnanswered(answers.gad7 ?? [], GAD7_ITEMS);
  if (gad7 >= 0)
    return { code: 'gad7', item: gad7 + 1, message: `GAD-7 question ${gad7 + 1} is not answered` };
  return undefined;
}

/** A stored answer list padded to its length with null (unanswered). */
export const paddedAnswers = (
  answers: readonly MaybeAnswer[] | undefined,
  count: number,
): (number | null)[] => Array.from({ length: count }, (_, index) => answers?.[index] ?? null);

const storedAnswersSchema = z.object({
  phq9: z.array(z.nullable(z.int())),
  phq9_difficulty: z.nullable(z.int()),
  gad7: z.array(z.nullable(z.int())),
  reason: z.nullable(z.string()),
  emergency_contact: z.nullable(z.object({ name: z.string(), mobile: z.string() })),
  consent: z.boolean(),
});
export type StoredAnswers = z.infer<typeof storedAnswersSchema>;

/** GET /api/intake/{token}: what is asked, in the booking's language, and what is answered already. */
export const intakeViewSchema = z.object({
  kind: z.enum(['intake', 'repeat']),
  language: z.enum(['en', 'hi']),
  therapist_name: z.string(),
  /** The session it comes before: clinic date and start ('HH:MM:SS'). */
  session_date: z.string(),
  session_start: z.string(),
  sections: z.array(z.enum(INTAKE_SECTIONS)),
  consent_version: z.object({ version: z.string(), published: z.string() }),
  answers: storedAnswersSchema,
});
export type IntakeView = z.infer<typeof intakeViewSchema>;

const phq9Band = z.enum(['minimal', 'mild', 'moderate', 'moderately_severe', 'severe']);
const gad7Band = z.enum(['minimal', 'mild', 'moderate', 'severe']);

/** POST /api/intake/{token}: the scores (the contract's answer). */
export const intakeResultSchema = z.object({
  phq9_score: z.int(),
  phq9_band: phq9Band,
  gad7_score: z.int(),
  gad7_band: gad7Band,
  risk: z.boolean(),
});
export type IntakeResult = z.infer<typeof intakeResultSchema>;

/** PUT /api/intake/{token}: kept; `risk` when PHQ-9 item 9 is answered above 0 (the alert went out). */
export const intakeSavedSchema = z.object({ saved_at: z.string(), risk: z.boolean() });
export type IntakeSaved = z.infer<typeof intakeSavedSchema>;

/** One questionnaire sent in, as the therapist sees it. */
export const measureScoreSchema = z.object({
  kind: z.enum(['intake', 'repeat']),
  booking_id: positiveId,
  session_date: z.string(),
  submitted_at: z.string(),
  phq9_score: z.int(),
  phq9_band: phq9Band,
  gad7_score: z.int(),
  gad7_band: gad7Band,
  phq9_difficulty: z.int(),
  phq9: z.array(z.int()),
  gad7: z.array(z.int()),
  risk: z.boolean(),
});
export type MeasureScore = z.infer<typeof measureScoreSchema>;

/** GET /api/therapist/clients/{client_key}/measures: the intake and every score, oldest first. */
export const clientMeasuresSchema = z.object({
  client_key: z.string(),
  client_name: z.string(),
  intake: z.nullable(
    z.object({
      submitted_at: z.string(),
      reason: z.nullable(z.string()),
      emergency_contact: z.nullable(z.object({ name: z.string(), mobile: z.string() })),
      consent_version: z.nullable(z.string()),
    }),
  ),
  /** Sent links not yet answered in full (partial answers are not scored). */
  pending: z.int(),
  scores: z.array(measureScoreSchema),
  /** A risk answer the therapist had not seen before this read (this read marks it seen). */
  unseen_risk: z.boolean(),
});
export type ClientMeasures = z.infer<typeof clientMeasuresSchema>;

/** The latest scores of a session's client on My day, with the unseen-risk badge. */
export const sessionMeasuresSchema = z.object({
  client_key: z.string(),
  latest: z.nullable(
    z.object({
      phq9_score: z.int(),
      phq9_band: phq9Band,
      gad7_score: z.int(),
      gad7_band: gad7Band,
      submitted_at: z.string(),
    }),
  ),
  unseen_risk: z.boolean(),
});
export type SessionMeasures = z.infer<typeof sessionMeasuresSchema>;
