import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

/** Counts hits of one key in fixed windows: the count so far and the milliseconds left. */
export type HitCounter = {
  hit(key: string, windowMs: number): Promise<{ current: number; ttl: number }>;
};

const MEMORY_KEYS_SOFT_LIMIT = 10_000;
const MEMORY_KEYS_HARD_LIMIT = 100_000;

/** One instance's counts. */
export function createMemoryCounter(now: () => number = Date.now): HitCounter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const prune = (at: number) => {
    if (windows.size < MEMORY_KEYS_SOFT_LIMIT) return;
    for (const [key, entry] of windows) if (entry.resetAt <= at) windows.delete(key);
    // Still too many (addresses without end): forget the oldest windows rather than grow.
    for (const key of windows.keys()) {
      if (windows.size < MEMORY_KEYS_HARD_LIMIT) break;
      windows.delete(key);
    }
  };
  return {
    async hit(key, windowMs) {
      const at = now();
      let entry = windows.get(key);
      if (!entry || entry.resetAt <= at) {
        prune(at);
        entry = { count: 0, resetAt: at + windowMs };
        windows.set(key, entry);
      }
      entry.count += 1;
      return { current: entry.count, ttl: entry.resetAt - at };
    },
  };
}

/**
 * Counts shared by every instance through Redis. The window starts with the first hit (SET NX
 * with its expiry), as in the sign-in throttle. When Redis fails, this instance counts in its own
 * memory (and `onError` is told), so limits keep working and no request fails because of Redis.
 */
export function createRedisCounter(
  redis: Redis,
  options: { keyPrefix: string; onError?: (error: unknown) => void; fallback?: HitCounter },
): HitCounter {
  const fallback = options.fallback ?? createMemoryCounter();
  return {
    async hit(key, windowMs) {
      const redisKey = `${options.keyPrefix}${key}`;
      try {
        const replies = await redis
          .multi()
          .set(redisKey, '0', 'PX', windowMs, 'NX')
          .incr(redisKey)
          .pttl(redisKey)
          .exec();
        const failed = replies?.find(([error]) => error);
        if (!replies || failed) throw failed?.[0] ?? new Error('Redis transaction aborted');
        const current = Number(replies[1]![1]);
        const ttl = Number(replies[2]![1]);
        return { current, ttl: ttl > 0 ? ttl : windowMs };
      } catch (error) {
        options.onError?.(error);
        return fallback.hit(key, windowMs);
      }
    },
  };
}

/**
 * A store for @fastify/rate-limit whose routes share one count per `groupId` (the plugin's own
 * stores keep one count per route even with a groupId: fastify/fastify-rate-limit#463). Routes
 * without a groupId count on their own.
 */
export function groupedStore(
  counter: HitCounter,
  onFirstRefusal?: (bucket: string) => void,
): FastifyRateLimitStoreCtor {
  class GroupedStore implements FastifyRateLimitStore {
    private readonly bucket: string;

    constructor(_options: unknown, bucket = 'default') {
      this.bucket = bucket;
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
      max: number,
    ) {
      counter.hit(`${this.bucket}:${key}`, timeWindow).then(
        (result) => {
          if (result.current === max + 1) onFirstRefusal?.(this.bucket);
          callback(null, result);
        },
        (error: Error) => callback(error),
      );
    }

    /** Called with the route's merged rate-limit options (its route in `routeInfo`). */
    child(options: object) {
      const { groupId, routeInfo } = options as {
        groupId?: string;
        routeInfo?: { method?: string | string[]; url?: string };
      };
      return new GroupedStore(undefined, groupId ?? `${String(routeInfo?.method)} ${routeInfo?.url}`);
    }
  }
  return GroupedStore;
}
