import { errorResponses } from '@therapy/shared/api-errors';
import { bookingReceiptListSchema, registerSchema } from '@therapy/shared/money-papers-schemas';
import { calendarDate, dbIdText, safeText } from '@therapy/shared/schema-limits';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import type { Database } from '../../db/database.ts';
import { registerWorkbook, sendPdf, sendWorkbook } from './money-workbooks.ts';
import { documentPdf, listBookingReceipts, numberOfPdfFile, readRegister } from './receipts-service.ts';

const tags = ['receipts'];

/** The admin screens' money papers: a booking's documents, any document's PDF, the register. */
export const receiptsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/admin/bookings/:id/receipts',
    {
      access: 'admin',
      schema: {
        tags,
        summary: "The booking's receipts, invoices and credit notes, oldest first, each with its PDF's URL",
        params: z.object({ id: dbIdText }),
        response: { 200: bookingReceiptListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => listBookingReceipts(db, Number(request.params.id)),
  );

  app.get(
    '/api/admin/receipts/:file',
    {
      access: 'admin',
      schema: {
        tags,
        summary: "A document's PDF: the number, its slashes escaped, then .pdf (R%2F2026-27%2F000001.pdf)",
        params: z.object({ file: safeText(40) }),
        response: errorResponses(400, 401, 403, 404),
      },
    },
    async (request, reply) =>
      sendPdf(reply, numberOfPdfFile(request.params.file) ?? '', await documentPdf(db, request.params.file)),
  );

  app.get(
    '/api/admin/receipts',
    {
      access: 'superadmin',
      schema: {
        tags,
        summary:
          'The register of receipts, invoices and credit notes issued from `from` to `to` (`format=xlsx`: Excel)',
        querystring: z.object({
          from: calendarDate,
          to: calendarDate,
          format: z.optional(z.enum(['json', 'xlsx'])),
        }),
        response: { 200: registerSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const register = await readRegister(db, request.query);
      if (request.query.format !== 'xlsx') return register;
      return sendWorkbook(reply, registerWorkbook(register));
    },
  );
};
