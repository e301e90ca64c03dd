import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * Limits failed sign-ins per account (the e-mail tried) and per client address, in fixed
 * windows: after `max` failures the key is refused until its window ends. In memory for one
 * instance; in Redis (REDIS_URL) so that several instances share the counts.
 */
export type ThrottleLimits = {
  account: { max: number; windowMs: number };
  address: { max: number; windowMs: number };
};

export const DEFAULT_LOGIN_LIMITS: ThrottleLimits = {
  account: { max: 5, windowMs: 15 * 60_000 },
  address: { max: 20, windowMs: 15 * 60_000 },
};

export type ThrottleKeys = { account: string; address: string };
export type ThrottleState =
  | { limited: false }
  | { limited: true; scope: 'account' | 'address'; retryAfterSeconds: number };

export type LoginThrottle = {
  readonly kind: 'memory' | 'redis';
  /** Whether a sign-in for these keys is refused now. */
  check(keys: ThrottleKeys): Promise<ThrottleState>;
  recordFailure(keys: ThrottleKeys): Promise<void>;
  /** A successful sign-in clears the account's failures (not the address's). */
  recordSuccess(keys: ThrottleKeys): Promise<void>;
  close(): Promise<void>;
};

const SCOPES = ['account', 'address'] as const;

/** Keys never hold an e-mail address in clear. */
export function keyFor(scope: 'account' | 'address', value: string): string {
  const digest = createHash('sha256').update(value.trim().toLowerCase()).digest('base64url').slice(0, 22);
  return `${scope}:${digest}`;
}

const toSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

export function createMemoryLoginThrottle(
  limits: ThrottleLimits = DEFAULT_LOGIN_LIMITS,
  now: () => Date = () => new Date(),
): LoginThrottle {
  const counters = new Map<string, { count: number; resetAt: number }>();
  const live = (key: string) => {
    const entry = counters.get(key);
    if (entry && entry.resetAt <= now().getTime()) {
      counters.delete(key);
      return undefined;
    }
    return entry;
  };
  const prune = () => {
    if (counters.size < 10_000) return;
    const at = now().getTime();
    for (const [key, entry] of counters) if (entry.resetAt <= at) counters.delete(key);
  };

  return {
    kind: 'memory',
    async check(keys) {
      for (const scope of SCOPES) {
        const entry = live(keyFor(scope, keys[scope]));
        if (entry && entry.count >= limits[scope].max) {
          return { limited: true, scope, retryAfterSeconds: toSeconds(entry.resetAt - now().getTime()) };
        }
      }
      return { limited: false };
    },
    async recordFailure(keys) {
      prune();
      for (const scope of SCOPES) {
        const key = keyFor(scope, keys[scope]);
        const entry = live(key);
        if (entry) entry.count += 1;
        else counters.set(key, { count: 1, resetAt: now().getTime() + limits[scope].windowMs });
      }
    },
    async recordSuccess(keys) {
      counters.delete(keyFor('account', keys.account));
    },
    async close() {
      counters.clear();
    },
  };
}

export const DEFAULT_REDIS_PREFIX = 'therapy:login-throttle:';

/**
 * The same limits in Redis. When Redis cannot be reached, the instance falls back to counting in
 * its own memory (and `onError` is told), so sign-in keeps working and stays limited.
 */
export function createRedisLoginThrottle(
  redis: Redis,
  options: {
    keyPrefix?: string;
    limits?: ThrottleLimits;
    onError?: (error: unknown) => void;
    /** Quit the connection on close (it was made for this throttle). */
    ownsConnection?: boolean;
  } = {},
): LoginThrottle {
  const limits = options.limits ?? DEFAULT_LOGIN_LIMITS;
  const prefix = options.keyPrefix ?? DEFAULT_REDIS_PREFIX;
  const fallback = createMemoryLoginThrottle(limits);
  const redisKey = (scope: 'account' | 'address', value: string) => `${prefix}${keyFor(scope, value)}`;

  async function guarded<T>(work: () => Promise<T>, otherwise: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      options.onError?.(error);
      return otherwise();
    }
  }

  return {
    kind: 'redis',
    check: (keys) =>
      guarded(
        async () => {
          const pipeline = redis.pipeline();
          for (const scope of SCOPES) {
            const key = redisKey(scope, keys[scope]);
            pipeline.get(key);
            pipeline.pttl(key);
          }
          const replies = (await pipeline.exec()) ?? [];
          for (const [index, scope] of SCOPES.entries()) {
            const [countError, count] = replies[index * 2] ?? [];
            const [ttlError, ttl] = replies[index * 2 + 1] ?? [];
            if (countError || ttlError) throw countError ?? ttlError;
            if (Number(count ?? 0) >= limits[scope].max) {
              const remaining = Number(ttl) > 0 ? Number(ttl) : limits[scope].windowMs;
              return { limited: true, scope, retryAfterSeconds: toSeconds(remaining) } as const;
            }
          }
          return { limited: false } as const;
        },
        () => fallback.check(keys),
      ),
    recordFailure: (keys) =>
      guarded(
        async () => {
          // SET NX starts the window with the first failure; INCR counts within it.
          const transaction = redis.multi();
          for (const scope of SCOPES) {
            const key = redisKey(scope, keys[scope]);
            transaction.set(key, '0', 'PX', limits[scope].windowMs, 'NX');
            transaction.incr(key);
          }
          const replies = (await transaction.exec()) ?? [];
          const failed = replies.find(([error]) => error);
          if (failed) throw failed[0];
        },
        () => fallback.recordFailure(keys),
      ),
    recordSuccess: (keys) =>
      guarded(
        async () => {
          await redis.del(redisKey('account', keys.account));
        },
        () => fallback.recordSuccess(keys),
      ),
    async close() {
      await fallback.close();
      if (options.ownsConnection) await redis.quit().catch(() => redis.disconnect());
    },
  };
}
