import { errorResponses } from '@therapy/shared/api-errors';
import {
  eodReportQuerySchema,
  eodReportSchema,
  incomeReportSchema,
  paymentReportQuerySchema,
  paymentReportSchema,
  therapistMonthlyQuerySchema,
  therapistMonthlyReportSchema,
} from '@therapy/shared/report-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createReportsService, type ReportsDeps } from './reports-service.ts';

const tags = ['reports'];
const errors = errorResponses(400, 401, 403);

/** The superadmins' reports and income. The admin guard checks token and role first. */
export const reportsRoutes: FastifyPluginAsyncZod<ReportsDeps> = async (app, deps) => {
  const reports = createReportsService(deps);

  app.get(
    '/api/admin/reports/inventory',
    {
      access: 'superadmin',
      schema: {
        tags,
        summary: 'Collected payments (COMPLETED, not cancelled) and their total, newest booking date first',
        querystring: paymentReportQuerySchema,
        response: { 200: paymentReportSchema, ...errors },
      },
    },
    (request) => reports.collectedPayments(request.query),
  );

  app.get(
    '/api/admin/reports/eod',
    {
      access: 'superadmin',
      schema: {
        tags,
        summary: "A day's bookings with counts and income (report_date defaults to today)",
        querystring: eodReportQuerySchema,
        response: { 200: eodReportSchema, ...errors },
      },
    },
    (request) => reports.endOfDay(request.query.report_date),
  );

  app.get(
    '/api/admin/reports/therapist-monthly',
    {
      access: 'superadmin',
      schema: {
        tags,
        summary: "Every therapist's sessions and income in a month (defaults to this month)",
        querystring: therapistMonthlyQuerySchema,
        response: { 200: therapistMonthlyReportSchema, ...errors },
      },
    },
    (request) => reports.therapistMonthly(request.query),
  );

  app.get(
    '/api/admin/income',
    {
      access: 'superadmin',
      schema: {
        tags,
        summary: 'Every collected payment and the total collected, newest booking date first',
        querystring: paymentReportQuerySchema,
        response: { 200: incomeReportSchema, ...errors },
      },
    },
    (request) => reports.collectedPayments(request.query),
  );
};
