import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import type { Database } from '../../db/database.ts';
import { describeDatabaseError } from '../../db/database-errors.ts';
import { RETRY_AFTER_SECONDS, SERVICE_UNAVAILABLE_MESSAGE } from '../../http/service-unavailable.ts';

const statusSchema = z.object({ status: z.string() });
const notReadySchema = z.object({ status: z.string(), detail: z.string() });

export const healthRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/healthz',
    {
      access: 'public',
      schema: { tags: ['operations'], summary: 'Liveness', response: { 200: statusSchema } },
    },
    () => ({ status: 'ok' }),
  );

  app.get(
    '/readyz',
    {
      access: 'public',
      schema: {
        tags: ['operations'],
        summary: 'Readiness: the database answers',
        response: { 200: statusSchema, 503: notReadySchema },
      },
    },
    async (request, reply) => {
      try {
        await db.query('SELECT 1');
        return { status: 'ready' };
      } catch (error) {
        request.log.warn({ database: describeDatabaseError(error) }, 'database not reachable');
        return reply
          .status(503)
          .header('retry-after', String(RETRY_AFTER_SECONDS))
          .send({ status: 'database unavailable', detail: SERVICE_UNAVAILABLE_MESSAGE });
      }
    },
  );
};
