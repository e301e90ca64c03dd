import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppDeps, buildApp } from '../../app.ts';
import { ConfigError, loadConfig } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { PUBLIC_RATE_LIMITS, type PublicRateLimits } from '../../public-rate-limits.ts';
import { BOOKING_TEST_NOW, offlineBooking, onlineBooking } from '../../test/booking-fixtures.ts';
import { backends, createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { redisReachable, TEST_REDIS_URL } from '../../test/test-redis.ts';
import { loadDemoData } from '../demo-data/load-demo-data.ts';
import { createMemoryCounter } from './rate-limit-store.ts';
import { tooManyRequestsMessage } from './register-rate-limits.ts';

const REDIS_URL = TEST_REDIS_URL;
const haveRedis = await redisReachable();

const TEN_MINUTES = 10 * 60_000;
/** Small limits: 3 bookings, 2 payment link calls, 2 look-ups per address. */
const SMALL_LIMITS: PublicRateLimits = {
  bookings: { max: 3, windowMs: TEN_MINUTES },
  paymentLinks: { max: 2, windowMs: TEN_MINUTES },
  lookups: { max: 2, windowMs: 60_000 },
};

/** The app as main.ts builds it, with the limits and Redis key prefix a test chooses. */
async function startApp(
  db: Database,
  deps: Pick<AppDeps, 'publicRateLimits' | 'rateLimitKeyPrefix'>,
  env: Record<string, string> = {},
) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'therapy-rate-limits-'));
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...env });
  const app = await buildApp({ config, db, now: () => BOOKING_TEST_NOW, ...deps });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

const randomAddress = () => `10.${[...randomBytes(3)].join('.')}`;

function post(app: FastifyInstance, url: string, payload: object, remoteAddress: string) {
  return app.inject({ method: 'POST', url, payload, remoteAddress });
}

describe.each(backends)('public rate limits on %s', (backend) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let close: () => Promise<void>;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    await loadDemoData(db);
    ({ app, close } = await startApp(db, { publicRateLimits: SMALL_LIMITS }));
  });
  afterAll(async () => {
    await close();
    await db.drop();
  });

  it('answers the fourth booking from one address with 429, {"detail"} and Retry-After; others go on', async () => {
    const address = '203.0.113.7';
    for (const day of ['2026-11-23', '2026-11-24', '2026-11-25']) {
      const created = await post(app, '/api/bookings', onlineBooking({ booking_date: day }), address);
      expect(created.statusCode).toBe(201);
    }

    const limited = await post(app, '/api/bookings', onlineBooking({ booking_date: '2026-11-26' }), address);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toMatch(/^application\/json/);
    expect(limited.json()).toEqual({ detail: 'Too many requests. Please wait 10 minutes and try again.' });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(9 * 60);
    expect(retryAfter).toBeLessThanOrEqual(10 * 60);

    // Both booking calls count together.
    const inPerson = await post(app, '/confirm-booking', offlineBooking(), address);
    expect(inPerson.statusCode).toBe(429);

    // Another address (another visitor) books as usual.
    const other = await post(app, '/confirm-booking', offlineBooking(), '198.51.100.9');
    expect(other.statusCode).toBe(201);

    const { rows } = await db.query<{ n: number }>('SELECT count(*)::integer AS n FROM bookings');
    expect(rows[0]!.n).toBe(4);
  });

  it('counts an IPv6 visitor by the /64 network, as one address', async () => {
    for (let i = 1; i <= 3; i++) {
      expect((await post(app, '/api/bookings', {}, `2001:db8:5:6::${i}`)).statusCode).toBe(400);
    }
    expect((await post(app, '/api/bookings', {}, '2001:db8:5:6:ffff::1')).statusCode).toBe(429);
    expect((await post(app, '/api/bookings', {}, '2001:db8:5:7::1')).statusCode).toBe(400);
  });

  it('limits the payment look-ups per minute and the payment link calls together', async () => {
    const address = randomAddress();
    const lookUp = () =>
      app.inject({
        url: '/api/get-razorpay-details/plink_unknown1?payment_status=paid',
        remoteAddress: address,
      });
    expect((await lookUp()).statusCode).toBe(404);
    expect((await lookUp()).statusCode).toBe(404);
    const limited = await lookUp();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ detail: 'Too many requests. Please wait a minute and try again.' });
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    // The in-person status page's look-up counts with it.
    const confirmation = await app.inject({
      url: '/api/bookings/1/confirmation?token=x',
      remoteAddress: address,
    });
    expect(confirmation.statusCode).toBe(429);

    const link = { booking_id: 99_999, amount: 1, currency: 'INR', customer_email: 'client@example.com' };
    expect((await post(app, '/api/payment/generate-link', link, address)).statusCode).toBe(404);
    const record = { payment_link_url: 'http://x.test/pay', razorpay_payment_link_id: 'plink_x' };
    expect((await post(app, '/api/bookings/99999/payment-link', record, address)).statusCode).not.toBe(429);
    expect((await post(app, '/api/payment/generate-link', link, address)).statusCode).toBe(429);
    const sandboxPay = await app.inject({
      method: 'POST',
      url: '/sandbox/pay/plink_unknown1',
      payload: 'outcome=paid',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress: address,
    });
    expect(sandboxPay.statusCode).toBe(429);
  });

  it('never limits the catalogue, images, health or the admin calls', async () => {
    const address = '203.0.113.8';
    for (let i = 0; i < 4; i++) await post(app, '/api/bookings', {}, address);
    expect((await post(app, '/api/bookings', {}, address)).statusCode).toBe(429);
    const urls = [
      '/locations',
      '/services',
      '/therapists',
      '/availability-slots?therapist_id=1',
      '/booked-slots?therapist_id=1',
      '/api/open-slots?therapist_id=1',
      '/get_location_image/1.png',
      '/healthz',
      '/api/admin/me',
    ];
    for (const url of urls) {
      for (let i = 0; i < 5; i++) {
        const response = await app.inject({ url, remoteAddress: address });
        expect(response.statusCode, url).not.toBe(429);
        expect(response.headers['x-ratelimit-limit'], url).toBeUndefined();
      }
    }
  });
});

