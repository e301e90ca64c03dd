import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveClinicProfile } from '../features/clinic/clinic-service.ts';
import { createTestApp } from '../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { withClinicTimeZone } from './web-app.ts';

// Not the default (Asia/Kolkata), so the page can only carry it if CLINIC_TIMEZONE got through.
const ZONE = 'America/St_Johns';
const META = `<meta name="clinic-time-zone" content="${ZONE}" />`;

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Book a Therapy Session</title>
  </head>
  <body><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script></body>
</html>
`;

describe('the web app page', () => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let webDistDir: string;

  beforeAll(async () => {
    webDistDir = await mkdtemp(path.join(tmpdir(), 'therapy-web-dist-'));
    await mkdir(path.join(webDistDir, 'assets'));
    await writeFile(path.join(webDistDir, 'index.html'), INDEX_HTML);
    // What apps/web/shell-languages.ts writes: the page in Hindi.
    await writeFile(
      path.join(webDistDir, 'index.hi.html'),
      INDEX_HTML.replace('lang="en"', 'lang="hi"')
        .replace('Book a Therapy Session', 'थेरेपी सत्र बुक करें')
        // As long as a real page, so that it is worth compressing.
        .replace('<body>', `<body><p>${'हिन्दी '.repeat(300)}</p>`),
    );
    await writeFile(path.join(webDistDir, 'assets', 'index-abc123.js'), 'console.log(1);');
    // What apps/web/precompress.ts writes beside a script (only the stylesheet has neither).
    const script = 'console.log("the app");'.repeat(100);
    await writeFile(path.join(webDistDir, 'assets', 'app-d4.js'), script);
    await writeFile(path.join(webDistDir, 'assets', 'app-d4.js.br'), brotliCompressSync(script));
    await writeFile(path.join(webDistDir, 'assets', 'app-d4.js.gz'), gzipSync(script));
    await writeFile(path.join(webDistDir, 'assets', 'plain-e5.css'), 'body{margin:0}');
    // Vite's manifest: the status page's chunk imports a shared one and brings a stylesheet; the
    // runtime chunk is the main script's own, in the page already.
    await mkdir(path.join(webDistDir, '.vite'));
    await writeFile(
      path.join(webDistDir, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-abc123.js', isEntry: true, imports: ['_runtime-r0.js'] },
        '_runtime-r0.js': { file: 'assets/runtime-r0.js' },
        'src/features/payments/payment-status-page.tsx': {
          file: 'assets/payment-status-page-x1.js',
          imports: ['index.html', '_runtime-r0.js', '_format-y2.js'],
          css: ['assets/status-z3.css'],
        },
        '_format-y2.js': { file: 'assets/format-y2.js', imports: ['index.html'] },
      }),
    );
    db = await createTestDatabase('pglite');
    ({ app, close } = await createTestApp(db, { env: { CLINIC_TIMEZONE: ZONE }, webDistDir }));
  });
  afterAll(async () => {
    await close();
    await db.drop();
    await rm(webDistDir, { recursive: true, force: true });
  });

  const page = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { accept: 'text/html,*/*;q=0.8', ...headers } });

  it.each(['/', '/book', '/book?step=3', '/admin/reports', '/index.html'])(
    'answers %s with index.html carrying the clinic time zone',
    async (url) => {
      const response = await page(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain(`${META}</head>`);
      expect(response.body).toContain('<div id="root"></div>');
      expect(response.body.match(/clinic-time-zone/g)).toHaveLength(1);
    },
  );

  it('preloads a lazy page’s code with the page itself, and nowhere else', async () => {
    const status = (await page('/payment-status?razorpay_payment_link_id=plink_1')).body;
    // Low priority, and the stylesheet preloaded rather than linked: the shell paints first.
    expect(status).toContain(
      '<link rel="preload" as="style" href="/assets/status-z3.css" crossorigin fetchpriority="low">' +
        '<link rel="modulepreload" href="/assets/payment-status-page-x1.js" crossorigin fetchpriority="low">' +
        '<link rel="modulepreload" href="/assets/format-y2.js" crossorigin fetchpriority="low"></head>',
    );
    expect(status).not.toContain('runtime-r0.js');
    expect(status.match(/index-abc123\.js/g)).toHaveLength(1);
    expect((await page('/')).body).not.toContain('modulepreload');
    // The manifest is the server's to read, not a file of the site.
    expect((await page('/.vite/manifest.json')).statusCode).toBe(404);
  });

  it('sends the page in Hindi to a visitor whose lang cookie says so, one per language', async () => {
    const hindi = await page('/', { cookie: 'other=1; lang=hi' });
    expect(hindi.body).toContain('<html lang="hi">');
    expect(hindi.body).toContain('थेरेपी सत्र बुक करें');
    expect(hindi.body).toContain(`${META}</head>`);
    expect(hindi.headers.vary).toMatch(/^Cookie\b/);
    const english = await page('/', { cookie: 'lang=en' });
    expect(english.body).toContain('<html lang="en">');
    expect(english.headers.etag).not.toBe(hindi.headers.etag);
    for (const cookie of ['', 'lang=fr', 'xlang=hi']) {
      expect((await page('/', { cookie })).body, cookie).toContain('<html lang="en">');
    }
    // The admin screens stay English whatever the cookie says.
    expect((await page('/admin/login', { cookie: 'lang=hi' })).body).toContain('<html lang="en">');
    // The index.hi.html file itself is the server's to send, not a file of the site.
    expect((await page('/index.hi.html')).statusCode).not.toBe(200);
  });

  it('sends the page compressed, once per language and encoding', async () => {
    const headers = { cookie: 'lang=hi', 'accept-encoding': 'br' };
    const first = await page('/', headers);
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.vary).toBe('Cookie, Accept-Encoding');
    expect((await page('/', headers)).rawPayload).toEqual(first.rawPayload);
    expect(brotliDecompressSync(first.rawPayload).toString()).toBe(
      (await page('/', { cookie: 'lang=hi' })).body,
    );
  });

  it('answers a repeated request for the page with 304', async () => {
    const first = await page('/book');
    const etag = first.headers.etag;
    expect(etag).toMatch(/^".+"$/);
    const again = await page('/', { 'if-none-match': String(etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('carries the clinic’s saved name once there is one, with a new tag', async () => {
    const before = await page('/');
    expect(before.body).not.toContain('clinic-name');
    await saveClinicProfile(
      db,
      { name: 'Calm <Minds>', phone: '9876543210', email: 'a@example.com', address: '', privacy_contact: '' },
      { actorAdminId: null, actorLabel: 'test' },
    );
    const after = await page('/');
    expect(after.body).toContain('<meta name="clinic-name" content="Calm &lt;Minds&gt;" /></head>');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    await db.query('DELETE FROM clinic_profile');
  });

  it('still serves the fingerprinted assets for good, and JSON 404s', async () => {
    const asset = await page('/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await page('/assets/nothing.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Not found: GET /assets/nothing.js' });
    const api = await page('/api/nothing-here');
    expect(api.statusCode).toBe(404);
  });

  it('sends the compressed copy the browser accepts, and the file itself to any other', async () => {
    const script = 'console.log("the app");'.repeat(100);
    const brotli = await page('/assets/app-d4.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.rawPayload.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(script);

    const gzipped = await page('/assets/app-d4.js', { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(script);

    const plain = await page('/assets/app-d4.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    // A file without compressed copies goes out as it is, whatever the browser accepts.
    const css = await page('/assets/plain-e5.css', { 'accept-encoding': 'br, gzip' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-encoding']).toBeUndefined();
    expect(css.body).toBe('body{margin:0}');
  });

  // What curl, uptime monitors and scripts send (no Accept, */*, or asking for JSON), and a browser.
  const accepts: Record<string, Record<string, string>> = {
    'no Accept': {},
    'a browser Accept': { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    'Accept */*': { accept: '*/*' },
    'Accept application/json': { accept: 'application/json' },
  };
  describe.each(Object.entries(accepts))('a request with %s', (_, headers) => {
    it.each(['/', '/admin/login', '/no-such-page/here'])('gets the page at %s', async (url) => {
      const response = await app.inject({ method: 'GET', url, headers });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      expect(response.body).toContain(`${META}</head>`);
    });

    it.each(['/api/nope', '/locations/nope', '/get_location_image/nope', '/healthz/nope'])(
      'gets a JSON 404 at the API path %s',
      async (url) => {
        const response = await app.inject({ method: 'GET', url, headers });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ detail: `Not found: GET ${url}` });
      },
    );
  });

  it('still answers the API where it has a route', async () => {
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  });

  it('answers HEAD / with the page headers and no body', async () => {
    const response = await app.inject({ method: 'HEAD', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(Number(response.headers['content-length'])).toBeGreaterThan(INDEX_HTML.length);
    expect(response.body).toBe('');
  });

  it('refuses other methods on a page with a JSON 405, and on an unknown API path with a JSON 404', async () => {
    const onPage = await app.inject({ method: 'POST', url: '/book', payload: {} });
    expect(onPage.statusCode).toBe(405);
    expect(onPage.headers.allow).toBe('GET, HEAD');
    expect(onPage.json().detail).toMatch(/^Method not allowed: POST \/book/);
    const onApi = await app.inject({ method: 'DELETE', url: '/api/nope' });
    expect(onApi.statusCode).toBe(404);
    expect(onApi.json()).toEqual({ detail: 'Not found: DELETE /api/nope' });
  });
});

describe('without a built web app', () => {
  it('answers every unknown path with a JSON 404', async () => {
    const db = await createTestDatabase('pglite');
    const { app, close } = await createTestApp(db);
    try {
      const response = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Not found: GET /' });
    } finally {
      await close();
      await db.drop();
    }
  });
});

describe('withClinicTimeZone', () => {
  it('escapes the zone it puts into the page', () => {
    expect(withClinicTimeZone('<head></head>', '"><script>x</script>')).toBe(
      '<head><meta name="clinic-time-zone" content="&quot;&gt;&lt;script&gt;x&lt;/script&gt;" /></head>',
    );
  });
});
