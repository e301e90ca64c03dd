import { errorResponses } from '@therapy/shared/api-errors';
import { dbId, dbIdText, safeText } from '@therapy/shared/schema-limits';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import type { Database } from '../../db/database.ts';
import { insertAudit } from '../audit/audit-repo.ts';
import type { PaymentsService } from './payments-service.ts';

const tags = ['admin'];
const errors = errorResponses(400, 401, 403, 404, 409, 502);
const bookingIdParams = z.object({ id: dbIdText });

/**
 * Payment links an administrator sends a client for a pending booking. Paying one confirms the
 * booking like any payment link (status look-up or webhook).
 */
export const adminPaymentLinkRoutes: FastifyPluginAsyncZod<{
  db: Database;
  payments: PaymentsService;
}> = async (app, { db, payments }) => {
  app.post(
    '/api/create-shareable-payment-link',
    {
      access: 'admin',
      schema: {
        tags,
        summary:
          "A payment link for a pending booking, for the booking's own amount (an amount sent is ignored)",
        body: z.object({
          booking_id: dbId,
          amount: z.optional(z.nullable(z.number())),
          merchant_transaction_id: z.optional(z.nullable(safeText(200))),
        }),
        response: { 200: z.object({ payment_link_url: z.string(), payment_link_id: z.string() }), ...errors },
      },
    },
    async (request) => {
      const link = await payments.generateShareableLink(request.body.booking_id);
      await insertAudit(db, {
        actorAdminId: request.admin?.id,
        actorLabel: request.admin?.email ?? 'admin',
        action: 'payment_link.create',
        bookingId: request.body.booking_id,
        details: { payment_link_id: link.payment_link_id },
      });
      return { payment_link_url: link.short_url, payment_link_id: link.payment_link_id };
    },
  );

  app.post(
    '/api/admin/bookings/:id/update-payment-link',
    {
      access: 'admin',
      schema: {
        tags,
        summary: 'Record the payment link on the booking: only the link generated for it is accepted',
        params: bookingIdParams,
        body: z.object({ payment_link_url: safeText(2000).check(z.minLength(1)) }),
        response: { 200: z.object({ message: z.string(), payment_link_url: z.string() }), ...errors },
      },
    },
    async (request) => {
      const booking = await payments.findRecordedLink(request.params.id, request.body.payment_link_url);
      return { message: `Payment link saved for booking ${booking.id}.`, payment_link_url: booking.url };
    },
  );
};
