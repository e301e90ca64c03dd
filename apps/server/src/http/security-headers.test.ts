import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdminUser, JWT_SECRET, signIn } from '../test/admin-test-kit.ts';
import { BOOKING_TEST_NOW, onlineBooking } from '../test/booking-fixtures.ts';
import { createDemoTestApp, createTestApp } from '../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { PERMISSIONS_POLICY } from './security-headers.ts';

const INDEX_HTML = `<!doctype html>
<html lang="en"><head><title>Book a Therapy Session</title>
<script type="module" crossorigin src="/assets/index-abc123.js"></script></head>
<body><div id="root"></div></body></html>
`;

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self' http://book.test",
  "frame-ancestors 'none'",
].join(';');

/** Swagger UI's logo: an inline SVG with a <style>, allowed on the docs' answers by its hash. */
const SWAGGER_LOGO_HASH = "'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='";

/** The headers every answer carries, whatever it is (page, JSON, error, 404). */
function expectSecurityHeaders(response: LightMyRequestResponse, csp = CSP) {
  const headers = response.headers;
  expect(headers['content-security-policy']).toBe(csp);
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(headers['cross-origin-resource-policy']).toBe('same-origin');
  expect(headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
  expect(headers['permissions-policy']).toContain('camera=()');
  expect(headers['permissions-policy']).toContain('microphone=()');
  expect(headers['permissions-policy']).toContain('geolocation=()');
  // Plain http: no HSTS (and no upgrade-insecure-requests in the CSP).
  expect(headers['strict-transport-security']).toBeUndefined();
  expect(headers['x-powered-by']).toBeUndefined();
}

describe('security headers', () => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let webDistDir: string;
  let token: string;

  beforeAll(async () => {
    webDistDir = await mkdtemp(path.join(tmpdir(), 'therapy-web-dist-'));
    await mkdir(path.join(webDistDir, 'assets'));
    await writeFile(path.join(webDistDir, 'index.html'), INDEX_HTML);
    await writeFile(path.join(webDistDir, 'assets', 'index-abc123.js'), 'console.log(1);');
    ({ db, app, close } = await createDemoTestApp('pglite', {
      now: () => BOOKING_TEST_NOW,
      env: { PUBLIC_URL: 'http://book.test', JWT_SECRET },
      webDistDir,
    }));
    await createAdminUser(db, 'boss@example.com', { superadmin: true });
    token = await signIn(app, 'boss@example.com');
  });
  afterAll(async () => {
    await close();
    await rm(webDistDir, { recursive: true, force: true });
  });

  const page = (url: string) => app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

  it.each(['/', '/payment-status?booking_id=1&token=secret', '/admin/reports'])(
    'are on the web app page at %s, which stays no-cache',
    async (url) => {
      const response = await page(url);
      expect(response.statusCode).toBe(200);
      expectSecurityHeaders(response);
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it('leave the immutable caching of the fingerprinted assets alone', async () => {
    const response = await page('/assets/index-abc123.js');
    expect(response.statusCode).toBe(200);
    expectSecurityHeaders(response);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('are on public API answers, which are not stored by caches', async () => {
    const response = await app.inject('/api/get-razorpay-details/plink_nothing?payment_status=paid');
    expectSecurityHeaders(response);
    expect(response.headers['cache-control']).toBe('no-store');
    const catalogue = await app.inject('/therapists');
    expect(catalogue.statusCode).toBe(200);
    expectSecurityHeaders(catalogue);
  });

  it('are on admin API answers, with no-store, refused ones included', async () => {
    for (const url of ['/api/admin/me', '/api/admin/reports/inventory', '/api/admin/bookings']) {
      const response = await app.inject({ url, headers: bearer(token) });
      expect(response.statusCode, url).toBe(200);
      expectSecurityHeaders(response);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    const refused = await app.inject('/api/admin/bookings');
    expect(refused.statusCode).toBe(401);
    expectSecurityHeaders(refused);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('are on the sandbox payment page, whose stylesheet is a file of this origin', async () => {
    const booking = await app.inject({ method: 'POST', url: '/api/bookings', payload: onlineBooking() });
    expect(booking.statusCode).toBe(201);
    const link = await app.inject({
      method: 'POST',
      url: '/api/payment/generate-link',
      payload: {
        booking_id: booking.json().booking_id,
        amount: 1,
        currency: 'INR',
        customer_email: onlineBooking().client_email,
      },
    });
    expect(link.statusCode, link.body).toBe(200);
    const response = await app.inject(new URL(link.json().short_url).pathname);
    expect(response.statusCode).toBe(200);
    expectSecurityHeaders(response);
    expect(response.headers['cache-control']).toBe('no-store');
    // No inline style or script: the CSP allows neither.
    expect(response.body).not.toMatch(/<style|<script|style=/i);
    const stylesheet = response.body.match(/<link rel="stylesheet" href="([^"]+)">/)?.[1];
    expect(stylesheet).toBe('/sandbox/sandbox.css');
    const css = await app.inject(stylesheet!);
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect(css.body).toContain('.pay {');
    expectSecurityHeaders(css);
  });

  it("are on the API docs, whose policy allows Swagger UI's logo style and nothing else inline", async () => {
    const docsCsp = CSP.replace("style-src 'self'", `style-src 'self' ${SWAGGER_LOGO_HASH}`);
    for (const url of ['/api/docs', '/api/docs/static/swagger-initializer.js', '/api/docs/json']) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(200);
      expectSecurityHeaders(response, docsCsp);
    }
  });

  it('are on JSON 404s', async () => {
    const response = await app.inject('/api/nothing-here');
    expect(response.statusCode).toBe(404);
    expectSecurityHeaders(response);
  });
});

describe('security headers with an https PUBLIC_URL', () => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let close: () => Promise<void>;

  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    ({ app, close } = await createTestApp(db, { env: { PUBLIC_URL: 'https://book.example.in' } }));
  });
  afterAll(async () => {
    await close();
    await db.drop();
  });

  it('add HSTS for this host and upgrade-insecure-requests', async () => {
    const response = await app.inject('/healthz');
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("form-action 'self' https://book.example.in;");
    expect(csp).toMatch(/;upgrade-insecure-requests$/);
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });
});
