import * as z from 'zod/mini';
import { paymentStatusSchema } from './admin-schemas.ts';
import { isoDate } from './catalog-schemas.ts';
import { pageQueryShape } from './page-schemas.ts';
import { calendarDate, intTextInRange } from './schema-limits.ts';

/**
 * Wire shapes of the superadmins' reports and income (specification sections 2 "Reports" and
 * "Income", 3, 7; CONTRACT.md). Every call sends `Authorization: Bearer <access_token>` of a
 * superadmin: 401 without a valid token, 403 for an admin who is not a superadmin.
 *
 * Money is in rupees (numbers with up to 2 decimals), summed by the server from whole paise so
 * totals never drift. Dates are 'YYYY-MM-DD' in the clinic's time zone (CLINIC_TIMEZONE).
 * Admin blocks (booking_type ADMIN_BLOCK) never appear in a report.
 *
 * Errors are `{"detail": "…"}`: 400 names the query parameter that is wrong.
 */

const dateInput = calendarDate;

/** The earliest year the monthly report accepts (specification section 9). */
export const REPORT_MIN_YEAR = 2020;
/** The monthly report accepts years up to the current year plus this many. */
export const REPORT_YEARS_AHEAD = 5;

/** The years the monthly report accepts when it is `currentYear` in the clinic's time zone. */
export function reportYearRange(currentYear: number): { min: number; max: number } {
  return { min: REPORT_MIN_YEAR, max: currentYear + REPORT_YEARS_AHEAD };
}

// ---------------------------------------------------------------------------------------------
// Collected payments: inventory and income

/**
 * GET /api/admin/reports/inventory and GET /api/admin/income, both optional: only payments for
 * bookings dated `from`..`to` (both included). 400 when a date is not a real day or `from` is
 * after `to`.
 */
export const paymentReportQuerySchema = z.object({
  from: z.optional(dateInput),
  to: z.optional(dateInput),
  /** One page of `payments` (1 to 100, default 10); `cursor` the `next_cursor` of the page before. */
  ...pageQueryShape(),
});
export const PAYMENT_PAGE_DEFAULT = 10;
export type PaymentReportQuery = z.infer<typeof paymentReportQuerySchema>;

/** One collected payment: a booking that is paid (COMPLETED) and not cancelled. */
export const reportPaymentSchema = z.object({
  /** Booking amount in rupees. */
  amount: z.number(),
  /** The payment provider's payment id; null for a manual booking recorded without one. */
  payment_transaction_id: z.nullable(z.string()),
  client_name: z.nullable(z.string()),
  /** The client's 10-digit mobile number. */
  client_phone: z.nullable(z.string()),
  /** The session's date (not the day the money came in). */
  booking_date: isoDate,
});
export type ReportPayment = z.infer<typeof reportPaymentSchema>;

/**
 * The answer of the inventory report ('Inventory (PhonePe Income)') and of the income screen:
 * every collected payment, newest booking date first (then latest start time), and their total.
 * Collected means `payment_status` COMPLETED, not cancelled, not an admin block; a paid
 * booking that is later cancelled turns CANCELLED and leaves the total.
 * The income screen pages the list itself (10/20/50).
 */
export const paymentReportSchema = z.object({
  /** Sum of every collected payment's amount over all pages, in rupees; 0 when there are none. */
  total_amount: z.number(),
  /** How many collected payments there are over all pages. */
  total_count: z.int(),
  /** One page, newest booking date first. */
  payments: z.array(reportPaymentSchema),
  limit: z.int(),
  /** Pass as `cursor` for the next page; null on the last page. */
  next_cursor: z.nullable(z.string()),
});
export type PaymentReport = z.infer<typeof paymentReportSchema>;

/** GET /api/admin/income: the same shape as the inventory report. */
export const incomeReportSchema = paymentReportSchema;
export type IncomeReport = PaymentReport;

// ---------------------------------------------------------------------------------------------
// End of day

/** GET /api/admin/reports/eod[?report_date=YYYY-MM-DD]: today in the clinic's zone by default. */
export const eodReportQuerySchema = z.object({
  report_date: z.optional(dateInput),
});
export type EodReportQuery = z.infer<typeof eodReportQuerySchema>;

/** One booking of the day, whatever its payment status. */
export const eodReportDetailSchema = z.object({
  booking_id: z.int(),
  client_name: z.nullable(z.string()),
  therapist_id: z.int(),
  /** As stored ('Dr.Asha Menon'); the screens show the part after the first dot. */
  therapist_name: z.string(),
  service_id: z.nullable(z.int()),
  payment_status: paymentStatusSchema,
  cancelled: z.boolean(),
  /** Booking amount in rupees, collected or not. */
  amount: z.number(),
});
export type EodReportDetail = z.infer<typeof eodReportDetailSchema>;

/**
 * The end-of-day report: every booking dated `report_date` (admin blocks and failed payment
 * attempts left out), by start time, with these counts:
 * - `total_bookings_today`: all of them (the rows of `details`);
 * - `completed_bookings_today`: COMPLETED and not cancelled;
 * - `cancelled_bookings_today`: cancelled flag set or status CANCELLED;
 * - `total_income_today`: sum of the completed ones' amounts, in rupees.
 */
export const eodReportSchema = z.object({
  report_date: isoDate,
  total_bookings_today: z.int(),
  completed_bookings_today: z.int(),
  cancelled_bookings_today: z.int(),
  total_income_today: z.number(),
  details: z.array(eodReportDetailSchema),
});
export type EodReport = z.infer<typeof eodReportSchema>;

// ---------------------------------------------------------------------------------------------
// Therapist monthly

/**
 * GET /api/admin/reports/therapist-monthly[?year=&month=]: the current year and month in the
 * clinic's zone by default. `year` from 2020 to the current year + 5 (400 otherwise; the upper
 * bound is checked by the server, which knows the date), `month` 1 to 12.
 */
export const therapistMonthlyQuerySchema = z.object({
  year: z.optional(intTextInRange(REPORT_MIN_YEAR, 9999)),
  month: z.optional(intTextInRange(1, 12)),
});
export type TherapistMonthlyQuery = z.infer<typeof therapistMonthlyQuerySchema>;

/**
 * One therapist's month, counted over their bookings dated in that month (admin blocks left
 * out). There is no attendance record, so "missed" cannot be told from "cancelled":
 * - `total_sessions`: bookings whose payment did not fail (status not FAILED);
 * - `completed_sessions`: COMPLETED and not cancelled;
 * - `missed_or_cancelled_sessions`: of the total, those cancelled (flag or status CANCELLED);
 * - `total_income`: sum of the completed sessions' amounts, in rupees.
 * The rest of the total are still awaiting payment (PENDING or INITIATED).
 */
export const therapistPerformanceSchema = z.object({
  therapist_id: z.int(),
  therapist_name: z.string(),
  total_sessions: z.int(),
  completed_sessions: z.int(),
  missed_or_cancelled_sessions: z.int(),
  total_income: z.number(),
});
export type TherapistPerformance = z.infer<typeof therapistPerformanceSchema>;

/** The monthly report: one row for every therapist (inactive ones too), zeros included, by id. */
export const therapistMonthlyReportSchema = z.object({
  year: z.int(),
  /** 1 (January) to 12. */
  month: z.int(),
  therapist_performance: z.array(therapistPerformanceSchema),
});
export type TherapistMonthlyReport = z.infer<typeof therapistMonthlyReportSchema>;
