import type { Redis } from 'ioredis';
import {
  createMemoryLoginThrottle,
  DEFAULT_LOGIN_LIMITS,
  keyFor,
  type LoginThrottle,
  pairKeyFor,
  type ThrottleKeys,
  type ThrottleLimits,
  type ThrottleState,
  toSeconds,
} from './login-throttle.ts';

export const DEFAULT_REDIS_PREFIX = 'therapy:login-throttle:';

/**
 * login-throttle.ts's `attempt` in one script, so that parallel attempts on several instances are
 * checked and counted one by one. KEYS: address window, account window, pair failures, pair wait.
 * The delay is `delayAfterFailures` of login-throttle.ts, and the wait key's time to live.
 */
const ATTEMPT_SCRIPT = `
local addressMax, addressWindow, ceiling, accountWindow = tonumber(ARGV[1]), ARGV[2], tonumber(ARGV[3]), ARGV[4]
local freeFailures, firstDelay, maxDelay, forgetAfter = tonumber(ARGV[5]), tonumber(ARGV[6]), tonumber(ARGV[7]), ARGV[8]
local address = tonumber(redis.call('GET', KEYS[1]) or '0')
if address >= addressMax then return {'address', redis.call('PTTL', KEYS[1])} end
local wait = redis.call('PTTL', KEYS[4])
if wait > 0 then return {'pair', wait} end
redis.call('SET', KEYS[1], '0', 'PX', addressWindow, 'NX')
redis.call('INCR', KEYS[1])
redis.call('SET', KEYS[2], '0', 'PX', accountWindow, 'NX')
local accountFailures = redis.call('INCR', KEYS[2])
local failures = redis.call('INCR', KEYS[3])
redis.call('PEXPIRE', KEYS[3], forgetAfter)
if accountFailures > ceiling then freeFailures = 0 end
local firstDelayed = math.max(freeFailures, 1)
if failures >= firstDelayed then
  local delay = math.min(firstDelay * 2 ^ (failures - firstDelayed), maxDelay)
  redis.call('SET', KEYS[4], '1', 'PX', math.floor(delay))
end
return {'ok', 0}
`;

/** Gives back the attempt's count (windows keep their time to live) and clears the pair. */
const SUCCESS_SCRIPT = `
for i = 1, 2 do
  if tonumber(redis.call('GET', KEYS[i]) or '0') > 0 then redis.call('DECR', KEYS[i]) end
end
redis.call('DEL', KEYS[3], KEYS[4])
return 1
`;

/**
 * The same rules in Redis (REDIS_URL), shared by every instance. When Redis cannot be reached,
 * the instance counts in its own memory (and `onError` is told), so sign-in keeps working and
 * stays limited.
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
  const keysOf = (keys: ThrottleKeys) => {
    const pair = pairKeyFor(keys);
    return [keyFor('address', keys.address), keyFor('account', keys.account), pair, `${pair}:wait`].map(
      (key) => `${prefix}${key}`,
    );
  };

  async function guarded<T>(work: () => Promise<T>, otherwise: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      options.onError?.(error);
      return otherwise();
    }
  }

  async function attemptInRedis(keys: ThrottleKeys): Promise<ThrottleState> {
    const { address, pair, account } = limits;
    const [outcome, waitMs] = (await redis.eval(
      ATTEMPT_SCRIPT,
      4,
      ...keysOf(keys),
      address.max,
      address.windowMs,
      account.ceiling,
      account.windowMs,
      pair.freeFailures,
      pair.firstDelayMs,
      pair.maxDelayMs,
      pair.forgetAfterMs,
    )) as [string, number];
    if (outcome === 'ok') return { limited: false };
    const remaining = waitMs > 0 ? waitMs : address.windowMs;
    return { limited: true, scope: outcome as 'pair' | 'address', retryAfterSeconds: toSeconds(remaining) };
  }

  return {
    kind: 'redis',
    attempt: (keys) =>
      guarded(
        () => attemptInRedis(keys),
        () => fallback.attempt(keys),
      ),
    recordSuccess: (keys) =>
      guarded(
        async () => {
          await redis.eval(SUCCESS_SCRIPT, 4, ...keysOf(keys));
        },
        () => fallback.recordSuccess(keys),
      ),
    async close() {
      await fallback.close();
      if (options.ownsConnection) await redis.quit().catch(() => redis.disconnect());
    },
  };
}
