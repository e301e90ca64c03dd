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
    `UPDATE jobs SET last_error = $2, failed_at = now(), locked_until = NULL,
       run_at = now() + make_interval(secs => $3)
     WHERE id = $1`,
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

/** At most this many jobs are looked at by one count: a figure past it says "at least" (capped). */
export const JOB_COUNT_CAP = 10_000;

export type DueJobs = { kind: string; due: number; oldestAgeSeconds: number };

/**
 * The jobs due now and not done, by kind, with how long the oldest has waited (the database's
 * clock, as the worker's): what the worker has yet to do. The oldest JOB_COUNT_CAP at most (the
 * partial index jobs_due_idx, oldest first).
 */
export async function dueJobsByKind(db: Queryable): Promise<{ kinds: DueJobs[]; capped: boolean }> {
  const { rows } = await db.query<{ kind: string; due: number; age: number; looked: number }>(
    `SELECT kind, count(*)::integer AS due,
       GREATEST(0, floor(extract(epoch FROM now() - min(run_at))))::integer AS age,
       sum(count(*)) OVER ()::integer AS looked
     FROM (SELECT kind, run_at FROM jobs
           WHERE done_at IS NULL AND run_at <= now() AND attempts < max_attempts
           ORDER BY run_at LIMIT $1) due
     GROUP BY kind ORDER BY kind`,
    [JOB_COUNT_CAP],
  );
  const kinds = rows.map((row) => ({ kind: row.kind, due: row.due, oldestAgeSeconds: row.age }));
  return { kinds, capped: (rows[0]?.looked ?? 0) >= JOB_COUNT_CAP };
}

/**
 * The unfinished jobs that have failed: `retrying` will be tried again; `gaveUp` used their last
 * attempt in the past `hours`. Each at most JOB_COUNT_CAP (the partial index jobs_failed_idx).
 */
export async function failedJobCounts(db: Queryable, hours: number) {
  const { rows } = await db.query<{ retrying: number; gave_up: number }>(
    `SELECT count(*) FILTER (WHERE attempts < max_attempts)::integer AS retrying,
       count(*) FILTER (WHERE attempts >= max_attempts
                          AND failed_at >= now() - make_interval(hours => $1))::integer AS gave_up
     FROM (SELECT attempts, max_attempts, failed_at FROM jobs
           WHERE done_at IS NULL AND failed_at IS NOT NULL
           ORDER BY failed_at DESC LIMIT $2) failed`,
    [hours, JOB_COUNT_CAP],
  );
  return { retrying: rows[0]?.retrying ?? 0, gaveUp: rows[0]?.gave_up ?? 0 };
}

/** Jobs of `kinds` not done, with attempts left, due within `seconds` from now or overdue. */
export async function countJobsDueWithin(
  db: Queryable,
  kinds: readonly string[],
  seconds: number,
): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::integer AS n FROM (
       SELECT 1 FROM jobs
       WHERE done_at IS NULL AND run_at <= now() + make_interval(secs => $2)
         AND attempts < max_attempts AND kind = ANY($1::text[])
       LIMIT $3) due`,
    [kinds, seconds, JOB_COUNT_CAP],
  );
  return rows[0]?.n ?? 0;
}
