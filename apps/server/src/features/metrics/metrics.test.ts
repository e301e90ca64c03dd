import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { loadJwtSecret } from '../../secrets.ts';
import { createServerWorker } from '../../server-worker.ts';
import { BOOKING_TEST_NOW, offlineBooking, onlineBooking } from '../../test/booking-fixtures.ts';
import { createTestApp, TEST_DATA_KEY, TEST_NOTES } from '../../test/test-app.ts';
import { backends, createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { createBookingReadsCache } from '../catalog/booking-reads-cache.ts';
import { loadDemoData } from '../demo-data/load-demo-data.ts';
import { type AppMetrics, createAppMetrics } from './app-metrics.ts';
import { METRICS_TOKEN_REQUIRED } from './metrics-routes.ts';

const TOKEN = 'a-metrics-token-for-the-tests-1234';
const MINUTE = 60_000;

type Sample = { name: string; labels: Record<string, string>; value: number };

/** The samples of a Prometheus text exposition (comments left out). */
function samples(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels = Object.fromEntries(
        [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((pair) => [pair[1]!, pair[2]!]),
      );
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

/** The value of the series `name` with exactly `labels`, 0 when it is not there. */
function seriesValue(text: string, name: string, labels: Record<string, string> = {}): number {
  const found = samples(text).find(
    (sample) =>
      sample.name === name &&
      Object.keys(sample.labels).length === Object.keys(labels).length &&
      Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  return found?.value ?? 0;
}

describe.each(backends)('GET /metrics on %s', (backend) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let metrics: AppMetrics;
  let clock = BOOKING_TEST_NOW;
  let worker: Awaited<ReturnType<typeof createServerWorker>>;
  let workerEnv: Record<string, string>;
  let workerDeps: Parameters<typeof createServerWorker>[0];

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    await loadDemoData(db, { now: BOOKING_TEST_NOW });
    const now = () => clock;
    metrics = createAppMetrics({ db, clinicTimeZone: 'Asia/Kolkata', now, processMetrics: true });
    const bookingReads = createBookingReadsCache();
    const testApp = await createTestApp(db, { env: { METRICS_TOKEN: TOKEN }, now, metrics, bookingReads });
    ({ app, close } = testApp);
    // The worker as main.ts builds it, recording into the same metrics; e-mails go to DATA_DIR/mail.
    workerEnv = { DATA_DIR: testApp.dataDir, DATA_KEY: TEST_DATA_KEY, LOG_LEVEL: 'silent' };
    const config = loadConfig(workerEnv);
    const jwtSecret = await loadJwtSecret(config.dataDir, undefined);
    const log = app.log;
    workerDeps = {
      config,
      db,
      jwtSecret,
      dataKey: TEST_DATA_KEY,
      notes: TEST_NOTES,
      bookingReads,
      log,
      metrics,
      now,
    };
    worker = await createServerWorker(workerDeps);
  });
  afterAll(async () => {
    worker.mailer.close();
    await close();
    await db.drop();
  });

  const scrape = async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.body;
  };

  it('answers 404 with a JSON detail while METRICS_TOKEN is unset', async () => {
    const plain = await createTestApp(db);
    const response = await plain.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not found: GET /metrics' });
    await plain.close();
  });

  it('answers 401 with a JSON detail without the token, or with another', async () => {
    for (const authorization of [
      undefined,
      'Bearer not-the-metrics-token-at-all',
      `Bearer ${TOKEN}x`,
      TOKEN,
    ]) {
      const response = await app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode, authorization).toBe(401);
      expect(response.json()).toEqual({ detail: METRICS_TOKEN_REQUIRED });
      expect(response.headers['www-authenticate']).toBe('Bearer');
    }
  });

  it('names every series, with the process metrics and the connections of the database', async () => {
    const text = await scrape();
    for (const name of [
      'http_requests_total',
      'http_request_duration_seconds',
      'therapy_jobs_due',
      'therapy_jobs_oldest_due_age_seconds',
      'therapy_jobs_retrying',
      'therapy_jobs_failed_last_24h',
      'therapy_jobs_run_total',
      'therapy_messages_sent_total',
      'therapy_messages_failed_total',
      'therapy_holds_expired_total',
      'therapy_holds_expired_today',
      'therapy_reminders_due_next_hour',
      'therapy_reminders_sent_total',
      'therapy_db_pool_max',
      'therapy_db_pool_total',
      'therapy_db_pool_idle',
      'therapy_db_pool_waiting',
      'therapy_database_up',
      'process_cpu_user_seconds_total',
      'nodejs_eventloop_lag_seconds',
    ]) {
      expect(text, name).toContain(`# TYPE ${name} `);
    }
    expect(seriesValue(text, 'therapy_database_up')).toBe(1);
    const max = seriesValue(text, 'therapy_db_pool_max', { backend });
    expect(max).toBe(backend === 'pglite' ? 1 : 40);
    expect(seriesValue(text, 'therapy_messages_failed_total', { channel: 'whatsapp' })).toBe(0);
  });

  it('counts requests by route, a queued job, a sent e-mail and an expired hold', async () => {
    const before = await scrape();
    const created = { method: 'POST', route: '/api/bookings', status_code: '201' };
    const inPerson = await app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: offlineBooking({ booking_date: '2026-11-24', client_email: 'meera.metrics@example.com' }),
    });
    expect(inPerson.statusCode, inPerson.body).toBe(201);
    const held = await app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: onlineBooking({ booking_date: '2026-11-25' }),
    });
    expect(held.statusCode, held.body).toBe(201);
    const id = held.json().booking_id as number;
    const confirmation = await app.inject({ method: 'GET', url: `/api/bookings/${id}/confirmation` });

    const queued = await scrape();
    expect(
      seriesValue(queued, 'http_requests_total', created) -
        seriesValue(before, 'http_requests_total', created),
    ).toBe(2);
    const confirmationRoute = {
      method: 'GET',
      route: '/api/bookings/:id/confirmation',
      status_code: String(confirmation.statusCode),
    };
    expect(seriesValue(queued, 'http_requests_total', confirmationRoute)).toBe(1);
    expect(seriesValue(queued, 'therapy_jobs_due', { kind: 'booking.confirmed' })).toBe(1);

    // The hold runs out; the worker ends it and sends the in-person booking's e-mails.
    clock = new Date(BOOKING_TEST_NOW.getTime() + 16 * MINUTE);
    await worker.worker.drain();
    const after = await scrape();
    const sent = (text: string) => seriesValue(text, 'therapy_messages_sent_total', { channel: 'email' });
    expect(sent(after) - sent(before)).toBe(2); // the client's confirmation and the therapist's notice
    expect(
      seriesValue(after, 'therapy_holds_expired_total') - seriesValue(before, 'therapy_holds_expired_total'),
    ).toBe(1);
    expect(seriesValue(after, 'therapy_holds_expired_today')).toBe(1);
    expect(seriesValue(after, 'therapy_jobs_due', { kind: 'booking.confirmed' })).toBe(0);
    expect(seriesValue(after, 'therapy_jobs_run_total', { kind: 'booking.confirmed', outcome: 'done' })).toBe(
      1,
    );
    expect(seriesValue(after, 'therapy_jobs_oldest_due_age_seconds', { channel: 'email' })).toBe(0);
  });

  it('counts the e-mails that fail, and the jobs that will be tried again', async () => {
    // A worker whose mail server refuses every connection.
    const refused = await createServerWorker({
      ...workerDeps,
      config: loadConfig({ ...workerEnv, SMTP_URL: 'smtp://127.0.0.1:1' }),
    });
    const before = await scrape();
    const booked = await app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: offlineBooking({ booking_date: '2026-11-24', booking_time_slot_start: '12:00' }),
    });
    expect(booked.statusCode, booked.body).toBe(201);
    await refused.worker.drain();
    refused.mailer.close();
    const after = await scrape();
    const failed = (text: string) => seriesValue(text, 'therapy_messages_failed_total', { channel: 'email' });
    expect(failed(after) - failed(before)).toBe(2);
    const sent = (text: string) => seriesValue(text, 'therapy_messages_sent_total', { channel: 'email' });
    expect(sent(after)).toBe(sent(before));
    expect(seriesValue(after, 'therapy_jobs_retrying')).toBe(2);
    const failedRuns = { kind: 'email.booking_confirmed', outcome: 'failed' };
    expect(seriesValue(after, 'therapy_jobs_run_total', failedRuns)).toBe(1);
  });

  it('puts no client data in any label, whatever the requests carried', async () => {
    const clients = Array.from({ length: 4 }, (_, n) => ({
      client_full_name: `Label Tester ${n}`,
      client_email: `label.tester.${n}@example.com`,
      client_mobile: `98765000${n}${n}`,
    }));
    const ids: number[] = [];
    for (const [n, client] of clients.entries()) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/bookings',
        payload: offlineBooking({
          ...client,
          booking_date: '2026-11-26',
          booking_time_slot_start: `1${n}:00`,
        }),
      });
      expect(response.statusCode, response.body).toBe(201);
      ids.push(response.json().booking_id);
      const query = `email=${encodeURIComponent(client.client_email)}&mobile=${client.client_mobile}`;
      await app.inject({ method: 'GET', url: `/api/bookings/${ids.at(-1)}/confirmation?${query}` });
      await app.inject({
        method: 'GET',
        url: `/no-such-page/${encodeURIComponent(client.client_full_name)}`,
      });
      await app.inject({ method: 'GET', url: `/api/no-such-call/${client.client_email}?${query}` });
    }
    await worker.worker.drain();

    const labelSets = samples(await scrape()).map((sample) => sample.labels);
    const labelValues = labelSets.flatMap((labels) => Object.values(labels));
    const routes = new Set(labelSets.map((labels) => labels.route).filter(Boolean));
    expect(routes).toContain('/api/bookings/:id/confirmation');
    expect(routes).toContain('unmatched');
    const personal = clients.flatMap((client) => Object.values(client));
    for (const value of labelValues) {
      for (const text of personal) expect(value, value).not.toContain(text);
      expect(value).not.toMatch(/@|%40|Tester/);
    }
    // Routes are templates: no booking's id in any of them.
    for (const route of routes) {
      for (const id of ids) expect(route!.split(/\D+/), route).not.toContain(String(id));
    }
  });
});
