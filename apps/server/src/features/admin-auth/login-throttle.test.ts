import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { createMemoryLoginThrottle, createRedisLoginThrottle } from './login-throttle.ts';

const limits = { account: { max: 2, windowMs: 60_000 }, address: { max: 3, windowMs: 120_000 } };
const keys = (account: string, address = '192.0.2.1') => ({ account, address });

describe('login throttle', () => {
  it('refuses an account after its failures until the window ends', async () => {
    let now = new Date('2026-11-22T04:00:00Z');
    const throttle = createMemoryLoginThrottle(limits, () => now);
    await throttle.recordFailure(keys('a@example.com', '192.0.2.1'));
    expect(await throttle.check(keys('a@example.com', '192.0.2.2'))).toEqual({ limited: false });
    await throttle.recordFailure(keys('A@example.com', '192.0.2.2'));
    expect(await throttle.check(keys('a@example.com', '192.0.2.3'))).toEqual({
      limited: true,
      scope: 'account',
      retryAfterSeconds: 60,
    });
    now = new Date(now.getTime() + 45_000);
    expect(await throttle.check(keys('a@example.com'))).toMatchObject({ retryAfterSeconds: 15 });
    now = new Date(now.getTime() + 15_000);
    expect(await throttle.check(keys('a@example.com', '192.0.2.3'))).toEqual({ limited: false });
  });

  it('refuses an address after its failures over any accounts', async () => {
    const throttle = createMemoryLoginThrottle(limits);
    for (const account of ['a', 'b', 'c']) await throttle.recordFailure(keys(`${account}@example.com`));
    expect(await throttle.check(keys('d@example.com'))).toMatchObject({ limited: true, scope: 'address' });
    expect(await throttle.check(keys('d@example.com', '192.0.2.9'))).toEqual({ limited: false });
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
    await throttle.recordFailure(keys('x@example.com'));
    await throttle.recordFailure(keys('x@example.com'));
    expect(await throttle.check(keys('x@example.com'))).toMatchObject({ limited: true, scope: 'account' });
    expect(errors.length).toBeGreaterThan(0);
    await throttle.close();
  });
});
