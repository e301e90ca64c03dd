import { THERAPY_CONSENT_VERSION } from '@therapy/shared/consent-versions';
import { registerTherapistWorkRoutes } from './app-therapist-routes.ts';
import type { AppConfig } from './config.ts';
import { adminRoutes } from './features/admin/admin-routes.ts';
import { adminAuthRoutes } from './features/admin-auth/admin-auth-routes.ts';
import type { setUpAdminAuth } from './features/admin-auth/admin-auth-setup.ts';
import { auditClientDataViews } from './features/audit/client-data-views.ts';
import { bookingsRoutes } from './features/bookings/bookings-routes.ts';
import { createBookingsService } from './features/bookings/bookings-service.ts';
import type { ManageLinks } from './features/bookings/confirmed-manage-url.ts';
import { ensureConsentDocument, ensureConsentDocuments } from './features/bookings/consent-documents.ts';
import { deriveManageLinkKey } from './features/bookings/manage-token.ts';
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
import { createIntakeService } from './features/measures/intake-service.ts';
import {
  deriveMeasureLinkKey,
  type MeasureLinks,
  measureLinkFor,
} from './features/measures/measure-links.ts';
import { intakeRoutes } from './features/measures/measures-routes.ts';
import { configuredMeetingUrls, createMeetingLinkProvider } from './features/meetings/meeting-provider.ts';
import { withClientMeetingLink } from './features/meetings/meeting-urls.ts';
import { messageRoutes } from './features/messages/log/message-routes.ts';
import { overviewRoutes } from './features/overview/overview-routes.ts';
import { adminPaymentLinkRoutes } from './features/payments/admin-payment-link-routes.ts';
import { adminRefundRoutes } from './features/payments/admin-refund-routes.ts';
import { createConfiguredPaymentProvider } from './features/payments/configured-provider.ts';
import { paymentsRoutes } from './features/payments/payments-routes.ts';
import { createPaymentsService } from './features/payments/payments-service.ts';
import { createRefundsService } from './features/payments/refunds-service.ts';
import { sandboxRoutes } from './features/payments/sandbox/sandbox-routes.ts';
import { webhookRoutes } from './features/payments/webhook-routes.ts';
import { payoutsRoutes } from './features/payouts/payouts-routes.ts';
import { privacyRoutes } from './features/privacy/privacy-routes.ts';
import { createPrivacyService } from './features/privacy/privacy-service.ts';
import { receiptsRoutes } from './features/receipts/receipts-routes.ts';
import { reportsRoutes } from './features/reports/reports-routes.ts';
import { scheduleRoutes } from './features/schedules/schedule-routes.ts';
import { manageReceiptRoutes } from './features/self-service/manage-receipt-routes.ts';
import { manageRoutes } from './features/self-service/manage-routes.ts';
import { createManageService } from './features/self-service/manage-service.ts';
import {
  calendarFeedRoutes,
  therapistCalendarFeedRoutes,
} from './features/therapists/calendar-feed-routes.ts';
import { createCalendarFeedService } from './features/therapists/calendar-feed-service.ts';
import { deriveCalendarFeedKey } from './features/therapists/calendar-feed-token.ts';
import { deriveWaitlistKey } from './features/waitlist/offer-token.ts';
import { waitlistRoutes } from './features/waitlist/waitlist-routes.ts';
import { createWaitlistService } from './features/waitlist/waitlist-service.ts';
import type { RouteContext } from './route-context.ts';

export type { RouteContext } from './route-context.ts';

/*
 * The features' routes, in groups, as buildApp (app.ts) registers them after the framework's
 * parts (security headers, access declarations, rate limits) are in place.
 */

/** The catalogue, the clinic, and the admin's screens; answers the clinic service (the web app's name). */
export async function registerCatalogueAndAdminRoutes(
  { app, config, db, now, notes, bookingReads, measureLinks }: RouteContext,
  adminAuth: Awaited<ReturnType<typeof setUpAdminAuth>>,
) {
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
  await app.register(catalogueAdminRoutes, {
    catalogue: createCatalogueAdminService({ db, clinicTimeZone: config.clinicTimeZone, now }),
  });
  await app.register(photoRoutes, { photos: createPhotoService({ db, images }), images });
  await app.register(adminAuthRoutes, adminAuth);
  const clinic = createClinicService({ db });
  await app.register(clinicRoutes, {
    clinic,
    catalogueCache,
    whatsappEnabled: config.whatsapp !== undefined,
    cancellationNoticeHours: config.cancellationNoticeHours,
    retentionMonths: config.retentionMonths,
    seriesMaxSessions: config.series.maxSessions,
  });
  await app.register(adminRoutes, {
    db,
    clinicTimeZone: config.clinicTimeZone,
    now,
    notes,
    series: config.series,
  });
  await app.register(messageRoutes, { db });
  await app.register(privacyRoutes, {
    privacy: createPrivacyService({ db, notes, clinicTimeZone: config.clinicTimeZone, now }),
    retentionMonths: config.retentionMonths,
  });
  await app.register(reportsRoutes, { db, clinicTimeZone: config.clinicTimeZone, now });
  await app.register(receiptsRoutes, { db });
  await app.register(payoutsRoutes, { db, clinicTimeZone: config.clinicTimeZone, now });
  await app.register(overviewRoutes, {
    db,
    clinicTimeZone: config.clinicTimeZone,
    cancellationNoticeHours: config.cancellationNoticeHours,
  });
  await app.register(scheduleRoutes, { db, clinicTimeZone: config.clinicTimeZone, now });
  await registerTherapistWorkRoutes({ app, config, db, now, notes, measureLinks });

  return clinic;
}

