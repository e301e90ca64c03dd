import type { FastifyBaseLogger } from 'fastify';
import { describeDatabaseError, isDatabaseUnavailable } from '../../db/database-errors.ts';
import { sanitizeErrorForLog } from '../../http/log-redaction.ts';

/**
 * The longest wait between passes while they fail (16 polls, at most 30 s): the worker resumes
 * within this of the database's return.
 */
const MAX_BACKOFF_POLLS = 16;
const MAX_BACKOFF_MS = 30_000;

/**
 * Failed passes in a row: the wait before the next pass doubles (no hot loop against a database
 * that is down), and an unreachable database is a warning on the 1st, 2nd, 4th, 8th… failure
 * (a handful per outage, not one per poll), then one line when it answers again.
 */
export function createPassBackoff(log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>, pollMs: number) {
  const longestWaitMs = Math.max(pollMs, Math.min(pollMs * MAX_BACKOFF_POLLS, MAX_BACKOFF_MS));
  let failures = 0;
  return {
    /** The wait before the next pass: the poll interval, doubled for each failure in a row. */
    nextDelayMs: () => Math.min(pollMs * 2 ** failures, longestWaitMs),
    passed() {
      if (failures > 0) log.info({ failedPasses: failures }, 'job worker resumed');
      failures = 0;
    },
    failed(error: unknown) {
      failures += 1;
      if (!isDatabaseUnavailable(error)) {
        log.error({ err: sanitizeErrorForLog(error) }, 'job worker pass failed');
      } else if ((failures & (failures - 1)) === 0) {
        log.warn(
          { database: describeDatabaseError(error), failedPasses: failures },
          'job worker: database unavailable; retrying with backoff',
        );
      }
    },
  };
}
