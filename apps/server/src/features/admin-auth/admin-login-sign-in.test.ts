import type { FastifyInstance } from 'fastify';
import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startSignInApp } from '../../test/admin-login-kit.ts';
import { bearer, JWT_SECRET, NOW, PASSWORD } from '../../test/admin-test-kit.ts';
import { backends, type TestDatabase } from '../../test/test-database.ts';

describe.each(backends)('admin sign-in on %s', (backend) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ db, app, close } = await startSignInApp(backend));
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
      role: 'superadmin',
      therapist_id: null,
    });
    const { payload, protectedHeader } = await jwtVerify(
      session.access_token,
      new TextEncoder().encode(JWT_SECRET),
      { currentDate: NOW },
    );
    expect(protectedHeader.alg).toBe('HS256');
    expect(payload.exp! - payload.iat!).toBe(8 * 3600);
    expect(payload.iat).toBe(NOW.getTime() / 1000);
    expect(payload).toMatchObject({ tv: 0, role: 'superadmin', sub: expect.stringMatching(/^\d+$/) });

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
      role: 'superadmin',
      therapist_id: null,
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
});