/** The questionnaire links' key (from the same root as the manage links'), PUBLIC_URL and MEASURES_EVERY (decision 058). */
export const measureLinksOf = (config: AppConfig, tokenSecret: string): MeasureLinks => ({
  key: deriveMeasureLinkKey(tokenSecret),
  publicUrl: config.publicUrl,
  every: config.measuresEvery,
});

/** The client's questionnaire page's calls (decision 058). */
async function registerIntakeRoutes({
  app,
  db,
  notes,
  now,
  rateLimits,
}: Pick<RouteContext, 'app' | 'db' | 'notes' | 'now' | 'rateLimits'>) {
  const consentDocumentId = await ensureConsentDocument(db, THERAPY_CONSENT_VERSION);
  await app.register(intakeRoutes, {
    intake: createIntakeService({ db, notes, consentDocumentId, now }),
    rateLimits,
  });
}

/** The visitors' bookings, the waitlist and the manage links; answers the manage links' maker. */
export async function registerBookingRoutes(
  { app, config, db, now, notes, rateLimits, measureLinks }: RouteContext,
  tokenSecret: string,
): Promise<ManageLinks> {
  // The clients' manage links: the admin token secret is the key's root (decision 032). The status
  // page shows the questionnaire link beside it (decision 058).
  const manageLinkKey = deriveManageLinkKey(tokenSecret);
  const manageLinks: ManageLinks = {
    key: manageLinkKey,
    publicUrl: config.publicUrl,
    intakeUrl: async (q, bookingId) => (await measureLinkFor(q, measureLinks, bookingId))?.url ?? null,
  };
  const consents = await ensureConsentDocuments(db);
  const meetingUrls = configuredMeetingUrls(config);
  const bookings = createBookingsService({
    db,
    clinicTimeZone: config.clinicTimeZone,
    paymentHoldMinutes: config.paymentHoldMinutes,
    manageLinks,
    now,
    notes,
    consents,
    clientMeetingLink: (booking) => withClientMeetingLink(meetingUrls, booking),
    series: config.series,
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
    meetingUrls,
    measureLinks,
  });
  await app.register(manageRoutes, { manage, rateLimits });
  await app.register(manageReceiptRoutes, { manage, rateLimits });
  await registerIntakeRoutes({ app, db, notes, now, rateLimits });
  // The therapists' calendar feeds: the key from the same root as the manage links' (decision 053).
  const feeds = createCalendarFeedService({
    db,
    key: deriveCalendarFeedKey(tokenSecret),
    publicUrl: config.publicUrl,
    clinicTimeZone: config.clinicTimeZone,
    now,
  });
  await app.register(calendarFeedRoutes, { feeds, rateLimits });
  await app.register(therapistCalendarFeedRoutes, { feeds });

  return manageLinks;
}

/** Payment links, refunds and the provider's callbacks (the sandbox's page, or Razorpay's webhook). */
export async function registerPaymentRoutes(
  { app, config, db, now, rateLimits }: RouteContext,
  manageLinks: ManageLinks,
  providerTimeoutMs: number | undefined,
) {
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
    meetingUrls: configuredMeetingUrls(config),
    seriesPayAheadHours: config.series.payAheadHours,
  });
  await app.register(paymentsRoutes, { payments, rateLimits });
  await app.register(adminPaymentLinkRoutes, { db, payments });
  await app.register(adminRefundRoutes, {
    refunds: createRefundsService({ db, provider, clinicTimeZone: config.clinicTimeZone, now }),
  });
  if (config.paymentProvider === 'sandbox') {
    await app.register(sandboxRoutes, { sandbox, secret: sandboxSecret, rateLimits });
  } else {
    await app.register(webhookRoutes, { db, payments, webhookSecret: razorpay.webhookSecret! });
  }
}
