import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { bearer, createAdminUser, JWT_SECRET, NOW, PASSWORD } from '../../test/admin-test-kit.ts';
import { createTestApp } from '../../test/test-app.ts';
import { backends, createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { redisReachable, TEST_REDIS_URL } from '../../test/test-redis.ts';
import { keyFor, type LoginThrottle, pairKeyFor } from './login-throttle.ts';
import { createRedisLoginThrottle, DEFAULT_REDIS_PREFIX } from './login-throttle-redis.ts';

const REDIS_URL = TEST_REDIS_URL;
const haveRedis = await redisReachable();

type Attempt = { username: string; password: string; address?: string; json?: boolean };

function login(app: FastifyInstance, { username, password, address = '127.0.0.1', json }: Attempt) {
  return app.inject({
    method: 'POST',
    url: '/api/admin/login',
    remoteAddress: address,
    ...(json
      ? { payload: { username, password } }
      : {
          payload: new URLSearchParams({ username, password }).toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }),
  });
}

const randomAddress = () => `10.${[...randomBytes(3)].join('.')}`;

describe.each(backends)('admin sign-in on %s', (backend) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let close: () => Promise<void>;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    ({ app, close } = await createTestApp(db, { now: () => NOW, env: { JWT_SECRET } }));
    await createAdminUser(db, 'boss@example.com', { superadmin: true });
    await createAdminUser(db, 'staff@example.com');
    await createAdminUser(db, 'dormant@example.com', { active: false });
  });
  afterAll(async () => {
    await close();
    await db.drop();
  });

  it('signs in with the form-encoded e-mail and password and returns a bearer token for 8 hours', async () => {
    const response = await login(app, { username: ' Boss@Example.com ', password: PASSWORD });
    expect(response.statusCode).toBe(200);
    const session = response.json();
    expect(session).toEqual({
      access_token: expect.any(String),
      token_type: 'bearer',
      expires_in: 8 * 3600,
      username: 'boss@example.com',
      is_superadmin: true,
      is_admin: true,
      is_active: true,
    });
    const { payload, protectedHeader } = await jwtVerify(
      session.access_token,
      new TextEncoder().encode(JWT_SECRET),
      { currentDate: NOW },
    );
    expect(protectedHeader.alg).toBe('HS256');
    expect(payload.exp! - payload.iat!).toBe(8 * 3600);
    expect(payload.iat).toBe(NOW.getTime() / 1000);
    expect(payload).toMatchObject({ tv: 0, sub: expect.stringMatching(/^\d+$/) });

    const me = await app.inject({
      method: 'GET',
      url: '/api/admin/me',
      headers: bearer(session.access_token),
    });
    expect(me.json()).toEqual({
      username: 'boss@example.com',
      is_superadmin: true,
      is_admin: true,
      is_active: true,
    });
    const { rows } = await db.query<{ last_login_at: Date }>(
      "SELECT last_login_at FROM admin_users WHERE email = 'boss@example.com'",
    );
    expect(new Date(rows[0]!.last_login_at).toISOString()).toBe(NOW.toISOString());
  });

  it('accepts JSON too, and says which fields are missing', async () => {
    expect(
      (await login(app, { username: 'staff@example.com', password: PASSWORD, json: true })).json(),
    ).toMatchObject({ username: 'staff@example.com', is_superadmin: false });
    const empty = await app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: '',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toMatch(/username/);
  });

  it('refuses a wrong password or an unknown e-mail alike, and an inactive account clearly', async () => {
    for (const attempt of [
      { username: 'staff@example.com', password: 'wrong-password' },
      { username: 'nobody@example.com', password: PASSWORD },
    ]) {
      const response = await login(app, attempt);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: 'Incorrect email or password' });
    }
    const dormant = await login(app, { username: 'dormant@example.com', password: PASSWORD });
    expect(dormant.statusCode).toBe(403);
    expect(dormant.json()).toEqual({
      detail: 'This admin account is inactive. Please contact a superadmin.',
    });
    // An inactive account with a wrong password learns nothing more than anyone else.
    expect((await login(app, { username: 'dormant@example.com', password: 'nope-nope' })).statusCode).toBe(
      401,
    );
  });

  it('writes every sign-in and failed one to the audit log, never the password', async () => {
    await login(app, { username: 'staff@example.com', password: 'secret-guess-1', address: '203.0.113.9' });
    const { rows } = await db.query<{
      actor_label: string;
      action: string;
      details: Record<string, unknown>;
    }>('SELECT actor_label, action, details FROM audit_log ORDER BY id');
    const text = JSON.stringify(rows);
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain('secret-guess-1');
    expect(rows).toContainEqual({
      actor_label: 'boss@example.com',
      action: 'admin.login',
      details: { address: '127.0.0.1' },
    });
    expect(rows).toContainEqual({
      actor_label: 'staff@example.com',
      action: 'admin.login_failed',
      details: { reason: 'wrong_password', address: '203.0.113.9' },
    });
    expect(rows).toContainEqual({
      actor_label: 'nobody@example.com',
      action: 'admin.login_failed',
      details: { reason: 'unknown_user', address: '127.0.0.1' },
    });
    expect(rows).toContainEqual(
      expect.objectContaining({
        action: 'admin.login_failed',
        details: expect.objectContaining({ reason: 'inactive' }),
      }),
    );
  });

  it('slows a guesser per address and e-mail with growing waits, while the owner signs in from elsewhere', async () => {
    await createAdminUser(db, 'target@example.com');
    const guesser = randomAddress();
    const guess = (password: string) =>
      login(app, { username: 'target@example.com', password, address: guesser });
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect((await guess(`guess-${attempt}`)).statusCode).toBe(401);
    }
    const slowed = await guess('guess-4');
    expect(slowed.statusCode).toBe(429);
    expect(slowed.headers['retry-after']).toBe('1');
    expect(slowed.json()).toEqual({
      detail: 'Too many failed sign-in attempts for this account. Please try again in 1 second.',
    });
    // Even the right password waits, from the guesser's address (and e-mail in any case) ...
    const rightButSlowed = await login(app, {
      username: 'TARGET@example.com',
      password: PASSWORD,
      address: guesser,
    });
    expect(rightButSlowed.statusCode).toBe(429);
    // ... and the next wait, once this one is over, is longer.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await guess('guess-5')).statusCode).toBe(401);
    const slowedMore = await guess('guess-6');
    expect(slowedMore.statusCode).toBe(429);
    expect(slowedMore.headers['retry-after']).toBe('2');
    expect(slowedMore.json().detail).toBe(
      'Too many failed sign-in attempts for this account. Please try again in 2 seconds.',
    );
    // The owner, from their own address, is not locked out by the guesser.
    const owner = await login(app, {
      username: 'target@example.com',
      password: PASSWORD,
      address: randomAddress(),
    });
    expect(owner.statusCode).toBe(200);
    // Nor are other accounts from the guesser's address.
    expect(
      (await login(app, { username: 'staff@example.com', password: PASSWORD, address: guesser })).statusCode,
    ).toBe(200);
  });

  it('limits failed sign-ins per client address: 20, whatever the accounts', async () => {
    const address = randomAddress();
    for (let attempt = 1; attempt <= 20; attempt++) {
      const response = await login(app, {
        username: `user${attempt}@example.com`,
        password: 'x-wrong',
        address,
      });
      expect(response.statusCode).toBe(401);
    }
    const limited = await login(app, { username: 'staff@example.com', password: PASSWORD, address });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().detail).toMatch(/from your network/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(app, { username: 'staff@example.com', password: PASSWORD })).statusCode).toBe(200);
  });

  it('clears an address’s failures for an account when it signs in', async () => {
    await createAdminUser(db, 'typo@example.com');
    const address = randomAddress();
    for (let round = 0; round < 3; round++) {
      for (let attempt = 1; attempt <= 3; attempt++) {
        expect(
          (await login(app, { username: 'typo@example.com', password: 'wrong!', address })).statusCode,
        ).toBe(401);
      }
      // The fourth attempt would wait a second; the round starts over after a sign-in.
      expect(
        (await login(app, { username: 'typo@example.com', password: 'wrong!', address })).statusCode,
      ).toBe(429);
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expect(
        (await login(app, { username: 'typo@example.com', password: PASSWORD, address })).statusCode,
      ).toBe(200);
    }
  });
});

describe.skipIf(!haveRedis)(`sign-in rate limits shared through Redis (${REDIS_URL})`, () => {
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
    for (const app of apps) {
      const slowed = await login(app, {
        username: 'shared@example.com',
        password: PASSWORD,
        address: guesser,
      });
      expect(slowed.statusCode).toBe(429);
      expect(Number(slowed.headers['retry-after'])).toBe(1);
      const owner = await login(app, {
        username: 'shared@example.com',
        password: PASSWORD,
        address: randomAddress(),
      });
      expect(owner.statusCode).toBe(200);
    }
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${keyPrefix}*`);
    await redis.quit();
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
});
