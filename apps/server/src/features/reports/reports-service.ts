import { todayIn } from '@therapy/shared/clinic-time';
import { toRupees } from '@therapy/shared/money';
import {
  type EodReport,
  PAYMENT_PAGE_DEFAULT,
  type PaymentReport,
  type PaymentReportQuery,
  reportYearRange,
  type TherapistMonthlyQuery,
  type TherapistMonthlyReport,
} from '@therapy/shared/report-schemas';
import type { Database } from '../../db/database.ts';
import { badRequest } from '../../http/app-error.ts';
import * as repo from './reports-repo.ts';

export type ReportsDeps = { db: Database; clinicTimeZone: string; now?: () => Date };

/**
 * The superadmins' reports: collected payments (inventory and income), the end-of-day report and
 * the therapists' monthly performance. "Today" and "this month" are the clinic's, by `now`.
 */
export function createReportsService({ db, clinicTimeZone, now = () => new Date() }: ReportsDeps) {
  const today = () => todayIn(clinicTimeZone, now());

  return {
    /** Collected payments (COMPLETED, not cancelled) for bookings dated from..to: one page, and the totals of all. */
    async collectedPayments({
      from,
      to,
      limit = PAYMENT_PAGE_DEFAULT,
      cursor,
    }: PaymentReportQuery): Promise<PaymentReport> {
      if (from && to && from > to) throw badRequest('"from" must not be after "to"');
      const [page, totals] = await Promise.all([
        repo.listCollectedPayments(db, { from, to }, { limit, cursor }),
        repo.sumCollectedPayments(db, { from, to }),
      ]);
      return {
        total_amount: toRupees(totals.total_paise),
        total_count: totals.total_count,
        payments: page.items.map((row) => ({
          amount: toRupees(row.amount_paise),
          payment_transaction_id: row.payment_transaction_id,
          client_name: row.client_name,
          client_phone: row.client_phone,
          booking_date: row.booking_date,
        })),
        limit,
        next_cursor: page.next_cursor,
      };
    },

    /** Every booking of `reportDate` (today by default) with the day's counts and income. */
    async endOfDay(reportDate: string = today()): Promise<EodReport> {
      const rows = await repo.listDayBookings(db, reportDate);
      const totals = rows[0];
      return {
        report_date: reportDate,
        total_bookings_today: totals?.day_total ?? 0,
        completed_bookings_today: totals?.day_completed ?? 0,
        cancelled_bookings_today: totals?.day_cancelled ?? 0,
        total_income_today: toRupees(totals?.day_income_paise ?? 0),
        details: rows.map((row) => ({
          booking_id: row.booking_id,
          client_name: row.client_name,
          therapist_id: row.therapist_id,
          therapist_name: row.therapist_name,
          service_id: row.service_id,
          payment_status: row.payment_status,
          cancelled: row.cancelled,
          amount: toRupees(row.amount_paise),
        })),
      };
    },

    /** Each therapist's sessions and income in a month (this month by default). */
    async therapistMonthly(query: TherapistMonthlyQuery): Promise<TherapistMonthlyReport> {
      const [currentYear, currentMonth] = today().split('-').map(Number) as [number, number];
      const year = query.year ?? currentYear;
      const month = query.month ?? currentMonth;
      const { min, max } = reportYearRange(currentYear);
      if (year < min || year > max) throw badRequest(`Invalid query: year: must be ${min} to ${max}`);
      const rows = await repo.sumTherapistMonth(db, year, month);
      return {
        year,
        month,
        therapist_performance: rows.map((row) => ({
          therapist_id: row.therapist_id,
          therapist_name: row.therapist_name,
          total_sessions: row.total,
          completed_sessions: row.completed,
          missed_or_cancelled_sessions: row.missed_or_cancelled,
          total_income: toRupees(row.income_paise),
        })),
      };
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
