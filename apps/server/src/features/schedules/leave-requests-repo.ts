import type {
  LeaveRequest,
  LeaveRequestBody,
  LeaveRequestQuery,
  LeaveRequestStatus,
} from '@therapy/shared/leave-request-schemas';
import { LEAVE_REQUESTS_DEFAULT_LIMIT } from '@therapy/shared/leave-request-schemas';
import type { Queryable } from '../../db/database.ts';
import { decodeCursor, encodeCursor, pageAfter } from '../../http/keyset-cursor.ts';

/** The leave_requests table's SQL (migration 0021): its only reader and writer. */

const columns = `r.id, r.therapist_id, t.name AS therapist_name,
  to_char(r.from_date, 'YYYY-MM-DD') AS "from", to_char(r.to_date, 'YYYY-MM-DD') AS "to", r.reason,
  r.status, to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS requested_at,
  to_char(r.decided_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS decided_at, r.time_off_id`;
const from = 'FROM leave_requests r JOIN therapists t ON t.id = r.therapist_id';

export async function insertLeaveRequest(
  db: Queryable,
  request: LeaveRequestBody & { therapistId: number; requestedBy: number | null },
): Promise<LeaveRequest> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO leave_requests (therapist_id, from_date, to_date, reason, requested_by)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [request.therapistId, request.from, request.to, request.reason.trim(), request.requestedBy],
  );
  return (await findLeaveRequest(db, rows[0]!.id))!;
}

/** One request; `forUpdate` locks it for a decision. */
export async function findLeaveRequest(
  db: Queryable,
  id: number,
  { forUpdate = false } = {},
): Promise<LeaveRequest | undefined> {
  const { rows } = await db.query<LeaveRequest>(
    `SELECT ${columns} ${from} WHERE r.id = $1${forUpdate ? ' FOR UPDATE OF r' : ''}`,
    [id],
  );
  return rows[0];
}

/** Records the decision on a request that is still `requested` (the caller holds its lock). */
export async function decideLeaveRequest(
  db: Queryable,
  id: number,
  decision: { status: Exclude<LeaveRequestStatus, 'requested'>; decidedBy: number; timeOffId: number | null },
): Promise<LeaveRequest> {
  await db.query(
    `UPDATE leave_requests SET status = $2, decided_by = $3, decided_at = now(), time_off_id = $4
     WHERE id = $1 AND status = 'requested'`,
    [id, decision.status, decision.decidedBy, decision.timeOffId],
  );
  return (await findLeaveRequest(db, id))!;
}

/** A page of requests, newest first: everyone's, or one therapist's; with the counts. */
export async function pageLeaveRequests(db: Queryable, query: LeaveRequestQuery & { therapistId?: number }) {
  const limit = query.limit ?? LEAVE_REQUESTS_DEFAULT_LIMIT;
  const before = query.cursor ? Number(decodeCursor(query.cursor, ['id'])[0]) : null;
  const scope = `($1::text IS NULL OR r.status = $1) AND ($2::int IS NULL OR r.therapist_id = $2)`;
  const scopeParams = [query.status ?? null, query.therapistId ?? null];
  const [page, counts] = await Promise.all([
    db.query<LeaveRequest>(
      `SELECT ${columns} ${from} WHERE ${scope} AND ($3::int IS NULL OR r.id < $3)
       ORDER BY r.id DESC LIMIT $4`,
      [...scopeParams, before, limit + 1],
    ),
    db.query<{ total: number; requested: number }>(
      `SELECT count(*) FILTER (WHERE ${scope})::int AS total,
         count(*) FILTER (WHERE r.status = 'requested' AND ($2::int IS NULL OR r.therapist_id = $2))::int
           AS requested
       FROM leave_requests r`,
      scopeParams,
    ),
  ]);
  const { items, next_cursor } = pageAfter(page.rows, limit, (row) => encodeCursor([row.id], ['id']));
  return {
    items,
    total: counts.rows[0]!.total,
    limit,
    next_cursor,
    requested_count: counts.rows[0]!.requested,
  };
}
