import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendKeptBody } from './compression.ts';
import { escapeHtml } from './html.ts';
import { registerPluginRoutes } from './route-access.ts';
import { lazyPagePreloads } from './web-app-preloads.ts';
import {
  pageWithShell,
  SHELL_VARIANTS,
  type ShellLanguage,
  type ShellVariant,
  shellLanguageOf,
  shellVariantOf,
  withClinicName,
} from './web-app-shell.ts';

export const defaultWebDistDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../web/dist',
);

/** The first segment of a path: '/locations' of '/locations?x=1', '/api' of '/api/bookings/:id'. */
function firstSegment(url: string): string {
  return `/${url.split('?')[0]?.split('/')[1] ?? ''}`;
}

/**
 * The API's paths, known from its registered routes: a path is the API's when its first segment
 * is the first segment of a route ('/api', '/locations', '/get_location_image', '/healthz', …).
 * Every other path belongs to the web app (its client-side routes). Collected by an onRoute hook,
 * so a new route needs no list kept up to date by hand.
 */
export type ApiPaths = {
  has(pathname: string): boolean;
  /** Stops collecting: the routes registered after it are the web app's own files. */
  seal(): void;
};

/** Collects the API's paths from every route registered after this call: call it before any route. */
export function collectApiPaths(app: FastifyInstance): ApiPaths {
  const routeSegments = new Set<string>();
  let sealed = false;
  app.addHook('onRoute', (route) => {
    const segment = firstSegment(route.url);
    if (!sealed && segment !== '/') routeSegments.add(segment);
  });
  return {
    has: (pathname) => routeSegments.has(firstSegment(pathname)),
    seal: () => {
      sealed = true;
    },
  };
}

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
  /** The API's paths (collectApiPaths, called before the API's routes): never the page. */
  apiPaths: ApiPaths;
  /** The clinic's saved name ('' when none), put into the shell's header; the product's name without it. */
  clinicName?: () => Promise<string>;
};

type ServedPage = { html: string; tag: string };
/** index.html in each language the build wrote it in (English always; index.hi.html for Hindi). */
type PageSources = Partial<Record<ShellLanguage, string>> & { en: string };
type ServedPages = Map<`${ShellLanguage}:${ShellVariant}`, ServedPage>;

/** One page per language and shell (web-app-shell.ts), each with its own tag, for the clinic's name. */
function pagesFor(
  sources: PageSources,
  clinicName: string,
  preloads: Map<ShellVariant, string>,
): ServedPages {
  const pages: ServedPages = new Map();
  for (const [language, page] of Object.entries(sources) as [ShellLanguage, string][]) {
    const named = withClinicName(page, clinicName);
    for (const variant of SHELL_VARIANTS) {
      // The admin screens stay English (their page has no shell to translate).
      if (variant === 'admin' && language !== 'en') continue;
      const links = preloads.get(variant);
      const shell = pageWithShell(named, variant);
      const html = links ? shell.replace(/<\/head>/i, () => `${links}</head>`) : shell;
      const tag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
      pages.set(`${language}:${variant}`, { html, tag });
    }
  }
  return pages;
}

/**
 * The pages for the clinic's name as it is now: built again only when the name changes. When
 * the name cannot be read (the database is down) the last one known serves.
 */
function namedPages(
  sources: PageSources,
  clinicName: (() => Promise<string>) | undefined,
  preloads: Map<ShellVariant, string>,
) {
  let built = { name: '', pages: pagesFor(sources, '', preloads) };
  return async () => {
    if (!clinicName) return built.pages;
    const name = await clinicName().catch(() => built.name);
    if (name !== built.name) built = { name, pages: pagesFor(sources, name, preloads) };
    return built.pages;
  };
}

/** The built index.html, and its Hindi copy when the build wrote one (apps/web/shell-languages.ts). */
async function readPageSources(webDistDir: string, clinicTimeZone: string): Promise<PageSources> {
  const read = async (file: string) =>
    withClinicTimeZone(await readFile(path.join(webDistDir, file), 'utf8'), clinicTimeZone);
  const hindiFile = path.join(webDistDir, 'index.hi.html');
  return {
    en: await read('index.html'),
    ...(existsSync(hindiFile) ? { hi: await read('index.hi.html') } : {}),
  };
}

/**
 * Serves the built web app: its files, and its index.html (with the clinic's time zone put in)
 * for every other GET or HEAD outside the API, whatever the request's Accept says, so that
 * `curl /`, an uptime monitor and the client-side routes (/book, /admin/…, unknown paths, where
 * the web app shows its own "not found") all get the page. The API's unknown paths, missing
 * files (a path with an extension) and other methods get JSON errors (decision 019).
 */
export async function registerWebApp(
  app: FastifyInstance,
  { webDistDir, clinicTimeZone, apiPaths, clinicName }: WebAppOptions,
) {
  apiPaths.seal();
  const indexFile = webDistDir === undefined ? undefined : path.join(webDistDir, 'index.html');
  const hasWebApp = indexFile !== undefined && existsSync(indexFile);
  // Read once: a new build is served after a restart, as the fingerprinted assets are.
  const sources = hasWebApp && webDistDir ? await readPageSources(webDistDir, clinicTimeZone) : { en: '' };
  const preloads = hasWebApp && webDistDir ? lazyPagePreloads(webDistDir) : new Map<ShellVariant, string>();
  const currentPages = namedPages(sources, hasWebApp ? clinicName : undefined, preloads);
  if (hasWebApp) {
    // The web app's files are public: declared here, as fastify-static's routes cannot.
    await registerPluginRoutes(app, 'public', (scope) =>
      scope.register(fastifyStatic, {
        root: webDistDir,
        wildcard: false,
        index: false,
        // The build writes .br and .gz beside each text file (apps/web/precompress.ts, decision
        // 037): sent as they are to a browser that accepts them, the file itself to any other.
        preCompressed: true,
        // index.html goes out only with the time zone in it (the not-found handler below).
        // The build's manifest (.vite/) is read by the server, not served.
        allowedPath: (pathName) =>
          pathName !== '/index.html' && pathName !== '/index.hi.html' && !pathName.startsWith('/.vite/'),
        setHeaders(reply, filePath) {
          // Vite fingerprints everything under assets/, so those can be cached for good.
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      }),
    );
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathOnly = request.url.split('?')[0] ?? '/';
    const isPagePath =
      hasWebApp && (pathOnly === '/index.html' || (!apiPaths.has(pathOnly) && !path.extname(pathOnly)));
    if (isPagePath && (request.method === 'GET' || request.method === 'HEAD')) {
      // The first paint in the visitor's language (the `lang` cookie): one page per language,
      // so a cache keeps one per cookie (decision 054).
      const pages = await currentPages();
      const variant = shellVariantOf(pathOnly);
      const served =
        pages.get(`${shellLanguageOf(request.headers.cookie)}:${variant}`) ?? pages.get(`en:${variant}`)!;
      reply.header('cache-control', 'no-cache').header('etag', served.tag).header('vary', 'Cookie');
      if (request.headers['if-none-match'] === served.tag) return reply.status(304).send();
      // Kept in memory: compressed once per page and encoding.
      return sendKeptBody(request, reply.type('text/html; charset=utf-8'), served, served.html);
    }
    if (isPagePath) {
      return reply
        .status(405)
        .header('allow', 'GET, HEAD')
        .send({ detail: `Method not allowed: ${request.method} ${pathOnly} (a page of the web app)` });
    }
    return reply.status(404).send({ detail: `Not found: ${request.method} ${pathOnly}` });
  });
}
