import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const defaultWebDistDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../web/dist',
);

/** Paths that belong to the API: never answered with the web app's page. */
const API_PREFIXES = ['/api/', '/internal/', '/sandbox/', '/get_location_image/', '/get_specific_image/'];

/**
 * Serves the built web app and, for client routes such as /payment-status, its index.html
 * (SPA fallback). Anything else not found is a JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string | undefined) {
  const hasWebApp = webDistDir !== undefined && existsSync(path.join(webDistDir, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
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
      !API_PREFIXES.some((prefix) => pathOnly.startsWith(prefix)) &&
      !path.extname(pathOnly) &&
      (request.headers.accept ?? '').includes('text/html');
    if (wantsPage) {
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html');
    }
    return reply.status(404).send({ detail: `Not found: ${request.method} ${pathOnly}` });
  });
}
