import { randomBytes } from 'node:crypto';
import { buildApp } from './app.ts';
import { BOOKING_SUBSCRIBERS } from './booking-subscribers.ts';
import { ConfigError, loadConfig } from './config.ts';
import { claimDataDir } from './db/data-dir-lock.ts';
import { describeDatabaseError, isDatabaseUnavailable } from './db/database-errors.ts';
import { migrate } from './db/migrate.ts';
import { openDatabase } from './db/open-database.ts';
import { createAdminUsersService } from './features/admin-auth/admin-users-service.ts';
import { type BookingEventHandlers, createBookingEventHandlers } from './features/bookings/booking-events.ts';
import { unpaidHoldsSweep } from './features/bookings/expire-holds.ts';
import { deriveManageLinkKey } from './features/bookings/manage-token.ts';
import { createNoteCipher, sealPlainNotes } from './features/bookings/note-cipher.ts';
import { createBookingReadsCache } from './features/catalog/booking-reads-cache.ts';
import { loadDemoData } from './features/demo-data/load-demo-data.ts';
import type { JobHandlers } from './features/jobs/job-kinds.ts';
import { createJobWorker } from './features/jobs/job-worker.ts';
import { createMeetingJobHandlers } from './features/meetings/meeting-jobs.ts';
import { createMeetingLinkProvider } from './features/meetings/meeting-provider.ts';
import { createMailer } from './features/messages/email/mailer.ts';
import { createNotificationHandlers } from './features/messages/email/notification-handlers.ts';
import { createReminderPlanHandlers } from './features/messages/reminders/reminder-jobs.ts';
import { createWhatsAppHandlers } from './features/messages/whatsapp/whatsapp-handlers.ts';
import { createConfiguredPaymentProvider } from './features/payments/configured-provider.ts';
import { createRefundsService } from './features/payments/refunds-service.ts';
import { retentionSweep } from './features/privacy/retention.ts';
import { createSelfServiceJobHandlers } from './features/self-service/self-service-jobs.ts';
import { deriveWaitlistKey } from './features/waitlist/offer-token.ts';
import { createWaitlistJobHandlers } from './features/waitlist/waitlist-jobs.ts';
import { waitlistSweep } from './features/waitlist/waitlist-sweep.ts';
import { sanitizeErrorForLog } from './http/log-redaction.ts';
import { defaultWebDistDir } from './http/web-app.ts';
import { loadDataKey, loadJwtSecret } from './secrets.ts';

const SHUTDOWN_GRACE_MS = 10_000;