describe('public rate limits with the Razorpay webhook, limits off, or Redis unreachable', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    await loadDemoData(db);
  });
  afterAll(async () => {
    await db.drop();
  });

  it('never limits the webhook (Razorpay’s servers) and turns a limit off with 0', async () => {
    const tiny = { max: 1, windowMs: TEN_MINUTES };
    const { app, close } = await startApp(
      db,
      {
        publicRateLimits: { bookings: { max: 0, windowMs: TEN_MINUTES }, paymentLinks: tiny, lookups: tiny },
      },
      {
        PAYMENT_PROVIDER: 'razorpay',
        RAZORPAY_KEY_ID: 'rzp_test_key',
        RAZORPAY_KEY_SECRET: 'key-secret',
        RAZORPAY_WEBHOOK_SECRET: 'webhook-secret',
        RAZORPAY_API_URL: 'http://127.0.0.1:9',
      },
    );
    try {
      const address = '203.0.113.20';
      for (let i = 0; i < 5; i++) {
        const webhook = await app.inject({
          method: 'POST',
          url: '/api/payment/webhook',
          payload: { event: 'payment_link.paid' },
          headers: { 'x-razorpay-signature': 'bad' },
          remoteAddress: address,
        });
        expect(webhook.statusCode).not.toBe(429);
        expect(webhook.headers['x-ratelimit-limit']).toBeUndefined();
        const booking = await post(app, '/api/bookings', {}, address);
        expect(booking.statusCode).toBe(400);
        expect(booking.headers['x-ratelimit-limit']).toBeUndefined();
      }
    } finally {
      await close();
    }
  });

  it('keeps limiting in memory, and answers every request, while Redis is unreachable', async () => {
    const { app, close } = await startApp(
      db,
      { publicRateLimits: SMALL_LIMITS },
      { REDIS_URL: 'redis://127.0.0.1:1' },
    );
    try {
      const address = randomAddress();
      for (let i = 0; i < 3; i++)
        expect((await post(app, '/api/bookings', {}, address)).statusCode).toBe(400);
      expect((await post(app, '/api/bookings', {}, address)).statusCode).toBe(429);
      expect((await app.inject('/locations')).statusCode).toBe(200);
    } finally {
      await close();
    }
  });
});

describe.skipIf(!haveRedis)(
  `public rate limits shared through Redis at ${REDIS_URL} (skipped when Redis is unreachable)`,
  () => {
    let db: TestDatabase;
    const instances: Array<{ app: FastifyInstance; close(): Promise<void> }> = [];
    const keyPrefix = `therapy-test:rate-limit:${Date.now()}:${randomBytes(4).toString('hex')}:`;

    beforeAll(async () => {
      db = await createTestDatabase('pglite');
      await loadDemoData(db);
      // Two instances of the server on one database, each with its own Redis connection.
      for (let i = 0; i < 2; i++) {
        instances.push(
          await startApp(
            db,
            { publicRateLimits: SMALL_LIMITS, rateLimitKeyPrefix: keyPrefix },
            { REDIS_URL },
          ),
        );
      }
    });
    afterAll(async () => {
      for (const instance of instances) await instance.close();
      const redis = new Redis(REDIS_URL);
      const keys = await redis.keys(`${keyPrefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
      await db.drop();
    });

    it('counts bookings on one instance against the other', async () => {
      const [first, second] = instances.map((instance) => instance.app) as [FastifyInstance, FastifyInstance];
      const address = '203.0.113.30';
      expect((await post(first, '/api/bookings', {}, address)).statusCode).toBe(400);
      expect((await post(second, '/api/bookings', {}, address)).statusCode).toBe(400);
      expect((await post(first, '/confirm-booking', {}, address)).statusCode).toBe(400);
      for (const app of [first, second]) {
        const limited = await post(app, '/api/bookings', {}, address);
        expect(limited.statusCode).toBe(429);
        expect(Number(limited.headers['retry-after'])).toBeGreaterThan(9 * 60);
      }
      expect((await post(second, '/api/bookings', {}, '203.0.113.31')).statusCode).toBe(400);

      const redis = new Redis(REDIS_URL);
      const keys = await redis.keys(`${keyPrefix}*`);
      await redis.quit();
      expect(keys.length).toBe(2);
      // Addresses are hashed: none in Redis in clear.
      expect(keys.join(' ')).not.toContain('203.0.113');
    });
  },
);

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
