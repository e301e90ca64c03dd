import { errorResponses } from '@therapy/shared/api-errors';
import { bookingReceiptListSchema } from '@therapy/shared/money-papers-schemas';
import { safeText } from '@therapy/shared/schema-limits';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import type { RouteRateLimits } from '../rate-limits/register-rate-limits.ts';
import { sendPdf } from '../receipts/money-workbooks.ts';
import { numberOfPdfFile } from '../receipts/receipts-service.ts';
import { params, tags } from './manage-routes.ts';
import type { ManageService } from './manage-service.ts';

/** The client's receipts, invoices and credit notes through the manage link (decision 057). */
export const manageReceiptRoutes: FastifyPluginAsyncZod<{
  manage: ManageService;
  rateLimits: RouteRateLimits;
}> = async (app, { manage, rateLimits }) => {
  app.get(
    '/api/manage/:token/receipts',
    {
      access: 'public',
      config: { rateLimit: rateLimits.lookups },
      schema: {
        tags,
        summary: "The booking's receipts, invoices and credit notes, each with its PDF's URL",
        params,
        response: { 200: bookingReceiptListSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => manage.receipts(request.params.token),
  );

  app.get(
    '/api/manage/:token/receipts/:file',
    {
      access: 'public',
      config: { rateLimit: rateLimits.lookups },
      schema: {
        tags,
        summary: "One of the booking's documents as a PDF: its number, slashes escaped, then .pdf",
        params: z.object({ token: safeText(200), file: safeText(40) }),
        response: errorResponses(400, 404, 429),
      },
    },
    async (request, reply) =>
      sendPdf(
        reply,
        numberOfPdfFile(request.params.file) ?? '',
        await manage.receiptPdf(request.params.token, request.params.file),
      ),
  );
};
