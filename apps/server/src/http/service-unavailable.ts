import type { FastifyReply, FastifyRequest } from 'fastify';
import { describeDatabaseError } from '../db/database-errors.ts';

/** What a caller reads while the database cannot be reached: plain words, nothing internal. */
export const SERVICE_UNAVAILABLE_MESSAGE =
  'The service is briefly unavailable. Please try again in a moment.';

/**
 * Seconds a client should wait before trying again: about the pool's connection timeout, so a
 * retry meets a database that had time to come back, without keeping users waiting long.
 */
export const RETRY_AFTER_SECONDS = 5;

/**
 * 503 with Retry-After: the database is down or out of reach, the request was fine, and trying
 * again shortly should work. Logged as a warning (an outage, not a bug), without the query.
 */
export function replyDatabaseUnavailable(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  request.log.warn({ database: describeDatabaseError(error) }, 'database unavailable');
  return reply
    .status(503)
    .header('retry-after', String(RETRY_AFTER_SECONDS))
    .send({ detail: SERVICE_UNAVAILABLE_MESSAGE });
}
