import { createHash, timingSafeEqual } from 'node:crypto';
import { errorResponses } from '@therapy/shared/api-errors';
import { type SystemHealth, systemHealthSchema } from '@therapy/shared/system-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { sanitizeErrorForLog } from '../../http/log-redaction.ts';
import type { AppMetrics } from './app-metrics.ts';
import { readHealthFigures } from './health-figures.ts';

export type MetricsRouteDeps = {
  metrics: AppMetrics;
  /** METRICS_TOKEN; unset, /metrics answers 404. */
  token: string | undefined;
  db: Database;
  clinicTimeZone: string;
  now?: () => Date;
};

export const METRICS_TOKEN_REQUIRED = 'GET /metrics needs the METRICS_TOKEN as a bearer token.';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the Authorization header carries `token`: compared in constant time, whatever the lengths. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const sent = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(sent), digest(token)) && sent.length > 0;
}

/** What the System screen reads: the health figures and this instance's connections. */
async function systemHealth(deps: MetricsRouteDeps): Promise<SystemHealth> {
  const now = deps.now?.() ?? new Date();
  // Read before the figures' own queries take a connection.
  const pool = deps.db.poolUse();
  const figures = await readHealthFigures(deps.db, { now, clinicTimeZone: deps.clinicTimeZone });
  const backlog = (channel: keyof SystemHealth['outbox']) => ({
    due: figures.byChannel[channel].due,
    oldest_due_seconds: figures.byChannel[channel].oldestDueSeconds,
  });
  return {
    checked_at: now.toISOString(),
    outbox: { email: backlog('email'), whatsapp: backlog('whatsapp'), other: backlog('other') },
    outbox_capped: figures.dueCapped,
    jobs_retrying: figures.jobsRetrying,
    jobs_failed_last_24h: figures.jobsFailedLastDay,
    holds_expired_today: figures.holdsExpiredToday,
    reminders_due_next_hour: figures.remindersDueNextHour,
    database: {
      backend: deps.db.kind,
      in_use: pool.total - pool.idle,
      max: pool.max,
      waiting: pool.waiting,
    },
  };
}

/** GET /metrics for Prometheus (behind METRICS_TOKEN) and the superadmins' GET /api/admin/system. */
export const metricsRoutes: FastifyPluginAsyncZod<MetricsRouteDeps> = async (app, deps) => {
  app.get(
    '/metrics',
    {
      // Its own bearer token, not an administrator's: checked here.
      access: 'public',
      // Prometheus text, for the operator's scraper: described in docs/api.md, not the API's document.
      schema: { hide: true },
    },
    async (request, reply) => {
      if (!deps.token) throw notFound(`Not found: ${request.method} /metrics`);
      if (!bearerMatches(request.headers.authorization, deps.token)) {
        reply.header('www-authenticate', 'Bearer');
        throw new AppError(401, METRICS_TOKEN_REQUIRED);
      }
      const { text, databaseError } = await deps.metrics.scrape();
      if (databaseError) {
        request.log.warn({ err: sanitizeErrorForLog(databaseError) }, 'metrics: database figures not read');
      }
      return reply.header('cache-control', 'no-store').type(deps.metrics.contentType).send(text);
    },
  );

  app.get(
    '/api/admin/system',
    {
      access: 'superadmin',
      schema: {
        tags: ['admin'],
        summary:
          "The background work's health: the outbox's backlog by channel, failed jobs, holds expired today, reminders due, database connections",
        response: { 200: systemHealthSchema, ...errorResponses(401, 403) },
      },
    },
    () => systemHealth(deps),
  );
};
