import { errorResponses } from '@therapy/shared/api-errors';
import {
  privacyAnswerSchema,
  privacyCorrectBodySchema,
  privacyEraseAnswerSchema,
  privacyEraseBodySchema,
  privacyExportQuerySchema,
  privacyExportSchema,
  privacyRequestBodySchema,
  privacyRequestSchema,
  privacyRequestsPageSchema,
  privacyRequestsQuerySchema,
  privacyRetentionSchema,
} from '@therapy/shared/privacy-schemas';
import { privacyWorkbook } from '@therapy/shared/privacy-workbook';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import writeExcelFile from 'write-excel-file/node';
import type { ZodApp } from '../../http/zod-app.ts';
import { requireAdmin } from '../admin-auth/admin-guard.ts';
import type { PrivacyService } from './privacy-service.ts';

const tags = ['privacy'];
const errors = errorResponses(400, 401, 403, 404, 409, 422);

/** The client privacy desk (issue 14, decision 039): superadmins only, each call audited. */
export const privacyRoutes: FastifyPluginAsyncZod<{
  privacy: PrivacyService;
  retentionMonths: number;
}> = async (app, { privacy, retentionMonths }) => {
  requestLogRoutes(app, privacy);
  exportRoutes(app, privacy);
  changeRoutes(app, privacy);
  retentionRoutes(app, privacy, retentionMonths);
};

/** The log of clients' privacy requests. */
function requestLogRoutes(app: ZodApp, privacy: PrivacyService) {
  app.get(
    '/api/admin/privacy/requests',
    {
      access: 'superadmin',
      schema: {
        tags,
        summary:
          'The log of privacy requests, newest first (open=true: those not answered yet, with their due date)',
        querystring: privacyRequestsQuerySchema,
        response: { 200: privacyRequestsPageSchema, ...errors },
      },
    },
    (request) => privacy.listRequests(request.query),
  );

  app.post(
    '/api/admin/privacy/requests',
    {
      access: 'superadmin',
      schema: {
        tags,
        summary: "Log a client's request as received now (due in 90 days); answer it by its id",
        body: privacyRequestBodySchema,
        response: { 201: privacyRequestSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await privacy.receive(request.body, requireAdmin(request))),
  );
}

/** What is held about a client, as JSON or a workbook. */
function exportRoutes(app: ZodApp, privacy: PrivacyService) {
  app.get(
    '/api/admin/privacy/export',
    {
      access: 'superadmin',
      schema: {
        tags,
        summary:
          'Everything held about a client (by email or mobile): bookings, consents, messages, payments',
        querystring: privacyExportQuerySchema,
        response: { 200: privacyExportSchema, ...errors },
      },
    },
    async (request, reply) => {
      const held = await privacy.export(request.query, requireAdmin(request));
      if (request.query.format !== 'xlsx') return held;
      const book = privacyWorkbook(held);
      const file = await writeExcelFile(book.data as never, {
        sheet: book.sheet,
        columns: book.widths.map((width) => ({ width })),
      }).toBuffer();
      return (
        reply
          .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('content-disposition', `attachment; filename="${book.fileName}"`)
          // A Buffer goes out as it is (Fastify serialises only objects); the schema describes the JSON.
          .send(file as never)
      );
    },
  );
}

/** Correcting and erasing a client's data. */
function changeRoutes(app: ZodApp, privacy: PrivacyService) {
  app.post(
    '/api/admin/privacy/correct',
    {
      access: 'superadmin',
      schema: {
        tags,
        summary: "Correct a client's name, e-mail or mobile on all their bookings",
        body: privacyCorrectBodySchema,
        response: { 200: privacyAnswerSchema, ...errors },
      },
    },
    (request) => privacy.correct(request.body, requireAdmin(request)),
  );

  app.post(
    '/api/admin/privacy/erase',
    {
      access: 'superadmin',
      schema: {
        tags,
        summary: "Erase a client's personal data (amounts, payments and reports unchanged)",
        body: privacyEraseBodySchema,
        response: { 200: privacyEraseAnswerSchema, ...errors },
      },
    },
    (request) => privacy.erase(request.body, requireAdmin(request)),
  );
}

/** How long bookings are kept, and the last clean-up. */
function retentionRoutes(app: ZodApp, privacy: PrivacyService, retentionMonths: number) {
  app.get(
    '/api/admin/privacy/retention',
    {
      access: 'superadmin',
      schema: {
        tags,
        summary: 'RETENTION_MONTHS, and when the retention job last ran and how many bookings it erased',
        response: { 200: privacyRetentionSchema, ...errors },
      },
    },
    () => privacy.retentionStatus(retentionMonths),
  );
}
