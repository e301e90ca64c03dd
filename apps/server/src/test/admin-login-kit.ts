import type { FastifyInstance } from 'fastify';
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

/** A server on its own database with a superadmin, an admin and an inactive admin. */
export async function startSignInApp(
  backend: Backend,
): Promise<{ db: TestDatabase; app: FastifyInstance; close: () => Promise<void> }> {
  const db = await createTestDatabase(backend);
  const { app, close } = await createTestApp(db, { now: () => NOW, env: { JWT_SECRET } });
  await createAdminUser(db, 'boss@example.com', { superadmin: true });
  await createAdminUser(db, 'staff@example.com');
  await createAdminUser(db, 'dormant@example.com', { active: false });
  return { db, app, close };
}
