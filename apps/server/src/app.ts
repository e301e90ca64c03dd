import formBody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import {
  measureLinksOf,
  type RouteContext,
  registerBookingRoutes,
  registerCatalogueAndAdminRoutes,
  registerPaymentRoutes,
} from './app-routes.ts';
import { cliBridgeRoutes } from './cli/bridge-routes.ts';
import type { AppConfig } from './config.ts';
import type { Database } from './db/database.ts';
import { setUpAdminAuth } from './features/admin-auth/admin-auth-setup.ts';
import { createAdminUsersService } from './features/admin-auth/admin-users-service.ts';
import type { LoginThrottle } from './features/admin-auth/login-throttle.ts';
import { createNoteCipher } from './features/bookings/note-cipher.ts';
import { type BookingReadsCache, createBookingReadsCache } from './features/catalog/booking-reads-cache.ts';
import { type AppMetrics, createAppMetrics } from './features/metrics/app-metrics.ts';
import { registerHttpMetrics } from './features/metrics/http-metrics.ts';
import { metricsRoutes } from './features/metrics/metrics-routes.ts';
import { registerPublicRateLimits } from './features/rate-limits/register-rate-limits.ts';
import { connectSharedRedis } from './features/rate-limits/shared-redis.ts';
import { registerCompression } from './http/compression.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { frameworkErrors } from './http/framework-errors.ts';
import { type LogStream, loggerOptions } from './http/logger.ts';
import { registerPluginRoutes } from './http/route-access.ts';
import { registerSecurityHeaders, swaggerUiContentSecurityPolicy } from './http/security-headers.ts';
import { collectApiPaths, registerWebApp } from './http/web-app.ts';
import type { PublicRateLimits } from './public-rate-limits.ts';
import { loadDataKey, loadJwtSecret } from './secrets.ts';

export type AppDeps = {
  config: AppConfig;
  db: Database;
  /** The built web app to serve; left out in API-only tests. */
  webDistDir?: string;
  /** Set while this server owns the embedded database: lets the admin CLI go through it. */
  adminCliToken?: string;
  now?: () => Date;
  /** Admin token signing key; read from JWT_SECRET or DATA_DIR/secrets when absent. */
  jwtSecret?: string;
  /** Sign-in rate limits (tests); from REDIS_URL, or in memory, when absent. */
  loginThrottle?: LoginThrottle;
  /** Public calls' rate limits (tests pass small ones), over the configured ones (RATE_LIMIT_*). */
  publicRateLimits?: Partial<PublicRateLimits>;
  /** Prefix of the public rate limits' keys in Redis (tests keep their runs apart). */
  rateLimitKeyPrefix?: string;
  /** How long to wait for the payment provider (tests shorten it). */
  providerTimeoutMs?: number;
  /** Log lines go here instead of stdout (tests that read the log). */
  logStream?: LogStream;
  /** The key client notes are sealed with (decision 038); DATA_KEY or DATA_DIR/secrets when absent. */
  dataKey?: string;
  /** The kept slot answers, shared with the job worker, whose expired holds free slots (ADR 036). */
  bookingReads?: BookingReadsCache;
  /** The metrics, shared with the job worker, which records into them (decision 049); made when absent. */
  metrics?: AppMetrics;
};

/** The framework itself: logging, proxies, body limit, zod schemas for validation and answers. */
function createFastify(config: AppConfig, logStream: LogStream | undefined): FastifyInstance {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, logStream),
    // X-Forwarded-For is anyone's to write unless a proxy we trust sets it (rate limits use the address).
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    // Bad and over-long URLs are answered before any route: as JSON {"detail"} too.
    frameworkErrors,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  return app;
}

/**
 * The app's metrics (decision 049): the requests are counted and timed, and Node's own figures
 * kept, only while /metrics is served (METRICS_TOKEN set); the System screen needs neither.
 */
function setUpMetrics(app: FastifyInstance, deps: Pick<AppDeps, 'config' | 'db' | 'now' | 'metrics'>) {
  const { config, db, now } = deps;
  const metrics =
    deps.metrics ??
    createAppMetrics({
      db,
      clinicTimeZone: config.clinicTimeZone,
      now,
      processMetrics: config.metricsToken !== undefined,
    });
  if (config.metricsToken) registerHttpMetrics(app, metrics);
  return metrics;
}

