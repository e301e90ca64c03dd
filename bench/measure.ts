import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import type { Result } from 'autocannon';

/**
 * CPU time spent by the server's thread, in ms. Wall-clock figures (req/s, latency) swing
 * widely when other programs share the machine; the CPU time a request costs swings much less,
 * and with the embedded database it includes the SQL work too (PGlite runs on this thread).
 *
 * On Linux it is the main thread's own time (/proc/self/task/<pid>/stat, in 1/100 s), which
 * leaves out autocannon when it runs in a worker thread (catalogue reads; in the booking
 * scenario it shares the thread, about 1 per cent of the figure); elsewhere the whole process's.
 */
export function serverCpuMs(): number {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    // Fields after "(comm) ": state is field 3, utime 14 and stime 15 (in USER_HZ = 100 ticks/s).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    const usage = process.cpuUsage();
    return (usage.user + usage.system) / 1000;
  }
}

/** Runs `work` and returns its result with the server thread's CPU ms spent meanwhile. */
export async function withServerCpu<T>(work: () => PromiseLike<T>): Promise<{ result: T; cpuMs: number }> {
  const before = serverCpuMs();
  const result = await work();
  return { result, cpuMs: serverCpuMs() - before };
}

/**
 * Watches how much of the machine other programs take while the bench runs: the CPUs' busy time
 * (/proc/stat, steal included) minus this process's and its finished children's (the scenario
 * process, vite). Elsewhere than Linux, the 1-minute load average before the run stands in.
 */
export function watchMachine() {
  const count = cpus().length || 1;
  const loadBefore = loadavg()[0] ?? 0;
  const before = { machine: machineTicks(), own: ownTicks() };
  return {
    stop(): { cpus: number; othersShare: number | undefined; loadBefore: number } {
      const machine = machineTicks();
      const own = ownTicks();
      if (!machine || !before.machine || own === undefined || before.own === undefined) {
        return { cpus: count, othersShare: undefined, loadBefore };
      }
      const total = machine.total - before.machine.total;
      const othersBusy = machine.busy - before.machine.busy - (own - before.own);
      return {
        cpus: count,
        othersShare: total > 0 ? Math.max(0, othersBusy / total) : undefined,
        loadBefore,
      };
    },
  };
}

/** All CPUs' time since boot, in ticks: total and busy (neither idle nor waiting for I/O). */
function machineTicks(): { total: number; busy: number } | undefined {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
    // cpu user nice system idle iowait irq softirq steal (guest time is inside user)
    const ticks = line.trim().split(/\s+/).slice(1, 9).map(Number);
    const total = ticks.reduce((sum, value) => sum + value, 0);
    return { total, busy: total - ticks[3]! - ticks[4]! };
  } catch {
    return undefined;
  }
}

/** This process's CPU ticks plus those of its children that have ended (utime, stime, cutime, cstime). */
function ownTicks(): number | undefined {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields.slice(11, 15).reduce((sum, value) => sum + Number(value), 0);
  } catch {
    return undefined;
  }
}

/** Answers per second over the whole run (autocannon's own average is of whole-second samples). */
export function requestsPerSecond(result: Result): number {
  return Math.round(result.requests.total / result.duration);
}

export function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
