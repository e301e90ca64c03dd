import { adminIdParamsSchema, adminRefundResultSchema } from '@therapy/shared/admin-schemas';
import { errorResponses } from '@therapy/shared/api-errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '../admin-auth/admin-guard.ts';
import type { RefundsService } from './refunds-service.ts';

const errors = errorResponses(401, 403, 404, 409, 502);

/**
 * Refunding a booking that was paid online but will not take place. Superadmins only: money
 * leaves the clinic (docs/decisions/012-refunds.md).
 */
export const adminRefundRoutes: FastifyPluginAsyncZod<{ refunds: RefundsService }> = async (
  app,
  { refunds },
) => {
  app.post(
    '/api/admin/bookings/:id/refund',
    {
      access: 'superadmin',
      schema: {
        tags: ['admin'],
        summary: 'Refund the whole online payment of a booking that needs a refund (superadmins)',
        params: adminIdParamsSchema,
        response: { 200: adminRefundResultSchema, ...errors },
      },
    },
    (request) => refunds.refundBooking(requireAdmin(request), request.params.id),
  );
};
