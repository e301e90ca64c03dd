import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { escapeHtml } from './html.ts';

export const defaultWebDistDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../web/dist',
);

/** Paths that belong to the API: never answered with the web app's page. */
const API_PREFIXES = ['/api/', '/internal/', '/sandbox/', '/get_location_image/', '/get_specific_image/'];

/** The page's <meta> that tells the web app the clinic's time zone (apps/web/src/lib/clinic.ts). */
export const CLINIC_TIME_ZONE_META = 'clinic-time-zone';

/** index.html with the clinic's time zone in a <meta> at the end of its <head>. */
export function withClinicTimeZone(indexHtml: string, clinicTimeZone: string): string {
  const meta = `<meta name="${CLINIC_TIME_ZONE_META}" content="${escapeHtml(clinicTimeZone)}" />`;
  return /<\/head>/i.test(indexHtml) ? indexHtml.replace(/<\/head>/i, `${meta}</head>`) : meta + indexHtml;
}

export type WebAppOptions = {
  /** The built web app to serve; nothing but JSON 404s when absent. */
  webDistDir: string | undefined;
  /** CLINIC_TIMEZONE: put into the page so the browser reckons "today" and slots in it. */
  clinicTimeZone: string;
};

/**
 * Serves the built web app and, for client routes such as /payment-status, its index.html
 * (SPA fallback) with the clinic's time zone put in. Anything else not found is a JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, { webDistDir, clinicTimeZone }: WebAppOptions) {
  const indexFile = webDistDir === undefined ? undefined : path.join(webDistDir, 'index.html');
  const hasWebApp = indexFile !== undefined && existsSync(indexFile);
  // Read once: a new build is served after a restart, as the fingerprinted assets are.
  const page = hasWebApp ? withClinicTimeZone(await readFile(indexFile, 'utf8'), clinicTimeZone) : '';
  const pageTag = `"${createHash('sha256').update(page).digest('base64url').slice(0, 27)}"`;
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      // index.html goes out only with the time zone in it (the not-found handler below).
      allowedPath: (pathName) => pathName !== '/index.html',
      setHeaders(reply, filePath) {
        // Vite fingerprints everything under assets/, so those can be cached for good.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathOnly = request.url.split('?')[0] ?? '/';
    const wantsPage =
      hasWebApp &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      (pathOnly === '/index.html' ||
        (!API_PREFIXES.some((prefix) => pathOnly.startsWith(prefix)) &&
          !path.extname(pathOnly) &&
          (request.headers.accept ?? '').includes('text/html')));
    if (wantsPage) {
      reply.header('cache-control', 'no-cache').header('etag', pageTag);
      if (request.headers['if-none-match'] === pageTag) return reply.status(304).send();
      return reply.type('text/html; charset=utf-8').send(page);
    }
    return reply.status(404).send({ detail: `Not found: ${request.method} ${pathOnly}` });
  });
}
