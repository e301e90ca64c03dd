import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import type { Database } from '../../db/database.ts';
import type { JobOutcome } from '../jobs/job-worker.ts';
import type { DeliveryListener } from '../messages/log/message-log.ts';
import { defineScrapeGauges } from './scrape-gauges.ts';

/*
 * The server's metrics (decision 049), in a registry of this app's own (not prom-client's global
 * one: tests run several apps in one process). Counters are this instance's, since it started;
 * the gauges read at each scrape from the database are the same from every instance. No label
 * ever holds a client's data: methods, route templates, status codes, job kinds and channels.
 */

const HTTP_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** The route label of a request no route matched (a 404, or a page of the web app). */
export const UNMATCHED_ROUTE = 'unmatched';
const CHANNELS = ['email', 'whatsapp'] as const;

export type RequestObservation = {
  method: string;
  route: string | undefined;
  status: number;
  seconds: number;
};

export type AppMetricsOptions = {
  db: Database;
  clinicTimeZone: string;
  now?: () => Date;
  /** Node's own metrics (memory, CPU, event loop, GC): only when /metrics is served (METRICS_TOKEN). */
  processMetrics?: boolean;
};

/** The HTTP series: requests by method, route template and status, and their durations. */
function httpSeries(registers: Registry[]) {
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route template and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers,
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method, route template and status class',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  return ({ method, route, status, seconds }: RequestObservation) => {
    const known = HTTP_METHODS.has(method) ? method : 'OTHER';
    const template = route ?? UNMATCHED_ROUTE;
    requests.inc({ method: known, route: template, status_code: String(status) });
    durations.observe(
      { method: known, route: template, status_class: `${String(status).charAt(0)}xx` },
      seconds,
    );
  };
}

/** The counters other parts of the server record into, through the functions handed to them. */
function workSeries(registers: Registry[]) {
  const counter = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) =>
    new Counter<L>({ name, help, labelNames, registers });
  const sent = counter('therapy_messages_sent_total', 'Messages sent, by channel', ['channel']);
  const failed = counter('therapy_messages_failed_total', 'Messages that failed to send, by channel', [
    'channel',
  ]);
  const remindersSent = counter('therapy_reminders_sent_total', 'Reminders sent, by channel', ['channel']);
  const holdsExpired = counter('therapy_holds_expired_total', "Unpaid holds ended by this instance's sweep");
  const jobsRun = counter(
    'therapy_jobs_run_total',
    "Jobs run by this instance's worker, by kind and outcome",
    ['kind', 'outcome'],
  );
  // Present from the start (at 0), so a dashboard or alert finds every channel.
  for (const channel of CHANNELS) {
    for (const series of [sent, failed, remindersSent]) series.inc({ channel }, 0);
  }
  const onDelivery: DeliveryListener = ({ channel, kind }, outcome) => {
    (outcome === 'sent' ? sent : failed).inc({ channel });
    if (kind === 'reminder' && outcome === 'sent') remindersSent.inc({ channel });
  };
  return {
    onDelivery,
    onHoldsExpired: (count: number) => holdsExpired.inc(count),
    onJobRun: (kind: string, outcome: JobOutcome) => jobsRun.inc({ kind, outcome }),
  };
}

/** The app's metrics: the registry, what records into it, and the scrape that reads the rest. */
export function createAppMetrics({
  db,
  clinicTimeZone,
  now = () => new Date(),
  processMetrics = false,
}: AppMetricsOptions) {
  const registry = new Registry();
  const registers = [registry];
  if (processMetrics) collectDefaultMetrics({ register: registry });
  const observeRequest = httpSeries(registers);
  const recorders = workSeries(registers);
  const gauges = defineScrapeGauges(registers);

  return {
    ...recorders,
    observeRequest,
    contentType: registry.contentType,
    /**
     * The Prometheus text of every series, the database's figures read now; `databaseError` when
     * they could not be (the text says so: therapy_database_up 0).
     */
    async scrape(): Promise<{ text: string; databaseError: unknown }> {
      const databaseError = await gauges.refresh(db, { now: now(), clinicTimeZone });
      return { text: await registry.metrics(), databaseError };
    },
  };
}

export type AppMetrics = ReturnType<typeof createAppMetrics>;
