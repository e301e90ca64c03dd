import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { type AppConfig, ConfigError, loadConfig } from './config.ts';
import { claimDataDir } from './db/data-dir-lock.ts';
import { describeDatabaseError, isDatabaseUnavailable } from './db/database-errors.ts';
import { migrate } from './db/migrate.ts';
import { openDatabase } from './db/open-database.ts';
import { createAdminUsersService } from './features/admin-auth/admin-users-service.ts';
import { checkBackupDir } from './features/backup/nightly-backup.ts';
import { createNoteCipher, sealPlainNotes } from './features/bookings/note-cipher.ts';
import { createBookingReadsCache } from './features/catalog/booking-reads-cache.ts';
import { loadDemoData } from './features/demo-data/load-demo-data.ts';
import { createAppMetrics } from './features/metrics/app-metrics.ts';
import { sanitizeErrorForLog } from './http/log-redaction.ts';
import { defaultWebDistDir } from './http/web-app.ts';
import { nodeEndOfLifeLine } from './node-support.ts';
import { loadDataKey, loadJwtSecret } from './secrets.ts';
import { createServerWorker } from './server-worker.ts';

const SHUTDOWN_GRACE_MS = 10_000;

/** The database migrated, the secrets read, and what a first start sets up (demo data, first admin). */
async function prepareDatabase(config: AppConfig) {
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
  return { db, jwtSecret, dataKey, notes, sealed, demoLoaded, firstAdmin };
}

/** What the operator's console says once the server listens. */
function startLines(config: AppConfig, { port, dbKind, demoLoaded, firstAdmin }: StartFacts): string[] {
  const lines = [
    `Therapy booking is running at ${config.publicUrl === `http://localhost:${config.port}` ? `http://localhost:${port}` : config.publicUrl}`,
  ];
  lines.push(
    `Database: ${dbKind === 'pglite' ? `embedded (PGlite) in ${config.dataDir}` : 'PostgreSQL server'}`,
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
  return lines;
}

type StartFacts = {
  port: number;
  dbKind: string;
  demoLoaded: boolean;
  firstAdmin: Awaited<ReturnType<ReturnType<typeof createAdminUsersService>['ensureFirstSuperadmin']>>;
};

/** SIGTERM and SIGINT close the app (its hooks stop the worker), or exit after the grace. */
function stopOnSignals(app: FastifyInstance) {
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

async function start() {
  const endOfLife = nodeEndOfLifeLine();
  if (endOfLife) console.warn(endOfLife);
  const config = loadConfig();
  await checkBackupDir(config.backup.dir);

  const claim = config.databaseUrl ? undefined : await claimDataDir(config.dataDir, { kind: 'server' });
  if (claim && !claim.claimed) {
    throw new ConfigError(
      `Another process (${claim.owner.kind}, pid ${claim.owner.pid}) is using the embedded database in ${config.dataDir}; stop it or set another DATA_DIR.`,
    );
  }

  const { db, jwtSecret, dataKey, notes, sealed, demoLoaded, firstAdmin } = await prepareDatabase(config);

  const adminCliToken = claim ? randomBytes(32).toString('base64url') : undefined;
  const bookingReads = createBookingReadsCache();
  // One registry for the app and its worker: /metrics shows what the worker counted.
  const metrics = createAppMetrics({
    db,
    clinicTimeZone: config.clinicTimeZone,
    processMetrics: config.metricsToken !== undefined,
  });
  const app = await buildApp({
    config,
    db,
    bookingReads,
    metrics,
    webDistDir: config.webDistDir ?? defaultWebDistDir,
    adminCliToken,
    jwtSecret,
    dataKey,
  });
  if (sealed > 0) app.log.info(`sealed ${sealed} client notes written before encryption`);
  const { worker, mailer } = await createServerWorker({
    config,
    db,
    jwtSecret,
    dataKey,
    notes,
    bookingReads,
    log: app.log,
    metrics,
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

  const lines = startLines(config, { port, dbKind: db.kind, demoLoaded, firstAdmin });
  // The operator's console, not the structured log: the first password must never reach log storage.
  console.log(lines.join('\n'));

  stopOnSignals(app);
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
