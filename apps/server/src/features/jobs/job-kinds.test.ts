import { describe, expect, it } from 'vitest';
import type { Queryable } from '../../db/database.ts';
import type { JobHandlers } from './job-kinds.ts';
import { enqueueJob } from './jobs-repo.ts';

/** A Queryable that records what it is asked. */
function recordingDb() {
  const calls: unknown[][] = [];
  const db: Queryable = {
    async query<Row>(_sql: string, params: unknown[] = []) {
      calls.push(params);
      return { rows: [] as Row[] };
    },
    async exec() {},
  };
  return { db, calls };
}

/**
 * Never called: each line must fail the type check (`npm run typecheck`), or @ts-expect-error
 * itself is reported. Kinds and payloads are checked where a job is enqueued and handled.
 */
export function typeErrors(db: Queryable, handlers: JobHandlers) {
  // @ts-expect-error a kind job-kinds.ts does not declare
  void enqueueJob(db, { kind: 'email.booking_confirmd', payload: { booking_id: 1 }, dedupeKey: 'k' });
  // @ts-expect-error the payload of another shape
  void enqueueJob(db, { kind: 'email.booking_confirmed', payload: { bookingId: 1 }, dedupeKey: 'k' });
  // @ts-expect-error a handler missing: every kind needs one
  const missing: JobHandlers = { 'meeting.create_link': handlers['meeting.create_link'] };
  return missing;
}

describe('typed job kinds', () => {
  it('writes the kind, its payload as JSON and the dedupe key', async () => {
    const { db, calls } = recordingDb();
    await enqueueJob(db, {
      kind: 'email.refund_issued',
      payload: { booking_id: 7, refund_id: 'rfnd_1' },
      dedupeKey: 'email.refund_issued:7:rfnd_1',
    });
    expect(calls).toEqual([
      ['email.refund_issued', '{"booking_id":7,"refund_id":"rfnd_1"}', 'email.refund_issued:7:rfnd_1', null],
    ]);
  });
});
