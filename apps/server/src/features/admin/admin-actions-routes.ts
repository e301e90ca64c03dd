import { adminCancelResultSchema, adminIdParamsSchema } from '@therapy/shared/admin-schemas';
import { adminBlockRequestSchema, adminBlockResultSchema } from '@therapy/shared/admin-slot-schemas';
import { errorResponses } from '@therapy/shared/api-errors';
import {
  manualBookingRequestSchema,
  manualBookingResultSchema,
} from '@therapy/shared/manual-booking-schemas';
import {
  cancelScopeRequestSchema,
  seriesConflictSchema,
  seriesPreviewRequestSchema,
  seriesPreviewSchema,
} from '@therapy/shared/series-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '../admin-auth/admin-guard.ts';
import type { AdminActionsService } from './admin-actions-service.ts';
import { manualBookingBodyError } from './manual-booking-errors.ts';

const tags = ['admin'];
const errors = errorResponses(400, 401, 403, 404, 409);

/** The administrators' actions: cancel (and unblock), block toggle, manual booking. */
export const adminActionsRoutes: FastifyPluginAsyncZod<{ actions: AdminActionsService }> = async (
  app,
  { actions },
) => {
  app.post(
    '/api/admin/bookings/:id/cancel',
    {
      access: 'admin',
      schema: {
        tags,
        summary:
          'Cancel a booking (today or later) or, with {scope: "following"}, it and every later session of its series; or unblock an admin block',
        params: adminIdParamsSchema,
        body: cancelScopeRequestSchema,
        response: { 200: adminCancelResultSchema, ...errors },
      },
    },
    (request) =>
      actions.cancelBooking(requireAdmin(request), request.params.id, request.body?.scope ?? 'this'),
  );

  app.post(
    '/api/admin/availability/block',
    {
      access: 'admin',
      schema: {
        tags,
        summary: "Block a free slot on a date, or unblock it when it's blocked",
        body: adminBlockRequestSchema,
        response: { 200: adminBlockResultSchema, ...errors },
      },
    },
    (request) => actions.toggleBlock(requireAdmin(request), request.body),
  );

  app.post(
    '/api/admin/bookings',
    {
      access: 'admin',
      schemaErrorFormatter: manualBookingBodyError,
      schema: {
        tags,
        summary: 'Manual booking: ONLINE becomes COMPLETED, OFFLINE PENDING',
        body: manualBookingRequestSchema,
        response: { 201: manualBookingResultSchema, ...errors, 409: seriesConflictSchema },
      },
    },
    async (request, reply) => {
      const created = await actions.createManualBooking(requireAdmin(request), request.body);
      return reply.status(201).send(created);
    },
  );

  app.post(
    '/api/admin/bookings/series-preview',
    {
      access: 'admin',
      schema: {
        tags,
        summary:
          'The dates of a standing appointment the front desk is about to book, each open or with why not (nothing is held)',
        body: seriesPreviewRequestSchema,
        response: { 200: seriesPreviewSchema, ...errors },
      },
    },
    (request) => actions.previewSeries(request.body),
  );
};
