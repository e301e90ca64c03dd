import { errorResponses } from '@therapy/shared/api-errors';
import { payoutReportSchema } from '@therapy/shared/money-papers-schemas';
import { intTextInRange } from '@therapy/shared/schema-limits';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import type { Database } from '../../db/database.ts';
import { requireTherapist } from '../admin-auth/admin-guard.ts';
import { payoutWorkbook, sendWorkbook } from '../receipts/money-workbooks.ts';
import { payoutMonthOf, payoutReport } from './payouts-service.ts';

const tags = ['payouts'];
const errors = errorResponses(400, 401, 403);
const monthQuery = {
  year: z.optional(intTextInRange(2000, 2999)),
  month: z.optional(intTextInRange(1, 12)),
};

/** The monthly payouts: every therapist's for superadmins (JSON or Excel), a therapist's own. */
export const payoutsRoutes: FastifyPluginAsyncZod<{
  db: Database;
  clinicTimeZone: string;
  now?: () => Date;
}> = async (app, { db, clinicTimeZone, now = () => new Date() }) => {
  app.get(
    '/api/admin/payouts',
    {
      access: 'superadmin',
      schema: {
        tags,
        summary:
          "Each therapist's month: sessions, no-shows, cancellations, gross and shares (defaults to this month)",
        querystring: z.object({ ...monthQuery, format: z.optional(z.enum(['json', 'xlsx'])) }),
        response: { 200: payoutReportSchema, ...errors },
      },
    },
    async (request, reply) => {
      const report = await payoutReport(db, payoutMonthOf(request.query, clinicTimeZone, now()));
      if (request.query.format !== 'xlsx') return report;
      return sendWorkbook(reply, payoutWorkbook(report));
    },
  );

  app.get(
    '/api/therapist/payouts',
    {
      access: 'therapist',
      schema: {
        tags,
        summary: "The signed-in therapist's own month (defaults to this month)",
        querystring: z.object(monthQuery),
        response: { 200: payoutReportSchema, ...errors },
      },
    },
    async (request) => {
      const { therapistId } = requireTherapist(request);
      return payoutReport(db, { ...payoutMonthOf(request.query, clinicTimeZone, now()), therapistId });
    },
  );
};
