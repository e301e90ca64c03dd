import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomAddress } from '../../test/random-address.ts';
import { post, SMALL_LIMITS, startApp, TEN_MINUTES } from '../../test/rate-limit-kit.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { redisReachable, TEST_REDIS_URL } from '../../test/test-redis.ts';
import { loadDemoData } from '../demo-data/load-demo-data.ts';

const REDIS_URL = TEST_REDIS_URL;
const haveRedis = await redisReachable();

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
