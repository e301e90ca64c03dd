import { createHash } from 'node:crypto';

/**
 * Slows password guessing without letting anyone lock an administrator out (decision 017):
 *
 * - per client address and e-mail pair: a few free failures, then each further attempt from that
 *   pair must wait 1 s, 2 s, 4 s, … up to 15 minutes after the last one (answered at once with 429
 *   and Retry-After, never by holding the request). Other addresses are not slowed, so the owner
 *   signs in from their own address whatever a guesser elsewhere does;
 * - per client address: 20 failures in 15 minutes, whatever the e-mails, and that address is
 *   refused until the window ends (one address guessing many accounts);
 * - per account: above 100 failures in an hour from all addresses together (many addresses
 *   guessing one account), pairs get no free failures: their first failure already starts the
 *   delays. It only slows; it never refuses an address that has not failed itself.
 *
 * Every attempt is counted as a failure when it is let through (so parallel attempts cannot
 * slip past the count while their passwords are checked); a right password gives it back.
 */
export type ThrottleLimits = {
  address: { max: number; windowMs: number };
  pair: { freeFailures: number; firstDelayMs: number; maxDelayMs: number; forgetAfterMs: number };
  account: { ceiling: number; windowMs: number };
};

export const DEFAULT_LOGIN_LIMITS: ThrottleLimits = {
  address: { max: 20, windowMs: 15 * 60_000 },
  pair: { freeFailures: 3, firstDelayMs: 1000, maxDelayMs: 15 * 60_000, forgetAfterMs: 24 * 3600_000 },
  account: { ceiling: 100, windowMs: 3600_000 },
};

export type ThrottleKeys = { account: string; address: string };
export type ThrottleScope = 'pair' | 'address';
export type ThrottleState =
  | { limited: false }
  | { limited: true; scope: ThrottleScope; retryAfterSeconds: number };

export type LoginThrottle = {
  readonly kind: 'memory' | 'redis';
  /**
   * Refuses a sign-in attempt for these keys now, or lets it through and counts it as a failure
   * (its pair's next attempt waits if that makes too many).
   */
  attempt(keys: ThrottleKeys): Promise<ThrottleState>;
  /** The attempt's password was right: it was no failure, and the pair's failures are cleared. */
  recordSuccess(keys: ThrottleKeys): Promise<void>;
  close(): Promise<void>;
};

/** Keys never hold an e-mail address (or a client address) in clear. */
export function keyFor(scope: 'account' | 'address' | 'pair', ...values: string[]): string {
  const hash = createHash('sha256');
  for (const value of values) hash.update(value.trim().toLowerCase()).update('\0');
  return `${scope}:${hash.digest('base64url').slice(0, 22)}`;
}

export const pairKeyFor = (keys: ThrottleKeys) => keyFor('pair', keys.address, keys.account);

/**
 * How long a pair waits after its `failures`-th failure: nothing while free, then the first
 * delay, doubling with each failure, at most `maxDelayMs`. (The Redis script repeats this.)
 */
export function delayAfterFailures(failures: number, freeFailures: number, pair: ThrottleLimits['pair']) {
  const firstDelayed = Math.max(freeFailures, 1);
  if (failures < firstDelayed) return 0;
  return Math.min(pair.firstDelayMs * 2 ** (failures - firstDelayed), pair.maxDelayMs);
}

export const toSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

type Window = { count: number; resetAt: number };
type PairEntry = { failures: number; waitUntil: number; forgetAt: number };

export function createMemoryLoginThrottle(
  limits: ThrottleLimits = DEFAULT_LOGIN_LIMITS,
  now: () => Date = () => new Date(),
): LoginThrottle {
  const windows = new Map<string, Window>();
  const pairs = new Map<string, PairEntry>();

  const liveWindow = (key: string, at: number) => {
    const entry = windows.get(key);
    if (entry && entry.resetAt > at) return entry;
    windows.delete(key);
    return undefined;
  };
  const livePair = (key: string, at: number) => {
    const entry = pairs.get(key);
    if (entry && entry.forgetAt > at) return entry;
    pairs.delete(key);
    return undefined;
  };
  const countIn = (key: string, windowMs: number, at: number) => {
    const entry = liveWindow(key, at) ?? { count: 0, resetAt: at + windowMs };
    entry.count += 1;
    windows.set(key, entry);
    return entry.count;
  };
  const prune = (at: number) => {
    if (windows.size + pairs.size < 10_000) return;
    for (const [key, entry] of windows) if (entry.resetAt <= at) windows.delete(key);
    for (const [key, entry] of pairs) if (entry.forgetAt <= at) pairs.delete(key);
  };

  return {
    kind: 'memory',
    // Synchronous from check to count: parallel attempts are counted one by one.
    async attempt(keys) {
      const at = now().getTime();
      prune(at);
      const addressKey = keyFor('address', keys.address);
      const address = liveWindow(addressKey, at);
      if (address && address.count >= limits.address.max) {
        return { limited: true, scope: 'address', retryAfterSeconds: toSeconds(address.resetAt - at) };
      }
      const pairKey = pairKeyFor(keys);
      const pair = livePair(pairKey, at);
      if (pair && pair.waitUntil > at) {
        return { limited: true, scope: 'pair', retryAfterSeconds: toSeconds(pair.waitUntil - at) };
      }
      countIn(addressKey, limits.address.windowMs, at);
      const accountFailures = countIn(keyFor('account', keys.account), limits.account.windowMs, at);
      const free = accountFailures > limits.account.ceiling ? 0 : limits.pair.freeFailures;
      const failures = (pair?.failures ?? 0) + 1;
      pairs.set(pairKey, {
        failures,
        waitUntil: at + delayAfterFailures(failures, free, limits.pair),
        forgetAt: at + limits.pair.forgetAfterMs,
      });
      return { limited: false };
    },
    async recordSuccess(keys) {
      const at = now().getTime();
      pairs.delete(pairKeyFor(keys));
      for (const key of [keyFor('address', keys.address), keyFor('account', keys.account)]) {
        const entry = liveWindow(key, at);
        if (entry && entry.count > 0) entry.count -= 1;
      }
    },
    async close() {
      windows.clear();
      pairs.clear();
    },
  };
}
