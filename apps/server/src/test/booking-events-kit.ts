import { BOOKING_SUBSCRIBERS } from '../booking-subscribers.ts';
import type { Database } from '../db/database.ts';
import { BOOKING_EVENT_KINDS, createBookingEventHandlers } from '../features/bookings/booking-events.ts';
import type { JobRow } from '../features/jobs/job-kinds.ts';
import { completeJob } from '../features/jobs/jobs-repo.ts';

/**
 * Runs the reactions to the booking events announced so far, as the worker would (server-worker.ts hands
 * it the same subscribers), and nothing else: the jobs they write stay queued for the test to see.
 */
export async function reactToBookingEvents(db: Database): Promise<number> {
  const handlers = createBookingEventHandlers(db, BOOKING_SUBSCRIBERS) as Record<
    string,
    (payload: never, job: JobRow) => Promise<void>
  >;
  const { rows } = await db.query<JobRow>(
    `SELECT id, kind, payload, attempts, max_attempts FROM jobs
     WHERE done_at IS NULL AND kind = ANY($1::text[]) ORDER BY id`,
    [BOOKING_EVENT_KINDS],
  );
  for (const job of rows) {
    await handlers[job.kind]!(job.payload as never, job);
    await completeJob(db, job.id);
  }
  return rows.length;
}
