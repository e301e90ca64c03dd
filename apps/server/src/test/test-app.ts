import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { LoginThrottle } from '../features/admin-auth/login-throttle.ts';
import { createNoteCipher } from '../features/bookings/note-cipher.ts';
import type { BookingReadsCache } from '../features/catalog/booking-reads-cache.ts';
import { loadDemoData } from '../features/demo-data/load-demo-data.ts';
import type { AppMetrics } from '../features/metrics/app-metrics.ts';
import type { LogStream } from '../http/logger.ts';
import { type Backend, createTestDatabase, type TestDatabase } from './test-database.ts';

/**
 * API tests make many bookings from one address (inject's 127.0.0.1): the public rate limits are
 * off unless a test's env sets them (features/rate-limits tests them).
 */
/** The DATA_KEY of every test app (unless a test gives its own), so kits' workers read the notes. */
export const TEST_DATA_KEY = 'test-data-key-of-at-least-thirty-two-characters';
/** The cipher of TEST_DATA_KEY, for the e-mail contexts of test workers. */
export const TEST_NOTES = createNoteCipher(TEST_DATA_KEY);

const NO_PUBLIC_RATE_LIMITS = {
  RATE_LIMIT_BOOKINGS: '0',
  RATE_LIMIT_PAYMENT_LINKS: '0',
  RATE_LIMIT_LOOKUPS: '0',
};

/** The whole HTTP application on a test database, driven with inject (no socket). */
export async function createTestApp(
  db: Database,
  options: {
    env?: Record<string, string>;
    now?: () => Date;
    providerTimeoutMs?: number;
    webDistDir?: string;
    /** Log lines go here (with env LOG_LEVEL set, as the default is silent). */
    logStream?: LogStream;
    /** The kept slot answers, to share with a job worker's sweep as main.ts does. */
    bookingReads?: BookingReadsCache;
    /** The metrics, to share with a job worker as main.ts does. */
    metrics?: AppMetrics;
    /** The sign-in throttle, when a test runs it on a clock of its own. */
    loginThrottle?: LoginThrottle;
  } = {},
): Promise<{ app: FastifyInstance; dataDir: string; close(): Promise<void> }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'therapy-test-'));
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    DATA_KEY: TEST_DATA_KEY,
    ...NO_PUBLIC_RATE_LIMITS,
    ...options.env,
  });
  const app = await buildApp({
    config,
    db,
    now: options.now,
    providerTimeoutMs: options.providerTimeoutMs,
    webDistDir: options.webDistDir,
    logStream: options.logStream,
    bookingReads: options.bookingReads,
    metrics: options.metrics,
    loginThrottle: options.loginThrottle,
  });
  await app.ready();
  return {
    app,
    dataDir,
    async close() {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A fresh database of its own on `backend` with the demo data, and the app on it; `close` ends
 * both. The setup most API test files share.
 */
export async function createDemoTestApp(
  backend: Backend,
  options: Parameters<typeof createTestApp>[1] = {},
): Promise<{ db: TestDatabase; app: FastifyInstance; dataDir: string; close(): Promise<void> }> {
  const db = await createTestDatabase(backend);
  await loadDemoData(db, { now: options.now?.() });
  const testApp = await createTestApp(db, options);
  return {
    db,
    app: testApp.app,
    dataDir: testApp.dataDir,
    async close() {
      await testApp.close();
      await db.drop();
    },
  };
}
