import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdminUser, JWT_SECRET, NOW, PASSWORD, signIn } from '../../test/admin-test-kit.ts';
import { createDemoTestApp } from '../../test/test-app.ts';
import { backends, type TestDatabase } from '../../test/test-database.ts';
import { createAdminTokens } from './admin-token.ts';
import { createAdminUsersService } from './admin-users-service.ts';

/** Every admin route, walked from the guard's own list, so that a new route cannot be forgotten. */
describe.each(backends)('authorization of every admin route on %s', (backend) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let close: () => Promise<void>;
  const tokens: Record<
    | 'superadmin'
    | 'admin'
    | 'therapist'
    | 'therapistOff'
    | 'deactivated'
    | 'reset'
    | 'expired'
    | 'forged'
    | 'unsigned',
    string
  > = {} as never;

  beforeAll(async () => {
    ({ db, app, close } = await createDemoTestApp(backend, { now: () => NOW, env: { JWT_SECRET } }));
    await createAdminUser(db, 'boss@example.com', { superadmin: true });
    const staffId = await createAdminUser(db, 'staff@example.com');
    await createAdminUser(db, 'leaver@example.com');
    await createAdminUser(db, 'forgetful@example.com');
    tokens.superadmin = await signIn(app, 'boss@example.com');
    tokens.admin = await signIn(app, 'staff@example.com');
    tokens.deactivated = await signIn(app, 'leaver@example.com');
    tokens.reset = await signIn(app, 'forgetful@example.com');
    // Therapists' logins (decision 052): one at work, one whose therapist a superadmin deactivates.
    await createAdminUser(db, 'asha@example.com', { therapistId: 1 });
    await createAdminUser(db, 'leaving-therapist@example.com', { therapistId: 8 });
    tokens.therapist = await signIn(app, 'asha@example.com');
    tokens.therapistOff = await signIn(app, 'leaving-therapist@example.com');
    await db.query('UPDATE therapists SET is_active = false WHERE id = 8');
    const users = createAdminUsersService(db);
    await users.deactivateAdmin('leaver@example.com');
    await users.resetPassword('forgetful@example.com', 'another-long-password');
    // Issued 9 hours ago: expired an hour ago.
    const past = createAdminTokens(JWT_SECRET, () => new Date(NOW.getTime() - 9 * 3600_000));
    tokens.expired = await past.issue({ adminId: staffId, tokenVersion: 0 });
    tokens.forged = await createAdminTokens('some-other-secret-that-is-long-enough!').issue({
      adminId: staffId,
      tokenVersion: 0,
    });
    const [, payload] = tokens.admin.split('.');
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    tokens.unsigned = `${none}.${payload}.`;
  });
  afterAll(() => close());

  const call = (route: { method: string; url: string }, headers: Record<string, string> = {}) =>
    app.inject({
      method: route.method as 'GET',
      url: route.url.replaceAll(/:\w+/g, '1'),
      headers: { ...headers, 'content-type': 'application/json' },
      payload: route.method === 'GET' ? undefined : '{}',
    });

  it('knows every admin route and its role', () => {
    const listed = app.adminRoutes.map((route) => `${route.method} ${route.url} ${route.role}`);
    for (const expected of [
      'GET /api/admin/me admin',
      'GET /api/admin/therapists admin',
      'GET /api/admin/bookings admin',
      'GET /api/admin/locations admin',
      'GET /api/admin/services admin',
      'GET /api/admin/therapists/:id/slots admin',
      'GET /api/admin/therapists/:id/bookings admin',
      'GET /api/admin/calendar admin',
      'GET /api/admin/calendar/day admin',
      'GET /api/admin/bookings/:id admin',
      'POST /api/admin/bookings/:id/cancel admin',
      'POST /api/admin/bookings/:id/refund superadmin',
      'POST /api/admin/availability/block admin',
      'POST /api/admin/bookings admin',
      'GET /api/admin/clients-with-therapists admin',
      'GET /api/admin/search-clients admin',
      'GET /api/admin/audit-log superadmin',
      'GET /api/therapist/me therapist',
    ]) {
      expect(listed).toContain(expected);
    }
    expect(listed.some((route) => route.includes('/api/admin/login'))).toBe(false);
  });

  it('refuses every admin route without a token, with a bad, forged, unsigned or expired token', async () => {
    for (const route of app.adminRoutes) {
      const missing = await call(route);
      expect(missing.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(missing.json()).toEqual({ detail: 'Not authenticated' });
      expect(missing.headers['www-authenticate']).toBe('Bearer');

      expect((await call(route, { authorization: 'Basic Ym9zczpwdw==' })).statusCode).toBe(401);
      for (const kind of ['forged', 'unsigned', 'expired'] as const) {
        const response = await call(route, bearer(tokens[kind]));
        expect(response.statusCode, `${kind}: ${route.method} ${route.url}`).toBe(401);
        expect(response.json()).toEqual({ detail: 'Invalid or expired token' });
      }
      expect((await call(route, bearer('not.a.token'))).statusCode).toBe(401);
    }
  });

  it('ends the sessions of a deactivated user and those from before a password reset', async () => {
    for (const route of app.adminRoutes) {
      for (const kind of ['deactivated', 'reset'] as const) {
        const response = await call(route, bearer(tokens[kind]));
        expect(response.statusCode, `${kind}: ${route.method} ${route.url}`).toBe(401);
        expect(response.json().detail).toMatch(/session has ended/);
      }
    }
    // After the reset, the new password gives a working token again.
    const fresh = await signIn(app, 'forgetful@example.com', 'another-long-password');
    expect(
      (await app.inject({ method: 'GET', url: '/api/admin/me', headers: bearer(fresh) })).statusCode,
    ).toBe(200);
    // The deactivated user cannot sign in again either.
    const again = await app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: `username=leaver%40example.com&password=${PASSWORD}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(again.statusCode).toBe(403);
    expect(again.json().detail).toMatch(/inactive/);
  });

  it('lets admins use admin routes and refuses them superadmin and therapist routes with 403', async () => {
    for (const route of app.adminRoutes) {
      const response = await call(route, bearer(tokens.admin));
      if (route.role === 'therapist') {
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
        expect(response.json()).toEqual({ detail: "This call is for a therapist's own sign-in." });
      } else if (route.role === 'superadmin') {
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
        expect(response.json()).toEqual({ detail: 'This action needs a superadmin.' });
      } else {
        expect([401, 403], `${route.method} ${route.url}: ${response.body}`).not.toContain(
          response.statusCode,
        );
        expect(response.statusCode, `${route.method} ${route.url}: ${response.body}`).toBeLessThan(500);
      }
    }
  });

  it("lets superadmins use every admin route, and refuses them a therapist's with 403", async () => {
    for (const route of app.adminRoutes) {
      const response = await call(route, bearer(tokens.superadmin));
      if (route.role === 'therapist') {
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
        continue;
      }
      expect([401, 403], `${route.method} ${route.url}: ${response.body}`).not.toContain(response.statusCode);
      expect(response.statusCode, `${route.method} ${route.url}: ${response.body}`).toBeLessThan(500);
    }
  });

  it("refuses every admin and superadmin route to a therapist's login with 403, and opens its own", async () => {
    const own = app.adminRoutes.filter((route) => route.role === 'therapist');
    expect(own.length).toBeGreaterThan(0);
    for (const route of app.adminRoutes) {
      const response = await call(route, bearer(tokens.therapist));
      const name = `${route.method} ${route.url}: ${response.body}`;
      if (route.role === 'therapist') {
        expect([401, 403], name).not.toContain(response.statusCode);
        expect(response.statusCode, name).toBeLessThan(500);
      } else {
        expect(response.statusCode, name).toBe(403);
        expect(response.json()).toEqual({
          detail: "A therapist's sign-in opens only the therapist's own pages.",
        });
      }
    }
    // Paths that match no route fail closed the same way.
    for (const url of ['/api/admin/nothing-here', '/api/admin/reports/inventory', '/api/admin/%72eports/x']) {
      expect(
        (await app.inject({ method: 'GET', url, headers: bearer(tokens.therapist) })).statusCode,
        url,
      ).toBe(403);
    }
    expect((await app.inject({ method: 'GET', url: '/api/therapist/nothing-here' })).statusCode).toBe(401);
    const unknown = await app.inject({
      method: 'GET',
      url: '/api/therapist/nothing-here',
      headers: bearer(tokens.therapist),
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('signs out at once a therapist whose therapist a superadmin deactivated', async () => {
    for (const route of app.adminRoutes) {
      const response = await call(route, bearer(tokens.therapistOff));
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(response.json().detail).toMatch(/session has ended/);
    }
    const again = await app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'leaving-therapist@example.com', password: PASSWORD },
      headers: { 'content-type': 'application/json' },
    });
    expect(again.statusCode).toBe(403);
    expect(again.json().detail).toMatch(/inactive/);
  });

  it('signs a therapist in with its role and therapist, and tells who it is', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'asha@example.com', password: PASSWORD },
      headers: { 'content-type': 'application/json' },
    });
    expect(response.json()).toMatchObject({ role: 'therapist', therapist_id: 1, is_superadmin: false });
    const me = await app.inject({
      method: 'GET',
      url: '/api/therapist/me',
      headers: bearer(tokens.therapist),
    });
    expect(me.json()).toEqual({
      username: 'asha@example.com',
      therapist_id: 1,
      therapist_name: expect.any(String),
    });
    const boss = await app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'boss@example.com', password: PASSWORD },
      headers: { 'content-type': 'application/json' },
    });
    expect(boss.json()).toMatchObject({ role: 'superadmin', therapist_id: null });
  });

  it('keeps reports and income for superadmins, whichever feature registers them later', async () => {
    for (const url of [
      '/api/admin/reports/inventory',
      '/api/admin/reports/eod?report_date=2026-11-22',
      '/api/admin/reports/therapist-monthly?year=2026&month=11',
      '/api/admin/income',
      '/api/admin/%72eports/inventory',
      '/api/admin/audit-log/',
    ]) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
      const admin = await app.inject({ method: 'GET', url, headers: bearer(tokens.admin) });
      expect(admin.statusCode, url).toBe(403);
      const boss = await app.inject({ method: 'GET', url, headers: bearer(tokens.superadmin) });
      expect([401, 403]).not.toContain(boss.statusCode);
    }
  });

  it('describes every admin route in the OpenAPI document, with the bearer scheme', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const route of app.adminRoutes) {
      const operation = document.paths[route.url.replaceAll(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
      expect(operation?.security, `${route.method} ${route.url}`).toEqual([{ bearerAuth: [] }]);
    }
    expect(document.paths['/api/admin/login'].post.security).toBeUndefined();
  });

  it('answers 401 under /api/admin/ for unknown paths without a token, and leaves public calls open', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/admin/nothing-here' })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'GET', url: '/api/admin/nothing-here', headers: bearer(tokens.admin) }))
        .statusCode,
    ).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/therapists' })).statusCode).toBe(200);
  });
});
