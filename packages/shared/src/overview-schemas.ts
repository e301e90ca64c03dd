import * as z from 'zod/mini';
import { isoDate } from './catalog-schemas.ts';
import { calendarDate } from './schema-limits.ts';

/**
 * The owner's overview (issue 29, decision 059; CONTRACT.md "Owner's overview"): superadmins
 * only. `GET /api/admin/overview?from=&to=[&format=xlsx]` answers the figures of the bookings
 * dated `from`..`to` (both included, at most OVERVIEW_MAX_DAYS days), and under `previous` the
 * same figures for the period of the same length just before it. Money in rupees. The counts
 * follow the reports' rules: admin blocks never count, a failed payment attempt is no session, a
 * moved booking is one booking, a centre payment's amount is the booking's income.
 */

/** The longest period asked at once: a year (a leap year's too). */
export const OVERVIEW_MAX_DAYS = 366;
/** A second session within this many days of the first makes a client a returning one. */
export const RETURNING_WITHIN_DAYS = 60;

export const overviewQuerySchema = z.object({
  from: calendarDate,
  to: calendarDate,
  /** `xlsx`: the figures as a workbook instead of JSON. */
  format: z.optional(z.enum(['json', 'xlsx'])),
});
export type OverviewQuery = z.infer<typeof overviewQuerySchema>;

/** One therapist's sessions offered by their schedule (less leave and holidays) and booked. */
export const overviewUtilisationSchema = z.object({
  therapist_id: z.int(),
  therapist_name: z.string(),
  /** Sessions the weekly hours (and date overrides) offered in the period, leave and holidays left out. */
  offered: z.int(),
  /** Clients' sessions holding a slot in the period (not cancelled, not a failed payment). */
  booked: z.int(),
});

/** One therapist's waitlist: people who joined it in the period, and how many were offered a slot. */
export const overviewWaitlistSchema = z.object({
  therapist_id: z.int(),
  therapist_name: z.string(),
  waiting: z.int(),
  offered: z.int(),
});

/** Income collected and sessions held, per week (weeks start on Monday) or calendar month. */
export const overviewBucketSchema = z.object({
  /** The Monday of a week (by_week) or the first day of a month (by_month), 'YYYY-MM-DD'. */
  week_start: z.optional(isoDate),
  month: z.optional(isoDate),
  income: z.number(),
  income_online: z.number(),
  income_centre: z.number(),
  sessions: z.int(),
});
export type OverviewBucket = z.infer<typeof overviewBucketSchema>;

/** How far ahead the sessions held were booked, in days (from the day of booking to the session's). */
export const LEAD_RANGES = ['0', '1-2', '3-7', '8-14', '15-30', '31+'] as const;

const figuresShape = {
  /** Income collected (online and at the centre) for sessions dated in the period. */
  income: z.number(),
  income_online: z.number(),
  income_centre: z.number(),
  /** Refunds accepted by the payment provider, for sessions dated in the period. */
  refunds: z.number(),
  /** Clients' bookings that are sessions (the monthly report's total: not a failed payment). */
  sessions_booked: z.int(),
  /** The reports' completed sessions: paid, not cancelled, not a no-show. */
  sessions_held: z.int(),
  no_shows: z.int(),
  cancellations: z.int(),
  /** Cancelled less than CANCELLATION_NOTICE_HOURS before the session began. */
  late_cancellations: z.int(),
  /** Rates over sessions_booked (0 to 1; 0 when nothing was booked). */
  no_show_rate: z.number(),
  late_cancellation_rate: z.number(),
  /** Clients whose first session held lies in the period. */
  new_clients: z.int(),
  /** Of those, the ones with a second session within RETURNING_WITHIN_DAYS days of the first. */
  returning_clients: z.int(),
  /** Sessions held per new client within RETURNING_WITHIN_DAYS days of their first (0 without any). */
  sessions_per_client: z.number(),
  utilisation: z.array(overviewUtilisationSchema),
  waitlist: z.array(overviewWaitlistSchema),
  by_week: z.array(overviewBucketSchema),
  by_month: z.array(overviewBucketSchema),
  /** Sessions held per weekday, 0 (Sunday) to 6, all seven. */
  by_weekday: z.array(z.object({ weekday: z.int(), sessions: z.int() })),
  /** Sessions held per hour of start (0 to 23), the hours with any session. */
  by_hour: z.array(z.object({ hour: z.int(), sessions: z.int() })),
  /** Sessions held by how many days ahead they were booked (LEAD_RANGES), and the average. */
  lead_time: z.object({
    average_days: z.number(),
    ranges: z.array(z.object({ range: z.enum(LEAD_RANGES), sessions: z.int() })),
  }),
};

export const overviewFiguresSchema = z.object({ from: isoDate, to: isoDate, ...figuresShape });
export type OverviewFigures = z.infer<typeof overviewFiguresSchema>;

export const overviewSchema = z.object({
  period: z.object({ from: isoDate, to: isoDate }),
  previous: overviewFiguresSchema,
  ...figuresShape,
});
export type Overview = z.infer<typeof overviewSchema>;