/** The OpenAPI document and its page, /api/docs. */
async function registerApiDocs(app: FastifyInstance, publicUrl: string) {
  await app.register(formBody);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Therapy session booking API',
        description: 'Public catalogue and booking calls, and the administrators’ calls.',
        version: '0.1.0',
      },
      servers: [{ url: publicUrl }],
      // Admin calls send the token of POST /api/admin/login (security: [{ bearerAuth: [] }]).
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  // The documentation's own routes cannot declare their access: public, by this registration.
  await registerPluginRoutes(app, 'public', (scope) =>
    scope.register(swaggerUi, {
      routePrefix: '/api/docs',
      transformStaticCSP: swaggerUiContentSecurityPolicy,
    }),
  );
}

/** The operator's calls: /metrics and the System figures, and the admin command's bridge. */
async function registerOperationsRoutes(
  app: FastifyInstance,
  options: Pick<AppDeps, 'config' | 'db' | 'now' | 'adminCliToken'> & {
    metrics: AppMetrics;
    secrets: { dataKey: string; jwtSecret: string };
  },
) {
  const { config, db, now, metrics, adminCliToken, secrets } = options;
  const clinicTimeZone = config.clinicTimeZone;
  await app.register(metricsRoutes, { metrics, token: config.metricsToken, db, clinicTimeZone, now });
  if (adminCliToken) {
    await app.register(cliBridgeRoutes, {
      token: adminCliToken,
      adminUsers: createAdminUsersService(db),
      db,
      dataDir: config.dataDir,
      secrets,
      clinicTimeZone,
    });
  }
}

/** Builds the HTTP application from its parts. It does not listen: main.ts and tests do. */
export async function buildApp({
  config,
  db,
  webDistDir,
  adminCliToken,
  now,
  jwtSecret,
  loginThrottle,
  publicRateLimits,
  rateLimitKeyPrefix,
  providerTimeoutMs,
  logStream,
  bookingReads = createBookingReadsCache(),
  dataKey,
  metrics: givenMetrics,
}: AppDeps): Promise<FastifyInstance> {
  const app = createFastify(config, logStream);
  const metrics = setUpMetrics(app, { config, db, now, metrics: givenMetrics });
  // Before any route: the API's paths, which never answer with the web app's page.
  const apiPaths = collectApiPaths(app);
  registerErrorHandler(app);
  // First: every answer (API, pages, errors, 404s) carries the security headers (CSP and kin).
  registerSecurityHeaders(app, { publicUrl: config.publicUrl });
  registerCompression(app);
  // One Redis connection (REDIS_URL) for every rate limit of this instance, closed with the app.
  const redis = config.redisUrl ? await connectSharedRedis(app, config.redisUrl) : undefined;
  // Before any route: every route must declare its access; the guard checks it on each request.
  const adminAuth = await setUpAdminAuth(app, { config, db, jwtSecret, loginThrottle, redis, now });
  // Before any route too: limited routes name a bucket in config.rateLimit (no global limit).
  const rateLimits = await registerPublicRateLimits(app, {
    limits: { ...config.publicRateLimits, ...publicRateLimits },
    redis,
    keyPrefix: rateLimitKeyPrefix,
  });

  await registerApiDocs(app, config.publicUrl);
  const notesKey = dataKey ?? (await loadDataKey(config.dataDir, config.dataKey));
  const notes = createNoteCipher(notesKey);
  const tokenSecret = jwtSecret ?? (await loadJwtSecret(config.dataDir, config.jwtSecret));
  const measureLinks = measureLinksOf(config, tokenSecret);
  const context: RouteContext = { app, config, db, now, notes, rateLimits, bookingReads, measureLinks };
  const clinic = await registerCatalogueAndAdminRoutes(context, adminAuth);
  const manageLinks = await registerBookingRoutes(context, tokenSecret);
  await registerPaymentRoutes(context, manageLinks, providerTimeoutMs);
  await registerOperationsRoutes(app, {
    config,
    db,
    now,
    metrics,
    adminCliToken,
    secrets: { dataKey: notesKey, jwtSecret: tokenSecret },
  });

  await registerWebApp(app, {
    webDistDir,
    clinicTimeZone: config.clinicTimeZone,
    apiPaths,
    clinicName: async () => (await clinic.read()).name,
  });
  return app;
}
