import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { PUBLIC_RATE_LIMITS } from '../../public-rate-limits.ts';
import { createMemoryCounter } from './rate-limit-store.ts';
import { tooManyRequestsMessage } from './register-rate-limits.ts';

describe('public rate limits configuration', () => {
  it('defaults to generous limits and reads RATE_LIMIT_* (0 turns a limit off)', () => {
    expect(loadConfig({}).publicRateLimits).toEqual({
      bookings: { max: 30, windowMs: 10 * 60_000 },
      paymentLinks: { max: 90, windowMs: 10 * 60_000 },
      lookups: { max: 120, windowMs: 60_000 },
    });
    expect(loadConfig({}).publicRateLimits).toEqual(PUBLIC_RATE_LIMITS);
    const set = loadConfig({
      RATE_LIMIT_BOOKINGS: '5',
      RATE_LIMIT_PAYMENT_LINKS: '0',
      RATE_LIMIT_LOOKUPS: '600',
    });
    expect(set.publicRateLimits).toEqual({
      bookings: { max: 5, windowMs: 10 * 60_000 },
      paymentLinks: { max: 0, windowMs: 10 * 60_000 },
      lookups: { max: 600, windowMs: 60_000 },
    });
  });

  it.each([
    ['RATE_LIMIT_BOOKINGS', 'lots'],
    ['RATE_LIMIT_PAYMENT_LINKS', '-1'],
    ['RATE_LIMIT_LOOKUPS', '1.5'],
  ])('stops at a bad %s (%s) with one line naming it', (variable, value) => {
    const load = () => loadConfig({ [variable]: value });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(
      `Invalid configuration: ${variable} must be a whole number from 0 to 1000000 (got "${value}")`,
    );
  });
});

describe('rate limit counting', () => {
  it('counts hits in fixed windows per key', async () => {
    let now = 1_000_000;
    const counter = createMemoryCounter(() => now);
    expect(await counter.hit('a', 60_000)).toEqual({ current: 1, ttl: 60_000 });
    now += 20_000;
    expect(await counter.hit('a', 60_000)).toEqual({ current: 2, ttl: 40_000 });
    expect(await counter.hit('b', 60_000)).toEqual({ current: 1, ttl: 60_000 });
    now += 40_000;
    expect(await counter.hit('a', 60_000)).toEqual({ current: 1, ttl: 60_000 });
  });

  it('says when to try again in plain words', () => {
    expect(tooManyRequestsMessage(45_000)).toBe('Too many requests. Please wait a minute and try again.');
    expect(tooManyRequestsMessage(60_000)).toBe('Too many requests. Please wait a minute and try again.');
    expect(tooManyRequestsMessage(61_000)).toBe('Too many requests. Please wait 2 minutes and try again.');
  });
});
