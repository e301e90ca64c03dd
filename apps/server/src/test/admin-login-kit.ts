import type { FastifyInstance } from 'fastify';
import { createMemoryLoginThrottle, DEFAULT_LOGIN_LIMITS } from '../features/admin-auth/login-throttle.ts';
import { createAdminUser, JWT_SECRET, NOW } from './admin-test-kit.ts';
import { createTestApp } from './test-app.ts';
import { type Backend, createTestDatabase, type TestDatabase } from './test-database.ts';

type Attempt = { username: string; password: string; address?: string; json?: boolean };

/** One sign-in attempt, form-encoded as the admin page sends it (or JSON), from an address. */
export function login(app: FastifyInstance, { username, password, address = '127.0.0.1', json }: Attempt) {
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

/**
 * A clock that moves only when the test moves it. The sign-in waits (1 s, 2 s, …) run on it: on a
 * busy machine a few password checks take longer than the first wait, and a test reading the
 * real clock saw the wait over before it asked.
 */
export function createTestClock(start = Date.now()) {
  let at = start;
  return {
    now: () => new Date(at),
    advance(ms: number) {
      at += ms;
    },
  };
}

/**
 * A server on its own database with a superadmin, an admin and an inactive admin, its sign-in
 * throttle on `clock` (the tokens on the tests' fixed NOW).
 */
export async function startSignInApp(backend: Backend): Promise<{
  db: TestDatabase;
  app: FastifyInstance;
  clock: ReturnType<typeof createTestClock>;
  close: () => Promise<void>;
}> {
  const db = await createTestDatabase(backend);
  const clock = createTestClock();
  const loginThrottle = createMemoryLoginThrottle(DEFAULT_LOGIN_LIMITS, clock.now);
  const { app, close } = await createTestApp(db, { now: () => NOW, env: { JWT_SECRET }, loginThrottle });
  await createAdminUser(db, 'boss@example.com', { superadmin: true });
  await createAdminUser(db, 'staff@example.com');
  await createAdminUser(db, 'dormant@example.com', { active: false });
  return { db, app, clock, close };
}
