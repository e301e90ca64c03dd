import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { redisReachable, TEST_REDIS_URL } from '../../test/test-redis.ts';
import {
  createMemoryLoginThrottle,
  DEFAULT_LOGIN_LIMITS,
  delayAfterFailures,
  type LoginThrottle,
  type ThrottleLimits,
} from './login-throttle.ts';
import { createRedisLoginThrottle } from './login-throttle-redis.ts';

const limits: ThrottleLimits = {
  address: { max: 6, windowMs: 120_000 },
  pair: { freeFailures: 3, firstDelayMs: 1000, maxDelayMs: 2000, forgetAfterMs: 600_000 },
  account: { ceiling: 100, windowMs: 3600_000 },
};
const keys = (account: string, address = '192.0.2.1') => ({ account, address });
const haveRedis = await redisReachable();

/** A throttle and a way to let time pass: a test clock in memory, real time in Redis. */
type Subject = { throttle: LoginThrottle; pass(ms: number): Promise<void> };

function memorySubject(throttleLimits = limits): Subject {
  let now = Date.parse('2026-11-22T04:00:00Z');
  return {
    throttle: createMemoryLoginThrottle(throttleLimits, () => new Date(now)),
    pass: async (ms) => {
      now += ms;
    },
  };
}

const redisConnections: Redis[] = [];
function redisSubject(throttleLimits = limits): Subject {
  const redis = new Redis(TEST_REDIS_URL);
  redisConnections.push(redis);
  const throttle = createRedisLoginThrottle(redis, {
    keyPrefix: `therapy-test:${randomBytes(6).toString('hex')}:`,
    limits: throttleLimits,
    onError: (error) => {
      throw error;
    },
  });
  return { throttle, pass: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) };
}

afterAll(async () => {
  // Every key these tests write expires within limits' windows (at most an hour).
  for (const redis of redisConnections) await redis.quit();
});

const subjects: [string, (throttleLimits?: ThrottleLimits) => Subject][] = [
  ['memory', memorySubject],
  ...(haveRedis ? [['Redis', redisSubject] as [string, typeof redisSubject]] : []),
];

describe.each(subjects)('login throttle in %s', (_name, makeSubject) => {
  it('lets three failures through, then makes the pair wait 1 second, 2, … at most the cap', async () => {
    const { throttle, pass } = makeSubject();
    const guess = () => throttle.attempt(keys('a@example.com'));
    for (let attempt = 1; attempt <= 3; attempt++) expect(await guess()).toEqual({ limited: false });
    for (const wait of [1, 2, 2]) {
      expect(await guess()).toEqual({ limited: true, scope: 'pair', retryAfterSeconds: wait });
      await pass(wait * 1000 - 300);
      expect(await guess()).toMatchObject({ limited: true, scope: 'pair' });
      await pass(350);
      expect(await guess()).toEqual({ limited: false });
    }
  }, 20_000);

  it('never slows another address for the same account, nor the same address for another account', async () => {
    const { throttle } = makeSubject();
    for (let attempt = 1; attempt <= 4; attempt++)
      await throttle.attempt(keys('owner@example.com', '192.0.2.1'));
    expect(await throttle.attempt(keys('OWNER@example.com ', '192.0.2.1'))).toMatchObject({ scope: 'pair' });
    expect(await throttle.attempt(keys('owner@example.com', '198.51.100.7'))).toEqual({ limited: false });
    expect(await throttle.attempt(keys('other@example.com', '192.0.2.1'))).toEqual({ limited: false });
  });

  it('refuses an address after its failures over any accounts, until its window ends', async () => {
    const { throttle } = makeSubject();
    for (let account = 1; account <= 6; account++) {
      expect(await throttle.attempt(keys(`user${account}@example.com`))).toEqual({ limited: false });
    }
    const refused = await throttle.attempt(keys('fresh@example.com'));
    expect(refused).toMatchObject({ limited: true, scope: 'address' });
    expect((refused as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(110);
    expect(await throttle.attempt(keys('fresh@example.com', '192.0.2.9'))).toEqual({ limited: false });
  });

  it('gives a right password’s attempt back and clears its pair’s failures', async () => {
    const { throttle } = makeSubject({ ...limits, address: { max: 7, windowMs: 120_000 } });
    for (let round = 1; round <= 3; round++) {
      // Two wrong passwords, then the right one: no round waits (the pair is cleared) ...
      for (let attempt = 1; attempt <= 2; attempt++) {
        expect(await throttle.attempt(keys('typo@example.com'))).toEqual({ limited: false });
      }
      expect(await throttle.attempt(keys('typo@example.com'))).toEqual({ limited: false });
      await throttle.recordSuccess(keys('typo@example.com'));
    }
    // ... and is no failure of the address: 6 of its 7 failures are spent, so one more may come.
    expect(await throttle.attempt(keys('someone@example.com'))).toEqual({ limited: false });
    expect(await throttle.attempt(keys('someone-else@example.com'))).toMatchObject({ scope: 'address' });
  });

  it('counts parallel attempts one by one', async () => {
    const { throttle } = makeSubject();
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () => throttle.attempt(keys('burst@example.com', '203.0.113.5'))),
    );
    expect(outcomes.filter((outcome) => !outcome.limited)).toHaveLength(3);
  });

  it('gives pairs no free failures once an account has too many from everywhere, and still lets a new address in', async () => {
    const { throttle } = makeSubject({ ...limits, account: { ceiling: 5, windowMs: 3600_000 } });
    for (let address = 1; address <= 6; address++) {
      expect(await throttle.attempt(keys('target@example.com', `198.51.100.${address}`))).toEqual({
        limited: false,
      });
    }
    // The sixth address's first failure went over the ceiling: its next attempt waits.
    expect(await throttle.attempt(keys('target@example.com', '198.51.100.6'))).toEqual({
      limited: true,
      scope: 'pair',
      retryAfterSeconds: 1,
    });
    // The owner, from an address that has not failed, is let through.
    expect(await throttle.attempt(keys('target@example.com', '203.0.113.77'))).toEqual({ limited: false });
  });
});

describe('login throttle rules', () => {
  it('doubles the delay from the first failure past the free ones, up to 15 minutes', () => {
    const pair = DEFAULT_LOGIN_LIMITS.pair;
    const delays = [1, 2, 3, 4, 5, 6, 12, 13, 14, 50].map((failures) =>
      delayAfterFailures(failures, 3, pair),
    );
    expect(delays).toEqual([0, 0, 1000, 2000, 4000, 8000, 512_000, 900_000, 900_000, 900_000]);
    expect(delayAfterFailures(1, 0, pair)).toBe(1000);
  });

  it('falls back to counting in memory when Redis cannot be reached', async () => {
    const errors: unknown[] = [];
    const redis = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      enableOfflineQueue: false,
      retryStrategy: () => null,
    });
    const throttle = createRedisLoginThrottle(redis, {
      keyPrefix: `therapy-test:${randomBytes(4).toString('hex')}:`,
      limits,
      onError: (error) => errors.push(error),
      ownsConnection: true,
    });
    for (let attempt = 1; attempt <= 3; attempt++) await throttle.attempt(keys('x@example.com'));
    expect(await throttle.attempt(keys('x@example.com'))).toMatchObject({ limited: true, scope: 'pair' });
    expect(errors.length).toBeGreaterThan(0);
    await throttle.close();
  });
});
