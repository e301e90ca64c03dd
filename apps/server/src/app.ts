import formBody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import type { Database } from './db/database.ts';
import { adminRoutes } from './features/admin/admin-routes.ts';
import { adminAuthRoutes } from './features/admin-auth/admin-auth-routes.ts';
import { setUpAdminAuth } from './features/admin-auth/admin-auth-setup.ts';
import { adminCliBridgeRoutes } from './features/admin-auth/admin-cli-bridge-routes.ts';
import { createAdminUsersService } from './features/admin-auth/admin-users-service.ts';
import type { LoginThrottle } from './features/admin-auth/login-throttle.ts';
import { registerPluginRoutes } from './features/admin-auth/route-access.ts';
import { auditClientDataViews } from './features/audit/client-data-views.ts';
import { bookingsRoutes } from './features/bookings/bookings-routes.ts';
import { createBookingsService } from './features/bookings/bookings-service.ts';
import { ensureConsentDocuments } from './features/bookings/consent-documents.ts';
import { deriveManageLinkKey } from './features/bookings/manage-token.ts';
import { createNoteCipher } from './features/bookings/note-cipher.ts';
import { type BookingReadsCache, createBookingReadsCache } from './features/catalog/booking-reads-cache.ts';
import { catalogRoutes } from './features/catalog/catalog-routes.ts';
import { createCatalogService } from './features/catalog/catalog-service.ts';
import { createCatalogueCache } from './features/catalog/catalogue-cache.ts';
import { createImageStore } from './features/catalog/image-store.ts';
import { catalogueAdminRoutes } from './features/catalogue-admin/catalogue-admin-routes.ts';
import { createCatalogueAdminService } from './features/catalogue-admin/catalogue-admin-service.ts';
import { photoRoutes } from './features/catalogue-admin/photo-routes.ts';
import { createPhotoService } from './features/catalogue-admin/photo-service.ts';
import { clinicRoutes } from './features/clinic/clinic-routes.ts';
import { createClinicService } from './features/clinic/clinic-service.ts';
import { healthRoutes } from './features/health/health-routes.ts';
import { createMeetingLinkProvider } from './features/meetings/meeting-provider.ts';
import { messageRoutes } from './features/messages/message-routes.ts';
import { adminPaymentLinkRoutes } from './features/payments/admin-payment-link-routes.ts';
import { adminRefundRoutes } from './features/payments/admin-refund-routes.ts';
import { createConfiguredPaymentProvider } from './features/payments/configured-provider.ts';
import { paymentsRoutes } from './features/payments/payments-routes.ts';
import { createPaymentsService } from './features/payments/payments-service.ts';
import { createRefundsService } from './features/payments/refunds-service.ts';
import { sandboxRoutes } from './features/payments/sandbox/sandbox-routes.ts';
import { webhookRoutes } from './features/payments/webhook-routes.ts';
import { privacyRoutes } from './features/privacy/privacy-routes.ts';
import { createPrivacyService } from './features/privacy/privacy-service.ts';
import type { PublicRateLimits } from './features/rate-limits/public-rate-limits.ts';
import { registerPublicRateLimits } from './features/rate-limits/register-rate-limits.ts';
import { connectSharedRedis } from './features/rate-limits/shared-redis.ts';
import { reportsRoutes } from './features/reports/reports-routes.ts';
import { scheduleRoutes } from './features/schedules/schedule-routes.ts';
import { manageRoutes } from './features/self-service/manage-routes.ts';
import { createManageService } from './features/self-service/manage-service.ts';
import { deriveWaitlistKey } from './features/waitlist/offer-token.ts';
import { waitlistRoutes } from './features/waitlist/waitlist-routes.ts';
import { createWaitlistService } from './features/waitlist/waitlist-service.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { frameworkErrors } from './http/framework-errors.ts';
import { type LogStream, loggerOptions } from './http/logger.ts';
import { registerSecurityHeaders, swaggerUiContentSecurityPolicy } from './http/security-headers.ts';
import { collectApiPaths, registerWebApp } from './http/web-app.ts';
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
};

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
}: AppDeps): Promise<FastifyInstance> {
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
  // Before any route: the API's paths, which never answer with the web app's page.
  const apiPaths = collectApiPaths(app);
  registerErrorHandler(app);
  // First: every answer (API, pages, errors, 404s) carries the security headers (CSP and kin).
  registerSecurityHeaders(app, { publicUrl: config.publicUrl });
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

  await app.register(formBody);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Therapy session booking API',
        description: 'Public catalogue and booking calls, and the administrators’ calls.',
        version: '0.1.0',
      },
      servers: [{ url: config.publicUrl }],
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

  // Every admin read of clients' data leaves an audit entry (issue 14).
  auditClientDataViews(app, db);
  const catalogueCache = createCatalogueCache(db);
  // Before the writer sees its answer: an admin's write may change the catalogue (this
  // instance's next read asks for the version at once, ADR 035), and any write, even a refused
  // one (a 409 means another instance booked), may change the slots (ADR 036).
  app.addHook('onSend', (request, reply, _payload, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      bookingReads.invalidate();
      if (request.url.startsWith('/api/admin/') && reply.statusCode < 400) catalogueCache.invalidate();
    }
    done();
  });
  const catalog = createCatalogService({
    db,
    clinicTimeZone: config.clinicTimeZone,
    now,
    cache: catalogueCache,
    bookingReads,
  });
  await app.register(healthRoutes, { db });
  const images = createImageStore(config.dataDir);
  await app.register(catalogRoutes, { catalog, images });
  await app.register(catalogueAdminRoutes, { catalogue: createCatalogueAdminService({ db }) });
  await app.register(photoRoutes, { photos: createPhotoService({ db, images }), images });
  await app.register(adminAuthRoutes, adminAuth);
  const clinic = createClinicService({ db });
  await app.register(clinicRoutes, {
    clinic,
    catalogueCache,
    whatsappEnabled: config.whatsapp !== undefined,
    cancellationNoticeHours: config.cancellationNoticeHours,
    retentionMonths: config.retentionMonths,
  });
  const notes = createNoteCipher(dataKey ?? (await loadDataKey(config.dataDir, config.dataKey)));
  await app.register(adminRoutes, { db, clinicTimeZone: config.clinicTimeZone, now, notes });
  await app.register(messageRoutes, { db });
  await app.register(privacyRoutes, {
    privacy: createPrivacyService({ db, notes, clinicTimeZone: config.clinicTimeZone, now }),
    retentionMonths: config.retentionMonths,
  });
  await app.register(reportsRoutes, { db, clinicTimeZone: config.clinicTimeZone, now });
  await app.register(scheduleRoutes, { db, clinicTimeZone: config.clinicTimeZone, now });

  // The clients' manage links: the admin token secret (as above) is the key's root (decision 032).
  const tokenSecret = jwtSecret ?? (await loadJwtSecret(config.dataDir, config.jwtSecret));
  const manageLinkKey = deriveManageLinkKey(tokenSecret);
  const manageLinks = { key: manageLinkKey, publicUrl: config.publicUrl };
  const consents = await ensureConsentDocuments(db);
  const bookings = createBookingsService({
    db,
    clinicTimeZone: config.clinicTimeZone,
    paymentHoldMinutes: config.paymentHoldMinutes,
    manageLinks,
    now,
    notes,
    consents,
  });
  await app.register(bookingsRoutes, { bookings, rateLimits });
  const waitlist = createWaitlistService({
    db,
    clinicTimeZone: config.clinicTimeZone,
    paymentHoldMinutes: config.paymentHoldMinutes,
    // The offer links' key, from the same root as the manage links' (decision 041).
    key: deriveWaitlistKey(tokenSecret),
    consents,
    now,
  });
  await app.register(waitlistRoutes, { waitlist, db, rateLimits, now });
  const manage = createManageService({
    db,
    manageLinkKey,
    clinicTimeZone: config.clinicTimeZone,
    cancellationNoticeHours: config.cancellationNoticeHours,
    now,
  });
  await app.register(manageRoutes, { manage, rateLimits });

  const { provider, sandbox, sandboxSecret } = await createConfiguredPaymentProvider(config, db, {
    now,
    timeoutMs: providerTimeoutMs,
  });
  const razorpay = config.razorpay;
  const payments = createPaymentsService({
    db,
    provider,
    meetings: await createMeetingLinkProvider(config),
    publicUrl: config.publicUrl,
    clinicTimeZone: config.clinicTimeZone,
    paymentHoldMinutes: config.paymentHoldMinutes,
    manageLinks,
    now,
  });
  await app.register(paymentsRoutes, { payments, rateLimits });
  await app.register(adminPaymentLinkRoutes, { db, payments });
  await app.register(adminRefundRoutes, { refunds: createRefundsService({ db, provider, now }) });
  if (config.paymentProvider === 'sandbox') {
    await app.register(sandboxRoutes, { sandbox, secret: sandboxSecret, rateLimits });
  } else {
    await app.register(webhookRoutes, { db, payments, webhookSecret: razorpay.webhookSecret! });
  }

  if (adminCliToken) {
    await app.register(adminCliBridgeRoutes, {
      token: adminCliToken,
      adminUsers: createAdminUsersService(db),
    });
  }

  await registerWebApp(app, {
    webDistDir,
    clinicTimeZone: config.clinicTimeZone,
    apiPaths,
    clinicName: async () => (await clinic.read()).name,
  });
  return app;
}
