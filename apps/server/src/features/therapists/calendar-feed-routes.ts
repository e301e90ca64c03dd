import { safeText } from '@therapy/shared/schema-limits';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
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
