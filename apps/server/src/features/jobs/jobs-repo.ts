import type { Queryable } from '../../db/database.ts';
import type { JobKind, JobPayloads, JobRow, JobToEnqueue } from './job-kinds.ts';

/**
 * The outbox: a job is written in the transaction of the change that causes it, once per
 * dedupe key (a confirmation e-mail per booking, however often the booking is confirmed). Only
 * the kinds of job-kinds.ts, each with its payload.
 */
export async function enqueueJob<K extends JobKind>(db: Queryable, job: JobToEnqueue<K>) {
  await enqueueJobOf<JobPayloads>(db, job);
}

/**
 * The same for a registry of kinds declared elsewhere (the booking module's events, which this
 * folder does not know): the one INSERT of a job.
 */
export async function enqueueJobOf<Payloads>(
  db: Queryable,
  job: { kind: keyof Payloads & string; payload: unknown; dedupeKey: string; runAt?: Date },
) {
  await db.query(
    `INSERT INTO jobs (kind, payload, dedupe_key, run_at) VALUES ($1, $2, $3, COALESCE($4, now()))
     ON CONFLICT (dedupe_key) DO NOTHING`,
    [job.kind, JSON.stringify(job.payload), job.dedupeKey, job.runAt ?? null],
  );
}

/** How long a taken job stays with its worker before another may take it (a crashed worker). */
export const JOB_LEASE_SECONDS = 120;

/**
 * Takes up to `limit` due jobs for this worker. SKIP LOCKED lets several server instances share
 * the table: each job goes to one of them.
 */
export async function claimDueJobs(
  db: Queryable,
  limit: number,
  leaseSeconds = JOB_LEASE_SECONDS,
): Promise<JobRow[]> {
  const { rows } = await db.query<JobRow>(
    `UPDATE jobs SET locked_until = now() + make_interval(secs => $2), attempts = attempts + 1
     WHERE id IN (
       SELECT id FROM jobs
       WHERE done_at IS NULL AND run_at <= now() AND attempts < max_attempts
         AND (locked_until IS NULL OR locked_until < now())
       ORDER BY run_at, id
       LIMIT $1
       FOR UPDATE SKIP LOCKED)
     RETURNING id, kind, payload, attempts, max_attempts`,
    [limit, leaseSeconds],
  );
  return rows;
}

export async function completeJob(db: Queryable, id: number) {
  await db.query('UPDATE jobs SET done_at = now(), locked_until = NULL, last_error = NULL WHERE id = $1', [
    id,
  ]);
}

/** Gives back taken jobs that were never started, as if never taken: due now, the attempt uncounted. */
export async function releaseJobs(db: Queryable, ids: number[]) {
  await db.query(
    'UPDATE jobs SET locked_until = NULL, attempts = attempts - 1 WHERE id = ANY($1::bigint[]) AND done_at IS NULL',
    [ids],
  );
}

export async function failJob(db: Queryable, id: number, error: string, retryInSeconds: number) {
  await db.query(
    `UPDATE jobs SET last_error = $2, locked_until = NULL, run_at = now() + make_interval(secs => $3) WHERE id = $1`,
    [id, error.slice(0, 1000), retryInSeconds],
  );
}

/**
 * Puts a taken job off until `runAt`, not as a failure: the attempt is not counted and no error is
 * recorded (a reminder that would land in the quiet hours waits for the morning).
 */
export async function deferJob(db: Queryable, id: number, runAt: Date) {
  await db.query(
    'UPDATE jobs SET locked_until = NULL, attempts = attempts - 1, run_at = $2 WHERE id = $1 AND done_at IS NULL',
    [id, runAt],
  );
}
