import { errorResponses } from '@therapy/shared/api-errors';
import {
  cancelResultSchema,
  manageViewSchema,
  rescheduleRequestSchema,
  rescheduleResultSchema,
} from '@therapy/shared/manage-schemas';
import { safeText } from '@therapy/shared/schema-limits';
import { cancelScopeRequestSchema } from '@therapy/shared/series-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import type { RouteRateLimits } from '../rate-limits/register-rate-limits.ts';
import type { ManageService } from './manage-service.ts';

export const tags = ['manage'];
/** Any text up to a bound: a token of the wrong shape is the service's 404, never a 400. */
export const params = z.object({ token: safeText(200) });

/** The client's manage link: no login, the token is the key (decision 032). */
export const manageRoutes: FastifyPluginAsyncZod<{
  manage: ManageService;
  rateLimits: RouteRateLimits;
}> = async (app, { manage, rateLimits }) => {
  app.get(
    '/api/manage/:token',
    {
      access: 'public',
      config: { rateLimit: rateLimits.lookups },
      schema: {
        tags,
        summary: 'The booking a manage link opens, and whether it may still be cancelled or moved',
        params,
        response: { 200: manageViewSchema, ...errorResponses(400, 404, 410, 429) },
      },
    },
    async (request) => manage.view(request.params.token),
  );

  app.post(
    '/api/manage/:token/cancel',
    {
      access: 'public',
      config: { rateLimit: rateLimits.bookings },
      schema: {
        tags,
        summary:
          'Cancel the booking (more than CANCELLATION_NOTICE_HOURS before it; paid online: refunded in full)',
        params,
        body: cancelScopeRequestSchema,
        response: { 200: cancelResultSchema, ...errorResponses(400, 404, 409, 410, 429) },
      },
    },
    async (request) => manage.cancel(request.params.token, request.body?.scope ?? 'this'),
  );

  app.post(
    '/api/manage/:token/reschedule',
    {
      access: 'public',
      config: { rateLimit: rateLimits.bookings },
      schema: {
        tags,
        summary: 'Move the booking to another open slot of the same therapist, type and centre',
        params,
        body: rescheduleRequestSchema,
        response: { 200: rescheduleResultSchema, ...errorResponses(400, 404, 409, 410, 429) },
      },
    },
    async (request) => manage.reschedule(request.params.token, request.body),
  );
};
