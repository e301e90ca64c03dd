import * as z from 'zod/mini';
import { calendarDate, clockTime, dbId, intInRange } from './schema-limits.ts';
import { SERIES_MAX_SESSIONS_LIMIT, SERIES_MIN_SESSIONS } from './series-rules.ts';

/**
 * Wire shapes of standing appointments (CONTRACT.md "Standing appointments", decision 055): the
 * `repeat` and `pay` a booking payload takes, the 201 and 409 answers, and the wizard's preview.
 * The configured SERIES_MAX_SESSIONS (at most SERIES_MAX_SESSIONS_LIMIT) is the server's to check.
 */

const moveSchema = z.object({
  /** The pattern's date being moved. */
  from_date: calendarDate,
  booking_date: calendarDate,
  booking_time_slot_start: clockTime,
});

export const seriesRepeatSchema = z.object({
  every_weeks: z.union([z.literal(1), z.literal(2)], 'must be 1 or 2'),
  count: intInRange(SERIES_MIN_SESSIONS, SERIES_MAX_SESSIONS_LIMIT),
  /** Dates of the pattern dropped by the visitor's choice. */
  skip: z.optional(z.array(calendarDate).check(z.maxLength(SERIES_MAX_SESSIONS_LIMIT))),
  /** Dates of the pattern moved to another open time that week. */
  moves: z.optional(z.array(moveSchema).check(z.maxLength(SERIES_MAX_SESSIONS_LIMIT))),
});
export type SeriesRepeat = z.infer<typeof seriesRepeatSchema>;

/** Online: one payment for the whole series, or a link before each session. */
export const seriesPaySchema = z.enum(['all', 'each']);

export const clashReasonSchema = z.enum(['booked', 'blocked', 'leave', 'holiday', 'outside hours', 'past']);

export const seriesClashSchema = z.object({
  booking_date: z.string(),
  booking_time_slot_start: z.string(),
  reason: clashReasonSchema,
});
export type SeriesClash = z.infer<typeof seriesClashSchema>;

/** A 409: `clashes` when a series could not be booked as asked (nothing was booked). */
export const seriesConflictSchema = z.object({
  detail: z.string(),
  clashes: z.optional(z.array(seriesClashSchema)),
});

/** What the wizard asks before confirming: the dates, each open or with the reason it is not. */
export const seriesPreviewRequestSchema = z.object({
  therapist_id: dbId,
  booking_type: z.enum(['ONLINE', 'OFFLINE']),
  location_id: z._default(intInRange(0, 2_147_483_647), 0),
  booking_date: calendarDate,
  booking_time_slot_start: clockTime,
  repeat: seriesRepeatSchema,
});

export const seriesPreviewSchema = z.object({
  sessions: z.array(
    z.object({
      position: z.int(),
      booking_date: z.string(),
      booking_time_slot_start: z.string(),
      /** null: open now (nothing is held until the booking is made). */
      reason: z.nullable(clashReasonSchema),
    }),
  ),
});
export type SeriesPreview = z.infer<typeof seriesPreviewSchema>;

/**
 * A session's place in its standing appointment, as the admin and therapist screens label it
 * ("3 of 8"); null for a session of its own (decision 056). `count`: the series' sessions that
 * still hold their time (held, or confirmed: not cancelled, not released unpaid), this one counted
 * even when it does not; `position`: this session's place among them by date and time.
 */
export const seriesPlaceSchema = z.nullable(
  z.object({ series_id: z.int(), position: z.int(), count: z.int() }),
);
export type SeriesPlace = z.infer<typeof seriesPlaceSchema>;

/**
 * Which sessions a cancellation takes (the client's manage link and the front desk alike): only
 * this one (`this`, the default), or it and every later session of its series still holding its
 * time (`following`). On a booking of its own `following` is `this`.
 */
export const cancelScopeSchema = z.enum(['this', 'following']);
export type CancelScope = z.infer<typeof cancelScopeSchema>;

/** The body of a cancel call: none, null or `{scope?}`. */
export const cancelScopeRequestSchema = z.optional(
  z.nullable(z.object({ scope: z.optional(cancelScopeSchema) })),
);