async function start() {
  const config = loadConfig();

  const claim = config.databaseUrl ? undefined : await claimDataDir(config.dataDir, { kind: 'server' });
  if (claim && !claim.claimed) {
    throw new ConfigError(
      `Another process (${claim.owner.kind}, pid ${claim.owner.pid}) is using the embedded database in ${config.dataDir}; stop it or set another DATA_DIR.`,
    );
  }

  const db = await openDatabase(config);
  await migrate(db);
  const jwtSecret = await loadJwtSecret(config.dataDir, config.jwtSecret);
  const dataKey = await loadDataKey(config.dataDir, config.dataKey);
  const notes = createNoteCipher(dataKey);
  // Notes written before they were encrypted (decision 038), sealed once, a batch at a time.
  const sealed = await sealPlainNotes(db, notes);
  const demoLoaded = config.demoData
    ? await loadDemoData(db, { clinicTimeZone: config.clinicTimeZone })
    : false;
  const firstAdmin = await createAdminUsersService(db, 'system').ensureFirstSuperadmin({
    email: config.adminEmail,
    password: config.adminPassword,
  });

  const adminCliToken = claim ? randomBytes(32).toString('base64url') : undefined;
  const bookingReads = createBookingReadsCache();
  const app = await buildApp({
    config,
    db,
    bookingReads,
    webDistDir: config.webDistDir ?? defaultWebDistDir,
    adminCliToken,
    jwtSecret,
    dataKey,
  });
  if (sealed > 0) app.log.info(`sealed ${sealed} client notes written before encryption`);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir });
  // Every job kind has its handler (a missing one is a type error), in groups by feature.
  const emailContext = {
    timeZone: config.clinicTimeZone,
    from: config.mailFrom,
    publicUrl: config.publicUrl,
    productName: 'Therapy & Counselling',
    manageLinkKey: deriveManageLinkKey(jwtSecret),
    cancellationNoticeHours: config.cancellationNoticeHours,
    notes,
  };
  const { provider } = await createConfiguredPaymentProvider(config, db);
  const waitlistKey = deriveWaitlistKey(jwtSecret);
  const handlers: JobHandlers & BookingEventHandlers = {
    ...createBookingEventHandlers(db, BOOKING_SUBSCRIBERS),
    ...createNotificationHandlers(db, mailer, emailContext),
    ...createSelfServiceJobHandlers(db, mailer, emailContext, createRefundsService({ db, provider })),
    ...createReminderPlanHandlers(db, {
      reminderOffsets: config.reminderOffsets,
      timeZone: config.clinicTimeZone,
      whatsappEnabled: config.whatsapp !== undefined,
    }),
    ...createWhatsAppHandlers(db, { whatsapp: config.whatsapp, context: emailContext }),
    ...createMeetingJobHandlers(db, await createMeetingLinkProvider(config)),
    ...createWaitlistJobHandlers(db, mailer, {
      timeZone: config.clinicTimeZone,
      publicUrl: config.publicUrl,
      productName: emailContext.productName,
      offerMinutes: config.waitlistOfferMinutes,
      key: waitlistKey,
      whatsapp: config.whatsapp,
    }),
  };
  const worker = createJobWorker({
    db,
    log: app.log,
    handlers,
    sweeps: [
      unpaidHoldsSweep(db, { onExpired: bookingReads.invalidate }),
      // After the holds' sweep: a hold that lapsed this pass is offered to the next person waiting.
      waitlistSweep(db, {
        clinicTimeZone: config.clinicTimeZone,
        offerMinutes: config.waitlistOfferMinutes,
        key: waitlistKey,
        onOffered: bookingReads.invalidate,
      }),
      retentionSweep(db, { months: config.retentionMonths, clinicTimeZone: config.clinicTimeZone }),
    ],
  });
  app.addHook('onClose', async () => {
    await worker.stop();
    mailer.close();
    await db.close();
    await claim?.release();
  });

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const localUrl = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  const reachableUrl =
    config.host === '0.0.0.0' || config.host === '::' ? `http://127.0.0.1:${port}` : localUrl;
  if (claim?.claimed) await claim.update({ url: reachableUrl, token: adminCliToken });
  worker.start();

  const lines = [
    `Therapy booking is running at ${config.publicUrl === `http://localhost:${config.port}` ? `http://localhost:${port}` : config.publicUrl}`,
  ];
  lines.push(
    `Database: ${db.kind === 'pglite' ? `embedded (PGlite) in ${config.dataDir}` : 'PostgreSQL server'}`,
  );
  if (demoLoaded) lines.push('Demo data loaded: 2 locations, 8 services, 8 therapists.');
  if (firstAdmin) {
    lines.push(
      firstAdmin.password
        ? `Superadmin created: ${firstAdmin.email} / ${firstAdmin.password} (shown once; change it with npm run admin -- reset-password)`
        : `Superadmin created: ${firstAdmin.email} (password from ADMIN_PASSWORD)`,
    );
    lines.push(`Admin sign-in: ${config.publicUrl}/admin/login`);
  }
  // The operator's console, not the structured log: the first password must never reach log storage.
  console.log(lines.join('\n'));

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS);
    force.unref();
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

start().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else if (isDatabaseUnavailable(error)) {
    // No waiting loop: a process manager restarts the server, and a wrong DATABASE_URL shows at once.
    const reason = describeDatabaseError(error).message;
    console.error(
      `The database of DATABASE_URL cannot be reached (${reason}); start PostgreSQL or correct DATABASE_URL, then start again.`,
    );
  } else {
    // A failed query's error carries its parameters (the first superadmin's e-mail, say).
    console.error('The server could not start:', sanitizeErrorForLog(error));
  }
  process.exit(1);
});
