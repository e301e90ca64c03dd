import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type AppDeps, buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { PublicRateLimits } from '../public-rate-limits.ts';
import { BOOKING_TEST_NOW } from './booking-fixtures.ts';

export const TEN_MINUTES = 10 * 60_000;
/** Small limits: 3 bookings, 2 payment link calls, 2 look-ups per address. */
export const SMALL_LIMITS: PublicRateLimits = {
  bookings: { max: 3, windowMs: TEN_MINUTES },
  paymentLinks: { max: 2, windowMs: TEN_MINUTES },
  lookups: { max: 2, windowMs: 60_000 },
};

/** The app as main.ts builds it, with the limits and Redis key prefix a test chooses. */
export async function startApp(
  db: Database,
  deps: Pick<AppDeps, 'publicRateLimits' | 'rateLimitKeyPrefix'>,
  env: Record<string, string> = {},
) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'therapy-rate-limits-'));
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...env });
  const app = await buildApp({ config, db, now: () => BOOKING_TEST_NOW, ...deps });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export function post(app: FastifyInstance, url: string, payload: object, remoteAddress: string) {
  return app.inject({ method: 'POST', url, payload, remoteAddress });
}
