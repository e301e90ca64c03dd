import { readFileSync } from 'node:fs';
import type { Report } from './report.ts';
import { targets } from './targets.ts';

const MB = 1024 * 1024;

/**
 * Scenario 3: the server process's memory. The server runs in this process (the scenario
 * process run.ts starts, holding nothing else but the load generator), so process.memoryUsage()
 * is its memory plus autocannon's few MB. Sampled during the load for the peaks, and read once
 * more after the load and a full garbage collection for what stays.
 */
export function startMemorySampler(intervalMs = 50) {
  const atStart = process.memoryUsage();
  let peakHeapUsed = 0;
  let peakRss = 0;
  const sample = () => {
    const usage = process.memoryUsage();
    peakHeapUsed = Math.max(peakHeapUsed, usage.heapUsed);
    peakRss = Math.max(peakRss, usage.rss);
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  timer.unref();
  return {
    stop(report: Report, group: string, backend: 'pglite' | 'postgres') {
      clearInterval(timer);
      sample();
      // `npm run bench` runs node with --expose-gc; without it the figure includes garbage.
      const gc = (globalThis as { gc?: () => void }).gc;
      gc?.();
      const after = process.memoryUsage();
      const round = (bytes: number) => Math.round((bytes / MB) * 10) / 10;
      report.info(
        group,
        'heap used / RSS after start, before load',
        [round(atStart.heapUsed), round(atStart.rss)],
        'MB',
      );
      report.info(group, 'heap used, peak during load', round(peakHeapUsed), 'MB');
      report.check(
        group,
        `heap used after load${gc ? ' and a full GC' : ' (no --expose-gc: includes garbage)'}`,
        round(after.heapUsed),
        targets.memory.heapUsedAfterLoadMb,
      );
      report.check(group, 'RSS, peak during load', round(peakRss), targets.memory.peakRssMb);
      // The whole start too (opening or creating the database, migrations, demo data), which
      // sampling during the load missed: the kernel's high-water mark of this process.
      const highWater = peakRssSinceStartMb();
      if (highWater !== undefined) {
        report.check(
          group,
          'RSS, peak since the process started (start and load)',
          highWater,
          backend === 'pglite'
            ? targets.memory.peakRssWholeRunEmbeddedMb
            : targets.memory.peakRssWholeRunPostgresMb,
        );
      }
      report.info(group, 'RSS after load', round(after.rss), 'MB');
      report.info(group, 'external (incl. array buffers) after load', round(after.external), 'MB');
    },
  };
}

/** VmHWM of /proc/self/status in MB (Linux); undefined elsewhere. */
function peakRssSinceStartMb(): number | undefined {
  try {
    const kb = Number(readFileSync('/proc/self/status', 'utf8').match(/VmHWM:\s+(\d+)/)?.[1]);
    return Number.isFinite(kb) && kb > 0 ? Math.round(kb / 102.4) / 10 : undefined;
  } catch {
    return undefined;
  }
}
