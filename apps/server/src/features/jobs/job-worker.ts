import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import { sanitizeErrorForLog } from '../../http/log-redaction.ts';
import { claimDueJobs, completeJob, expireUnpaidHolds, failJob, type JobRow } from './jobs-repo.ts';
import { createPassBackoff } from './pass-backoff.ts';

export type JobHandler = (payload: Record<string, unknown>, job: JobRow) => Promise<void>;

export type JobWorkerOptions = {
  db: Database;
  handlers: Record<string, JobHandler>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  now?: () => Date;
  pollMs?: number;
  batchSize?: number;
};

/** Retry delay after the n-th failed attempt: 30 s, 1 min, 2 min, … at most an hour. */
export function retryDelaySeconds(attempt: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempt - 1), 3600);
}

/**
 * Runs the outbox: due jobs (e-mails) with retries and backoff, and the sweep that ends unpaid
 * holds. Everything it needs is in the database, so it picks up after a restart, and several
 * instances can run it side by side.
 */
export function createJobWorker({
  db,
  handlers,
  log,
  now = () => new Date(),
  pollMs = 2000,
  batchSize = 10,
}: JobWorkerOptions) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  async function runJob(job: JobRow) {
    const handler = handlers[job.kind];
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await handler(job.payload, job);
      await completeJob(db, job.id);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const last = job.attempts >= job.max_attempts;
      (last ? log.error : log.warn).call(
        log,
        { jobId: job.id, kind: job.kind, attempt: job.attempts, err: sanitizeErrorForLog(error) },
        'job failed',
      );
      await failJob(db, job.id, message, retryDelaySeconds(job.attempts));
    }
  }

  /** One pass: expire holds, then run the due jobs. Returns how many jobs ran. */
  async function runOnce(): Promise<number> {
    const expired = await expireUnpaidHolds(db, now());
    if (expired.length > 0) log.info({ count: expired.length }, 'unpaid holds expired');
    const jobs = await claimDueJobs(db, batchSize);
    for (const job of jobs) await runJob(job);
    return jobs.length;
  }

  const backoff = createPassBackoff(log, pollMs);

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      running = runOnce()
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
