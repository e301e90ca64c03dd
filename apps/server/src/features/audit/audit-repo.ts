import type { AuditEntry, AuditLogPage } from '@therapy/shared/audit-schemas';
import type { Queryable } from '../../db/database.ts';
import { decodeCursor, encodeCursor, pageAfter } from '../../http/keyset-cursor.ts';

/**
 * The audit log: who did what to which booking or therapist, and when. `details` holds ids,
 * dates, statuses and reasons; never a password or a client's personal data.
 */
export type NewAuditEntry = {
  actorAdminId?: number | null;
  /** The admin's e-mail, 'cli', 'system', or the e-mail tried at a failed sign-in. */
  actorLabel: string;
  action: string;
  bookingId?: number | null;
  therapistId?: number | null;
  details?: Record<string, unknown>;
};

/** Longest actor label kept: a failed sign-in's label is whatever the caller typed. */
const MAX_LABEL_LENGTH = 254;

export async function insertAudit(db: Queryable, entry: NewAuditEntry): Promise<void> {
  await db.query(
    `INSERT INTO audit_log (actor_admin_id, actor_label, action, booking_id, therapist_id, details)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [
      entry.actorAdminId ?? null,
      entry.actorLabel.slice(0, MAX_LABEL_LENGTH),
      entry.action,
      entry.bookingId ?? null,
      entry.therapistId ?? null,
      JSON.stringify(entry.details ?? {}),
    ],
  );
}

/** One page of the log, newest (highest id) first, after `cursor` (an entry id). */
export async function listAudit(
  db: Queryable,
  page: { limit: number; cursor?: string },
): Promise<AuditLogPage> {
  const after = page.cursor ? decodeCursor(page.cursor, ['id'])[0] : null;
  const { rows } = await db.query<Omit<AuditEntry, 'at'> & { at: Date }>(
    `SELECT id, at, actor_admin_id, actor_label, action, booking_id, therapist_id, details
     FROM audit_log WHERE ($1::bigint IS NULL OR id < $1::bigint) ORDER BY id DESC LIMIT $2`,
    [after, page.limit + 1],
  );
  const entries = rows.map((row) => ({ ...row, id: Number(row.id), at: new Date(row.at).toISOString() }));
  const { items, next_cursor } = pageAfter(entries, page.limit, (entry) => encodeCursor([entry.id], ['id']));
  return { items, limit: page.limit, next_cursor };
}
