import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Browsers may use none of these features on any page of ours: video sessions happen on
 * Jitsi or Google Meet in a tab of their own (a link, never embedded), and nothing asks for a
 * location or takes payments in the page (Razorpay is a redirect). The clipboard stays allowed
 * (the admin screens' Copy Link).
 */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';

/** Answers that carry personal data or a session's results: never kept by any cache. */
const NO_STORE_PREFIX = '/api/';
/** …except the OpenAPI description and Swagger UI's files, which are the same for everyone. */
const CACHEABLE_API_PREFIX = '/api/docs';

/**
 * The Content-Security-Policy of every answer. The web app is Vite's build: scripts, styles and
 * images all come from this origin (React's `style` props set CSSOM properties, which a CSP
 * does not govern), images are same-origin PNGs plus data: URLs (Swagger UI's CSS icons), fonts
 * are the system's. The sandbox payment page posts its form here and is redirected to
 * PUBLIC_URL/payment-status, which Chromium checks against form-action too: PUBLIC_URL's origin
 * is allowed as well, for a visitor who reached the server by another name (127.0.0.1 for
 * localhost). Swagger UI (/api/docs) loads its files and the OpenAPI document from here too
 * (and has one inline style of its own: swaggerUiContentSecurityPolicy).
 */
export function contentSecurityPolicyDirectives(publicUrl: string): Record<string, string[]> {
  const publicOrigin = new URL(publicUrl).origin;
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'", publicOrigin],
    'frame-ancestors': ["'none'"],
    // Only where the site is https: on plain http (localhost) it would ask for what is not there.
    ...(publicOrigin.startsWith('https:') ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * Swagger UI (/api/docs) draws its logo as an inline SVG with one <style> element in it (the
 * topbar of swagger-ui 5's standalone preset, as @fastify/swagger-ui 6 ships it). The docs' own
 * answers allow that stylesheet by its hash, and nothing else inline (the browser test
 * e2e/content-security-policy.test.ts notices when an upgrade of Swagger UI changes it).
 */
const SWAGGER_UI_LOGO_STYLE = '.logo_small_svg__cls-2{fill:#fff}.logo_small_svg__cls-3{fill:#85ea2d}';
const SWAGGER_UI_LOGO_STYLE_HASH = `'sha256-${createHash('sha256').update(SWAGGER_UI_LOGO_STYLE).digest('base64')}'`;

/** @fastify/swagger-ui's `transformStaticCSP`: the policy of every answer, plus the logo's style. */
export function swaggerUiContentSecurityPolicy(header: string): string {
  return header.replace(/(^|;)style-src ([^;]*)/, `$1style-src $2 ${SWAGGER_UI_LOGO_STYLE_HASH}`);
}

/**
 * Security headers on every answer (pages, API, errors and 404s): a strict CSP, no referrer
 * (the status page's address carries a token or payment ids), no framing, no sniffing, a
 * browsing context and resources of our own, HSTS when PUBLIC_URL is https, and `no-store` on
 * the API's answers. Register it before any route, so that every route and the not-found
 * handler get it (decision 011).
 */
export function registerSecurityHeaders(app: FastifyInstance, { publicUrl }: { publicUrl: string }) {
  const headers = securityHeaders(publicUrl);
  // Callback hooks: an async hook costs a promise per request on every answer (ADR 036).
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  app.addHook('onSend', (request, reply, _payload, done) => {
    // The first nine characters decide both prefixes (a query string cannot start earlier).
    const start = request.url.slice(0, CACHEABLE_API_PREFIX.length).toLowerCase();
    if (
      start.startsWith(NO_STORE_PREFIX) &&
      !start.startsWith(CACHEABLE_API_PREFIX) &&
      !reply.hasHeader('cache-control')
    ) {
      reply.header('cache-control', 'no-store');
    }
    done();
  });
}

/**
 * The headers helmet sets, worked out once: they depend on PUBLIC_URL only, and running helmet's
 * middleware on each request cost more than the rest of a cached catalogue read's headers.
 */
export function securityHeaders(publicUrl: string): Record<string, string> {
  const https = new URL(publicUrl).protocol === 'https:';
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicyDirectives(publicUrl) },
    // A year, for this host only: the clinic's other subdomains are not ours to vouch for.
    strictTransportSecurity: https ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: false } : false,
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // Would demand CORP/CORS of everything the pages load; nothing here needs cross-origin isolation.
    crossOriginEmbedderPolicy: false,
  });
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  // helmet's middleware is synchronous: it has called back before this line returns.
  setSecurityHeaders({} as never, recorder as never, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  headers['permissions-policy'] = PERMISSIONS_POLICY;
  return headers;
}
