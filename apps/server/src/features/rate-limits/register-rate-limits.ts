import { createHash } from 'node:crypto';
import rateLimit, { normalizeIP, type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { AppError } from '../../http/app-error.ts';
import type { PublicRateLimits, RateLimitBucket } from '../../public-rate-limits.ts';
import { createMemoryCounter, createRedisCounter, groupedStore } from './rate-limit-store.ts';

/** What a limited route puts in its `config.rateLimit`, by bucket (false: no limit). */
export type RouteRateLimits = Record<RateLimitBucket, RateLimitOptions | false>;

export const DEFAULT_RATE_LIMIT_PREFIX = 'therapy:rate-limit:';

/** The 429 answer's words: plain, and when to try again. */
export function tooManyRequestsMessage(retryAfterMs: number): string {
  const minutes = Math.ceil(retryAfterMs / 60_000);
  return `Too many requests. Please wait ${minutes <= 1 ? 'a minute' : `${minutes} minutes`} and try again.`;
}

/**
 * The client address (request.ip: the socket's, or X-Forwarded-For's only with TRUST_PROXY),
 * an IPv6 address reduced to its /64 as the plugin does, hashed so keys do not hold it in clear.
 */
function addressKey(request: FastifyRequest): string {
  return createHash('sha256').update(normalizeIP(request.ip)).digest('base64url').slice(0, 22);
}

/**
 * Registers @fastify/rate-limit for the routes that ask for it (no global limit) and returns the
 * route configs. Counts are kept in Redis when there is a connection (shared by every instance;
 * in memory while Redis fails), else in this instance's memory. Call before the routes.
 */
export async function registerPublicRateLimits(
  app: FastifyInstance,
  options: { limits: PublicRateLimits; redis?: Redis; keyPrefix?: string },
): Promise<RouteRateLimits> {
  const { limits, redis } = options;
  let warned = false;
  const counter = redis
    ? createRedisCounter(redis, {
        keyPrefix: options.keyPrefix ?? DEFAULT_RATE_LIMIT_PREFIX,
        onError: (error) => {
          if (warned) return;
          warned = true;
          app.log.warn({ err: String(error) }, 'rate limit store failed; counting in memory');
        },
      })
    : createMemoryCounter();
  redis?.on('ready', () => {
    warned = false;
  });

  await app.register(rateLimit, {
    global: false,
    store: groupedStore(counter, (bucket) => app.log.warn({ bucket }, 'public rate limit reached')),
    keyGenerator: addressKey,
    // The counters never fail (they fall back to memory); should one, the request goes through.
    skipOnError: true,
    // Thrown by the plugin with Retry-After set; the app's error handler answers {"detail": …}.
    errorResponseBuilder: (_request, context) => new AppError(429, tooManyRequestsMessage(context.ttl)),
  });

  const routeConfig = (bucket: RateLimitBucket): RateLimitOptions | false => {
    const { max, windowMs } = limits[bucket];
    return max > 0 ? { groupId: bucket, max, timeWindow: windowMs } : false;
  };
  return {
    bookings: routeConfig('bookings'),
    paymentLinks: routeConfig('paymentLinks'),
    lookups: routeConfig('lookups'),
  };
}
