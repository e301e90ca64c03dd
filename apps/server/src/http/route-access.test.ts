import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { registerPluginRoutes } from './route-access.ts';

/**
 * Every route declares its access: the real app, given one more route, refuses to start when that
 * route declares none or less than its path needs (the path-prefix safety net).
 */
describe('route access declarations', () => {
  let db: TestDatabase;
  let dataDir: string;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    dataDir = await mkdtemp(path.join(tmpdir(), 'therapy-route-access-'));
  });
  afterAll(async () => {
    // An app that failed to start may fail to close as well: nothing of it is left to close.
    await Promise.allSettled(apps.map((app) => app.close()));
    await db.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** The whole app, not started yet, so that a test can register one more route on it. */
  async function buildUnstartedApp(): Promise<FastifyInstance> {
    const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir });
    const app = await buildApp({ config, db, jwtSecret: 'test-secret-of-at-least-thirty-two-characters' });
    apps.push(app);
    return app;
  }

  const ok = async () => ({ ok: true });

  it('does not start with a route that declares no access', async () => {
    const app = await buildUnstartedApp();
    app.register(async (scope) => {
      scope.get('/api/new-report', ok);
    });
    await expect(app.ready()).rejects.toThrow(
      "Route GET /api/new-report declares no access: give it access 'public', 'admin', 'superadmin' or 'therapist'",
    );
  });

  it('makes route options without access a type error, and refuses them at start too', async () => {
    const app = await buildUnstartedApp();
    app.register(async (scope) => {
      // @ts-expect-error: `access` is a required route option
      scope.post('/api/new-call', { schema: { summary: 'forgot its access' } }, ok);
    });
    await expect(app.ready()).rejects.toThrow(/Route POST \/api\/new-call declares no access/);
  });

  it('does not start with a route under /api/admin/ declared public, however its path is written', async () => {
    for (const url of ['/api/admin/export', '/API/Admin/export', '/api//admin/export/']) {
      const app = await buildUnstartedApp();
      app.register(async (scope) => {
        scope.get(url, { access: 'public' }, ok);
      });
      await expect(app.ready(), url).rejects.toThrow(`is declared 'public' but its path needs 'admin'`);
    }
  });

  it('does not start with a route under reports, income or the audit log declared for any admin', async () => {
    for (const url of [
      '/api/admin/reports/new',
      '/api/admin/income/by-month',
      '/api/admin/audit-log/export',
    ]) {
      const app = await buildUnstartedApp();
      app.register(async (scope) => {
        scope.get(url, { access: 'admin' }, ok);
      });
      await expect(app.ready(), url).rejects.toThrow(
        `Route GET ${url} is declared 'admin' but its path needs 'superadmin'`,
      );
    }
  });

  it('does not start with a route under /api/therapist/ declared for anyone but a therapist', async () => {
    for (const access of ['public', 'admin', 'superadmin'] as const) {
      const app = await buildUnstartedApp();
      app.register(async (scope) => {
        scope.get('/api/Therapist/notes-export', { access }, ok);
      });
      await expect(app.ready(), access).rejects.toThrow(
        `Route GET /api/Therapist/notes-export is declared '${access}' but its path needs 'therapist'`,
      );
    }
  });

  it('does not start with a route under /api/admin/ declared for a therapist', async () => {
    const app = await buildUnstartedApp();
    app.register(async (scope) => {
      scope.get('/api/admin/therapist-corner', { access: 'therapist' }, ok);
    });
    await expect(app.ready()).rejects.toThrow(
      "Route GET /api/admin/therapist-corner is declared 'therapist' but its path needs 'admin'",
    );
  });

  it("does not start when a plugin we don't own, declared public, registers a route under /api/admin/", async () => {
    const app = await buildUnstartedApp();
    const refusal = "Route GET /api/admin/plugin-page is declared 'public' but its path needs 'admin'";
    const registering = registerPluginRoutes(app, 'public', (scope) =>
      scope.register(async (plugin) => {
        plugin.get('/api/admin/plugin-page', ok);
      }),
    );
    await expect(registering).rejects.toThrow(refusal);
    await expect(app.ready()).rejects.toThrow(refusal);
  });

  it("gives a plugin's routes the access it is registered with, and no more than its scope", async () => {
    const app = await buildUnstartedApp();
    await registerPluginRoutes(app, 'admin', (scope) =>
      scope.register(async (plugin) => {
        plugin.get('/plugin/admin-page', ok);
      }),
    );
    await app.register(async (scope) => {
      scope.get('/plugin-sibling', { access: 'public' }, ok);
    });
    await app.ready();

    expect(app.adminRoutes).toContainEqual({ method: 'GET', url: '/plugin/admin-page', role: 'admin' });
    const anonymous = await app.inject({ method: 'GET', url: '/plugin/admin-page' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ detail: 'Not authenticated' });
    expect((await app.inject({ method: 'GET', url: '/plugin-sibling' })).json()).toEqual({ ok: true });
  });

  it('documents the bearer scheme on exactly the routes that need an administrator', async () => {
    const app = await buildUnstartedApp();
    await app.ready();
    const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const needsAdmin = new Set(app.adminRoutes.map((route) => `${route.method} ${route.url}`));
    const operations = Object.entries<Record<string, { security?: unknown }>>(document.paths).flatMap(
      ([url, byMethod]) =>
        Object.entries(byMethod).map(([method, operation]) => ({
          route: `${method.toUpperCase()} ${url.replaceAll(/\{(\w+)\}/g, ':$1')}`,
          security: operation.security,
        })),
    );
    expect(operations.length).toBeGreaterThan(needsAdmin.size);
    for (const { route, security } of operations) {
      expect(security, route).toEqual(needsAdmin.has(route) ? [{ bearerAuth: [] }] : undefined);
    }
    expect(operations.filter(({ security }) => security).length).toBe(needsAdmin.size);
  });

  it('serves the API documentation to anyone', async () => {
    const app = await buildUnstartedApp();
    await app.ready();
    for (const [url, type] of [
      ['/api/docs', 'text/html'],
      ['/api/docs/json', 'application/json'],
      ['/api/docs/static/swagger-ui.css', 'text/css'],
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(new RegExp(`^${type}`));
    }
    expect(app.adminRoutes.filter((route) => route.url.startsWith('/api/docs'))).toEqual([]);
  });
});
