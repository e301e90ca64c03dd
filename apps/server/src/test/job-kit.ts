import type { Queryable } from '../db/database.ts';

/**
 * A job of a kind the server does not have, for the generic worker's own tests (enqueueJob takes
 * only the kinds of job-kinds.ts). The same INSERT as enqueueJob's.
 */
export async function enqueueTestJob(
  db: Queryable,
  job: { kind: string; payload: Record<string, unknown>; dedupeKey: string },
) {
  await db.query(
    `INSERT INTO jobs (kind, payload, dedupe_key) VALUES ($1, $2, $3) ON CONFLICT (dedupe_key) DO NOTHING`,
    [job.kind, JSON.stringify(job.payload), job.dedupeKey],
  );
}
