import type { FastifyInstance } from 'fastify';
import type { AppMetrics } from './app-metrics.ts';

/**
 * Counts and times every answer by its route's template (Fastify's routeOptions.url, such as
 * '/api/bookings/:id'), never the URL as sent: ids, e-mails and tokens in paths stay out of the
 * labels. Registered on the root instance before any route, so every route has it.
 */
export function registerHttpMetrics(app: FastifyInstance, metrics: Pick<AppMetrics, 'observeRequest'>) {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest({
      method: request.method,
      route: request.routeOptions.url,
      status: reply.statusCode,
      seconds: reply.elapsedTime / 1000,
    });
    done();
  });
}
