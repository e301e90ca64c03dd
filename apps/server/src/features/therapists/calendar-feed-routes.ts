import { errorResponses } from '@therapy/shared/api-errors';
import { calendarFeedSchema } from '@therapy/shared/calendar-feed-schemas';
import { safeText } from '@therapy/shared/schema-limits';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { requireAdmin, requireTherapist } from '../admin-auth/admin-guard.ts';
import type { RouteRateLimits } from '../rate-limits/register-rate-limits.ts';
import type { CalendarFeedService } from './calendar-feed-service.ts';

/** Any text up to a bound: a token of the wrong shape is the service's 404, never a 400. */
const params = z.object({ token: safeText(200) });

/**
 * The feed itself, PUBLIC_URL/calendar/{token}.ics: no login (calendar services fetch it), the
 * token is the key. Kept out of shared caches; calendars are told to look again hourly.
 */
export const calendarFeedRoutes: FastifyPluginAsyncZod<{
  feeds: CalendarFeedService;
  rateLimits: RouteRateLimits;
}> = async (app, { feeds, rateLimits }) => {
  app.get(
    '/calendar/:token.ics',
    {
      access: 'public',
      config: { rateLimit: rateLimits.lookups },
      schema: {
        tags: ['therapists'],
        summary:
          "A therapist's sessions as an iCalendar subscription (RFC 5545; 30 days back, 180 ahead); 404 once the address is rotated away or the therapist deactivated",
        params,
      },
    },
    async (request, reply) => {
      const text = await feeds.render(request.params.token);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, no-cache')
        .header('content-disposition', 'inline; filename="sessions.ics"')
        .send(text);
    },
  );
};

/** The therapist's own address of the feed, and a new one (decision 052's 'therapist' access). */
export const therapistCalendarFeedRoutes: FastifyPluginAsyncZod<{ feeds: CalendarFeedService }> = async (
  app,
  { feeds },
) => {
  const errors = errorResponses(401, 403, 404);
  app.get(
    '/api/therapist/calendar-feed',
    {
      access: 'therapist',
      schema: {
        tags: ['therapist'],
        summary:
          "The signed-in therapist's private calendar subscription address, PUBLIC_URL/calendar/{token}.ics",
        response: { 200: calendarFeedSchema, ...errors },
      },
    },
    (request) => feeds.feedUrl(requireTherapist(request).therapistId),
  );

  app.post(
    '/api/therapist/calendar-feed/rotate',
    {
      access: 'therapist',
      schema: {
        tags: ['therapist'],
        summary: 'A new subscription address; the old one answers 404 from now on',
        response: { 200: calendarFeedSchema, ...errors },
      },
    },
    (request) => {
      const { adminId, therapistId } = requireTherapist(request);
      return feeds.rotate(therapistId, { adminId, label: requireAdmin(request).email });
    },
  );
};
