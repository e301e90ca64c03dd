import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { login } from '../../test/admin-login-kit.ts';
import { createAdminUser, JWT_SECRET, NOW, PASSWORD } from '../../test/admin-test-kit.ts';
import { randomAddress } from '../../test/random-address.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { redisReachable, TEST_REDIS_URL } from '../../test/test-redis.ts';
import { DEFAULT_LOGIN_LIMITS, keyFor, type LoginThrottle, pairKeyFor } from './login-throttle.ts';
import { createRedisLoginThrottle, DEFAULT_REDIS_PREFIX } from './login-throttle-redis.ts';

const REDIS_URL = TEST_REDIS_URL;
/**
 * Redis keeps the waits on its own clock: a first wait of a minute, not a second, outlasts the
 * sign-ins a busy machine makes before the test asks (at a load of 13 a second was over).
 */
const FIRST_WAIT_MS = 60_000;
const LIMITS = {
  ...DEFAULT_LOGIN_LIMITS,
  pair: { ...DEFAULT_LOGIN_LIMITS.pair, firstDelayMs: FIRST_WAIT_MS },
};
const haveRedis = await redisReachable();

// Twenty-odd password checks per test: past the 30 s default at a load of 17.
describe.skipIf(!haveRedis)(
  `sign-in rate limits shared through Redis (${REDIS_URL})`,
  { timeout: 90_000 },
  () => {
    let db: TestDatabase;
    let dataDir: string;
    const apps: FastifyInstance[] = [];
    const throttles: LoginThrottle[] = [];
    const keyPrefix = `therapy-test:${Date.now()}:${randomBytes(4).toString('hex')}:`;

    beforeAll(async () => {
      db = await createTestDatabase('pglite');
      dataDir = await mkdtemp(path.join(tmpdir(), 'therapy-redis-'));
      await createAdminUser(db, 'shared@example.com');
      // Two instances of the server on one database, each with its own Redis connection.
      for (let instance = 0; instance < 2; instance++) {
        const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, JWT_SECRET });
        const loginThrottle = createRedisLoginThrottle(new Redis(REDIS_URL), {
          keyPrefix,
          limits: LIMITS,
          ownsConnection: true,
        });
        throttles.push(loginThrottle);
        const app = await buildApp({ config, db, now: () => NOW, loginThrottle });
        await app.ready();
        apps.push(app);
      }
    });
    afterAll(async () => {
      for (const app of apps) await app.close();
      const redis = new Redis(REDIS_URL);
      const keys = await redis.keys(`${keyPrefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
      for (const throttle of throttles) await throttle.close();
      await db.drop();
      await rm(dataDir, { recursive: true, force: true });
    });

    it('slows a guesser on every instance, and lets the owner in from another address on either', async () => {
      const [first, second] = apps as [FastifyInstance, FastifyInstance];
      const guesser = randomAddress();
      for (let attempt = 1; attempt <= 3; attempt++) {
        const on = attempt % 2 ? first : second;
        expect(
          (await login(on, { username: 'shared@example.com', password: 'bad', address: guesser })).statusCode,
        ).toBe(401);
      }
      const redis = new Redis(REDIS_URL);
      const keys = await redis.keys(`${keyPrefix}*`);
      await redis.quit();
      for (const app of apps) {
        const slowed = await login(app, {
          username: 'shared@example.com',
          password: PASSWORD,
          address: guesser,
        });
        expect(slowed.statusCode).toBe(429);
        // The minute started at the third failure; a busy machine may have spent a few seconds since.
        expect(Number(slowed.headers['retry-after'])).toBeGreaterThan(FIRST_WAIT_MS / 1000 - 15);
        expect(Number(slowed.headers['retry-after'])).toBeLessThanOrEqual(FIRST_WAIT_MS / 1000);
        const owner = await login(app, {
          username: 'shared@example.com',
          password: PASSWORD,
          address: randomAddress(),
        });
        expect(owner.statusCode).toBe(200);
      }
      expect(keys).toContain(
        `${keyPrefix}${pairKeyFor({ account: 'shared@example.com', address: guesser })}:wait`,
      );
      // Keys are hashed: no e-mail or client address in Redis.
      expect(keys.join(' ')).not.toContain('shared@example.com');
      expect(keys.join(' ')).not.toContain(guesser);
    });

    it('uses Redis when REDIS_URL is configured, so a restarted or second instance keeps the counts', async () => {
      const address = randomAddress();
      const usernames = Array.from(
        { length: 20 },
        () => `someone-${randomBytes(4).toString('hex')}@example.com`,
      );
      const first = await createTestApp(db, { now: () => NOW, env: { JWT_SECRET, REDIS_URL } });
      try {
        for (const username of usernames) {
          expect((await login(first.app, { username, password: 'bad', address })).statusCode).toBe(401);
        }
      } finally {
        await first.close();
      }
      const second = await createTestApp(db, { now: () => NOW, env: { JWT_SECRET, REDIS_URL } });
      try {
        const limited = await login(second.app, {
          username: 'shared@example.com',
          password: PASSWORD,
          address,
        });
        expect(limited.statusCode).toBe(429);
      } finally {
        await second.close();
        const redis = new Redis(REDIS_URL);
        const written = usernames.flatMap((account) => {
          const pair = pairKeyFor({ account, address });
          return [keyFor('account', account), pair, `${pair}:wait`];
        });
        await redis.del(
          ...[keyFor('address', address), ...written].map((key) => `${DEFAULT_REDIS_PREFIX}${key}`),
        );
        await redis.quit();
      }
    });
  },
);
