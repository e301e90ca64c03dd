import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import { sanitizeErrorForLog } from '../../http/log-redaction.ts';
import type { JobRow } from './job-kinds.ts';
import { claimDueJobs, completeJob, deferJob, failJob, JOB_LEASE_SECONDS, releaseJobs } from './jobs-repo.ts';
import { createPassBackoff } from './pass-backoff.ts';
import { runBounded } from './run-bounded.ts';

/**
 * Handlers by kind, each with its payload type. server-worker.ts passes JobHandlers (every kind of
 * job-kinds.ts, each typed); the worker itself knows no kinds, so its own tests use theirs.
 */
export type JobHandlersFor<Payloads> = {
  [K in keyof Payloads]: (payload: Payloads[K], job: JobRow) => Promise<void>;
};

/**
 * Work the worker does at the start of every pass, besides the jobs (the booking module's expiry
 * of unpaid holds). Answers how many rows it changed, for the log.
 */
export type JobSweep = { name: string; run: (now: Date) => Promise<number> };

/** How one run of a job ended: done, put off, failed (to be tried again), or failed for good. */
export type JobOutcome = 'done' | 'deferred' | 'failed' | 'gave_up';

export type JobWorkerOptions<Payloads> = {
  db: Database;
  handlers: JobHandlersFor<Payloads>;
  sweeps?: readonly JobSweep[];
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'> & Partial<Pick<FastifyBaseLogger, 'debug'>>;
  now?: () => Date;
  pollMs?: number;
  /** Jobs taken by one pass. */
  batchSize?: number;
  /** Jobs of a pass run at once (e-mails sent in parallel over the mailer's pooled connections). */
  concurrency?: number;
  leaseSeconds?: number;
  /**
   * Kinds whose handlers write jobs due at once (the booking events, whose reactions queue the
   * e-mails): a pass that ran one is followed by another at once, not after pollMs.
   */
  chainedKinds?: readonly string[];
  /** Told how each job's run ended (the metrics count them). */
  onJobRun?: (kind: string, outcome: JobOutcome) => void;
};

/**
 * Thrown by a handler to run its job again at `until`, not as a failure: no error is logged or
 * recorded and the attempt is not counted.
 */
export class JobDeferral extends Error {
  readonly until: Date;

  constructor(until: Date) {
    super(`deferred until ${until.toISOString()}`);
    this.until = until;
  }
}

/** Passes run back to back while each finds a full batch (a burst), before the worker rests pollMs. */
const MAX_PASSES_PER_WAKE = 50;

/** Retry delay after the n-th failed attempt: 30 s, 1 min, 2 min, … at most an hour. */
export function retryDelaySeconds(attempt: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempt - 1), 3600);
}

/**
 * Runs the outbox: due jobs (e-mails) with retries and backoff, and the sweeps it is given (the
 * one that ends unpaid holds). Everything it needs is in the database, so it picks up after a
 * restart, and several instances can run it side by side.
 */
export function createJobWorker<Payloads extends object>({
  db,
  handlers,
  sweeps = [],
  log,
  now = () => new Date(),
  pollMs = 2000,
  batchSize = 32,
  concurrency = 8,
  leaseSeconds = JOB_LEASE_SECONDS,
  chainedKinds = [],
  onJobRun,
}: JobWorkerOptions<Payloads>) {
  // Payloads come back from the table as JSON, written by enqueueJob with the kind's type.
  const handlerOf = (kind: string) =>
    (handlers as Record<string, ((payload: unknown, job: JobRow) => Promise<void>) | undefined>)[kind];
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  /** Whether the last pass ran a job of chainedKinds. */
  let chained = false;

  async function runJob(job: JobRow) {
    const handler = handlerOf(job.kind);
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await handler(job.payload, job);
      await completeJob(db, job.id);
      onJobRun?.(job.kind, 'done');
      if (chainedKinds.includes(job.kind)) chained = true;
    } catch (error) {
      if (error instanceof JobDeferral) {
        await deferJob(db, job.id, error.until);
        onJobRun?.(job.kind, 'deferred');
        return;
      }
      const message = error instanceof Error ? error.message : String(error);
      const last = job.attempts >= job.max_attempts;
      (last ? log.error : log.warn).call(
        log,
        { jobId: job.id, kind: job.kind, attempt: job.attempts, err: sanitizeErrorForLog(error) },
        'job failed',
      );
      await failJob(db, job.id, message, retryDelaySeconds(job.attempts));
      onJobRun?.(job.kind, last ? 'gave_up' : 'failed');
    }
  }

  /** One instant per pass, the same for every sweep. */
  async function runSweeps() {
    const at = now();
    for (const sweep of sweeps) {
      const count = await sweep.run(at);
      if (count > 0) log.info({ count }, sweep.name);
    }
  }

  /** One pass: the sweeps, then the due jobs, `concurrency` at once. Returns how many ran. */
  async function runOnce(): Promise<number> {
    await runSweeps();
    chained = false;
    // A job started after half its lease could outlive it, and another instance would then take
    // and send it again; and a stopping server should not start more. Such jobs go back to the
    // table, for the next pass or another instance.
    const startBy = performance.now() + (leaseSeconds * 1000) / 2;
    const canStart = () => !stopped && performance.now() <= startBy;
    const jobs = await claimDueJobs(db, batchSize, leaseSeconds);
    // At LOG_LEVEL=debug, a sign the outbox has caught up: nothing was due when this pass looked.
    if (jobs.length === 0) log.debug?.('no job due');
    const { notStarted, error } = await runBounded(jobs, { concurrency, canStart }, runJob);
    const unstarted = notStarted.map((job) => job.id);
    if (unstarted.length > 0) await releaseJobs(db, unstarted);
    if (error) throw error;
    return jobs.length - notStarted.length;
  }

  /** Passes back to back while each finds a full batch, so a burst drains without waiting pollMs. */
  async function drain() {
    for (let pass = 0; pass < MAX_PASSES_PER_WAKE && !stopped; pass++) {
      if ((await runOnce()) < batchSize && !chained) return;
    }
  }

  const backoff = createPassBackoff(log, pollMs);

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      running = drain()
        .then(
          () => backoff.passed(),
          (error) => backoff.failed(error),
        )
        .then(() => {
          running = undefined;
          schedule();
        });
    }, backoff.nextDelayMs());
  }

  return {
    runOnce,
    drain,
    start() {
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

export type JobWorker = ReturnType<typeof createJobWorker>;
