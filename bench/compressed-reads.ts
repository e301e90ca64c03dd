import { request } from 'node:http';
import autocannon from 'autocannon';
import { CATALOGUE_SETTINGS } from './catalogue.ts';
import { requestsPerSecond, round2, withServerCpu } from './measure.ts';
import type { Report } from './report.ts';
import { targets } from './targets.ts';

/**
 * Issue 30 (decision 054): the largest public reads as a browser asks for them
 * (`Accept-Encoding: br, gzip`) against a client that accepts nothing: the bytes an answer
 * weighs on the wire, the server's CPU per request and req/s, in the same run. The kept answers
 * are compressed once (not per request), so the compressed reads cost what the plain ones do.
 */
const PATHS = ['/therapists', '/booked-slots?therapist_id=1', '/api/open-slots?therapist_id=1'];
const BROWSER = { 'accept-encoding': 'br, gzip' };

/** The answer's bytes as sent (compressed or not) and its encoding. */
function wireBytes(url: string, headers: Record<string, string>) {
  return new Promise<{ bytes: number; encoding: string }>((resolve, reject) => {
    request(url, { headers }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      response.on('end', () => resolve({ bytes, encoding: response.headers['content-encoding'] ?? 'none' }));
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

async function load(url: string, headers: Record<string, string>) {
  const { connections, workers, seconds } = CATALOGUE_SETTINGS;
  const { result, cpuMs } = await withServerCpu(() =>
    autocannon({ url, connections, workers, duration: seconds, headers }),
  );
  return { perSecond: requestsPerSecond(result), cpuMs: cpuMs / result.requests.total, result };
}

export async function benchCompressedReads(baseUrl: string, report: Report, group: string, ceiling?: number) {
  let failures = 0;
  for (const path of PATHS) {
    const url = `${baseUrl}${path}`;
    const plain = await wireBytes(url, {});
    const compressed = await wireBytes(url, BROWSER);
    report.info(
      group,
      `GET ${path}: bytes plain → ${compressed.encoding}`,
      [plain.bytes, compressed.bytes],
      'B',
    );
    report.check(
      group,
      '  compressed ÷ plain bytes',
      round2(compressed.bytes / plain.bytes),
      targets.compression.bytesRatio,
    );
    const before = await load(url, {});
    const after = await load(url, BROWSER);
    failures += [before, after].reduce((sum, run) => sum + run.result.non2xx + run.result.errors, 0);
    report.info(group, '  req/s plain → compressed', [before.perSecond, after.perSecond], 'req/s');
    report.info(group, '  server CPU per request plain', round2(before.cpuMs), 'ms');
    report.check(
      group,
      '  server CPU per request compressed',
      round2(after.cpuMs),
      targets.catalogue.cpuMsPerRequest,
    );
    if (ceiling) {
      report.check(
        group,
        "  compressed req/s ÷ a bare Fastify route's",
        round2(after.perSecond / ceiling),
        targets.catalogue.shareOfBareRouteBookingReads,
      );
    }
  }
  report.check(group, 'non-2xx answers or errors', failures, targets.catalogue.failures);
}
