import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startSignInApp } from '../../test/admin-login-kit.ts';
import { createAdminUser, PASSWORD } from '../../test/admin-test-kit.ts';
import { randomAddress } from '../../test/random-address.ts';
import { backends, type TestDatabase } from '../../test/test-database.ts';

describe.each(backends)('admin sign-in on %s', (backend) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let clock: { advance(ms: number): void };

  beforeAll(async () => {
    ({ db, app, clock, close } = await startSignInApp(backend));
  });
  afterAll(async () => {
    await close();
    await db.drop();
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
    clock.advance(1_100);
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
    // 22 sign-ins, each a password hash's deliberate cost: more than the default 30 s on a busy machine.
  }, 90_000);

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
      clock.advance(1_100);
      expect(
        (await login(app, { username: 'typo@example.com', password: PASSWORD, address })).statusCode,
      ).toBe(200);
    }
  });
});
