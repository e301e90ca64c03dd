import { adminIdParamsSchema } from '@therapy/shared/admin-schemas';
import { errorResponses } from '@therapy/shared/api-errors';
import {
  adminWaitlistPageSchema,
  adminWaitlistQuerySchema,
  adminWaitlistRemovedSchema,
  waitlistClaimSchema,
  waitlistJoinedSchema,
  waitlistJoinSchema,
  waitlistOfferParamsSchema,
  waitlistOfferSchema,
} from '@therapy/shared/waitlist-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.ts';
import { badRequest } from '../../http/app-error.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import { requireAdmin } from '../admin-auth/admin-guard.ts';
import type { RouteRateLimits } from '../rate-limits/register-rate-limits.ts';
import { listWaitlist, removeWaitlistEntry } from './waitlist-admin.ts';
import type { WaitlistService } from './waitlist-service.ts';

const tags = ['waitlist'];

/** The waitlist's calls (decision 041): join, see and take an offer; the admins' list and removal. */
export const waitlistRoutes: FastifyPluginAsyncZod<{
  waitlist: WaitlistService;
  db: Database;
  rateLimits: RouteRateLimits;
  now?: () => Date;
}> = async (app, { waitlist, db, rateLimits, now = () => new Date() }) => {
  publicWaitlistRoutes(app, waitlist, rateLimits);
  adminWaitlistRoutes(app, db, now);
};

/** The client's side: join, see an offer, take it. */
function publicWaitlistRoutes(app: ZodApp, waitlist: WaitlistService, rateLimits: RouteRateLimits) {
  app.post(
    '/api/waitlist',
    {
      access: 'public',
      config: { rateLimit: rateLimits.bookings },
      schema: {
        tags,
        summary:
          "Join a therapist's waitlist for chosen dates and times of day (the same e-mail again updates its place's wishes)",
        body: waitlistJoinSchema,
        response: { 201: waitlistJoinedSchema, ...errorResponses(400, 404, 422, 429) },
      },
    },
    async (request, reply) => reply.status(201).send(await waitlist.join(request.body)),
  );

  app.get(
    '/api/waitlist/offers/:token',
    {
      access: 'public',
      config: { rateLimit: rateLimits.lookups },
      schema: {
        tags,
        summary: 'The time held for a waiting client by an offer link (410 once lapsed or passed on)',
        params: waitlistOfferParamsSchema,
        response: { 200: waitlistOfferSchema, ...errorResponses(400, 404, 410, 429) },
      },
    },
    (request) => waitlist.showOffer(request.params.token),
  );

  app.post(
    '/api/waitlist/offers/:token/claim',
    {
      access: 'public',
      config: { rateLimit: rateLimits.bookings },
      schema: {
        tags,
        summary:
          'Take the offered time: online, the booking waits for its payment (then POST /api/payment/generate-link); in person, it is confirmed',
        params: waitlistOfferParamsSchema,
        response: { 200: waitlistClaimSchema, ...errorResponses(400, 404, 409, 410, 429) },
      },
    },
    (request) => waitlist.claim(request.params.token),
  );
}

/** The admins' list and removal. */
function adminWaitlistRoutes(app: ZodApp, db: Database, now: () => Date) {
  app.get(
    '/api/admin/waitlist',
    {
      access: 'admin',
      schema: {
        tags,
        summary:
          "The waitlist in join order (a therapist's with therapist_id), next page by cursor=next_cursor",
        querystring: adminWaitlistQuerySchema,
        response: { 200: adminWaitlistPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => {
      const { cursor } = request.query;
      const afterId = cursor === undefined ? null : Number(cursor);
      if (afterId !== null && !(Number.isSafeInteger(afterId) && afterId > 0 && afterId <= 2_147_483_647)) {
        throw badRequest('The cursor is not one this list gave out; start again from the first page.');
      }
      return listWaitlist(db, request.query, afterId);
    },
  );

  app.delete(
    '/api/admin/waitlist/:id',
    {
      access: 'admin',
      schema: {
        tags,
        summary: 'Take an entry off the waitlist (its open offer is withdrawn and the held time freed)',
        params: adminIdParamsSchema,
        response: { 200: adminWaitlistRemovedSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => removeWaitlistEntry(db, request.params.id, requireAdmin(request), now()),
  );
}
