import { createHash } from 'node:crypto';
import { EXPORT_MAX_BOOKINGS, type PrivacySubject } from '@therapy/shared/privacy-schemas';
import { stateInSql } from '../../db/booking-state-sql.ts';
import type { Queryable } from '../../db/database.ts';
import { erasePersonalFields, subjectMatch } from '../bookings/personal-data.ts';

/**
 * The privacy desk's SQL (decision 039): a client's bookings by e-mail or mobile, what an export
 * holds, erasure (personal fields only: amounts, dates, statuses and payments stay) and
 * correction, and the log of requests.
 */

/** A hash of the client's e-mail or mobile (the log's key) and a masked hint an admin can read. */
export function subjectKey(subject: PrivacySubject): { hash: string; hint: string } {
  const { value } = subjectMatch(subject);
  const normal = value.toLowerCase();
  const hash = createHash('sha256').update(normal).digest('hex');
  if (subject.email !== undefined) {
    const [local = '', domain = ''] = normal.split('@');
    return { hash, hint: `${local.slice(0, 1)}***@${domain}` };
  }
  return { hash, hint: `******${normal.slice(-4)}` };
}

/** The client's bookings (newest first, at most `limit`), admin blocks aside. */
export async function findBookingIds(
  db: Queryable,
  subject: PrivacySubject,
  limit: number,
): Promise<number[]> {
  const match = subjectMatch(subject);
  const { rows } = await db.query<{ id: number }>(
    `SELECT b.id FROM bookings b WHERE ${match.sql} AND b.booking_type <> 'ADMIN_BLOCK' ORDER BY b.id DESC LIMIT $2`,
    [match.value, limit],
  );
  return rows.map((row) => row.id);
}

/** Of these bookings, the sessions still to come that hold their slot (erasure would orphan them). */
export async function upcomingSessions(db: Queryable, ids: number[], today: string) {
  const { rows } = await db.query<{ id: number; booking_date: string }>(
    `SELECT id, to_char(booking_date, 'YYYY-MM-DD') AS booking_date FROM bookings
     WHERE id = ANY($1::int[]) AND booking_date >= $2::date
       AND ${stateInSql(null, ['PENDING', 'INITIATED', 'COMPLETED'])}
     ORDER BY booking_date, id`,
    [ids, today],
  );
  return rows;
}

/**
 * Erases the personal data of these bookings (the booking module's erasePersonalFields), and
 * with it their manage links and the messages not yet sent. Answers the bookings erased now (those erased before are left).
 */
export async function eraseBookings(tx: Queryable, ids: number[], now: Date): Promise<number> {
  const erased = await erasePersonalFields(tx, ids, now);
  if (erased.length === 0) return 0;
  await tx.query('DELETE FROM manage_links WHERE booking_id = ANY($1::int[])', [erased]);
  await tx.query(
    `UPDATE jobs SET done_at = $2, last_error = 'the client''s data was erased'
     WHERE done_at IS NULL AND payload ? 'booking_id' AND payload->>'booking_id' ~ '^[0-9]{1,9}$'
       AND (payload->>'booking_id')::int = ANY($1::int[])`,
    [erased, now],
  );
  return erased.length;
}

/** Files an erasure under the hash of every e-mail and mobile its bookings held. */
export async function keyErasure(tx: Queryable, requestId: number, bookingIds: number[]) {
  const { rows } = await tx.query<{ email: string | null; mobile: string | null }>(
    `SELECT DISTINCT lower(client_email) AS email, client_mobile AS mobile FROM bookings WHERE id = ANY($1::int[])`,
    [bookingIds],
  );
  const hashes = new Set<string>();
  for (const row of rows) {
    if (row.email) hashes.add(subjectKey({ email: row.email }).hash);
    if (row.mobile) hashes.add(subjectKey({ mobile: row.mobile }).hash);
  }
  await tx.query('UPDATE privacy_requests SET also_hashes = $2 WHERE id = $1', [requestId, [...hashes]]);
}

/** What an export holds, straight from the tables (notes still sealed: the service opens them). */
export async function loadExport(db: Queryable, subject: PrivacySubject) {
  const ids = await findBookingIds(db, subject, EXPORT_MAX_BOOKINGS + 1);
  const shown = ids.slice(0, EXPORT_MAX_BOOKINGS);
  return {
    bookings: await exportedBookings(db, shown),
    messages: await exportedMessages(db, shown),
    payments: await exportedPayments(db, shown),
    truncated: ids.length > shown.length,
  };
}

type ExportedBooking = {
  booking_id: number;
  booking_date: string;
  start_time: string;
  booking_type: string;
  payment_status: string;
  cancelled: boolean;
  therapist_name: string;
  client_full_name: string | null;
  client_email: string | null;
  client_mobile: string | null;
  client_age: number | null;
  client_session_type: string | null;
  client_state: string | null;
  client_city: string | null;
  client_note: string | null;
  amount_paise: number;
  created_at: string;
  erased_at: string | null;
  terms_accepted: boolean;
  whatsapp_consent: boolean;
  client_language: string;
  guardian_name: string | null;
  guardian_relation: string | null;
  guardian_mobile: string | null;
  guardian_email: string | null;
  guardian_consent: boolean;
  terms_version: string | null;
  notice_version: string | null;
  consented_at: string | null;
};

async function exportedBookings(db: Queryable, ids: number[]): Promise<ExportedBooking[]> {
  const { rows } = await db.query<ExportedBooking>(
    `SELECT b.id AS booking_id, to_char(b.booking_date, 'YYYY-MM-DD') AS booking_date,
       to_char(b.booking_time_slot_start, 'HH24:MI') AS start_time, b.booking_type, b.payment_status,
       b.cancelled, t.name AS therapist_name, b.client_full_name, b.client_email, b.client_mobile,
       b.client_age, b.client_session_type, b.client_state, b.client_city, b.client_note, b.amount_paise,
       b.created_at::text AS created_at, b.erased_at::text AS erased_at, b.terms_accepted,
       b.whatsapp_consent, b.client_language, b.guardian_name, b.guardian_relation, b.guardian_mobile,
       b.guardian_email, b.guardian_consent, td.version AS terms_version, nd.version AS notice_version,
       b.consented_at::text AS consented_at
     FROM bookings b JOIN therapists t ON t.id = b.therapist_id
     LEFT JOIN consent_documents td ON td.id = b.terms_document_id
     LEFT JOIN consent_documents nd ON nd.id = b.notice_document_id
     WHERE b.id = ANY($1::int[]) ORDER BY b.id DESC`,
    [ids],
  );
  return rows;
}

async function exportedMessages(db: Queryable, ids: number[]) {
  const { rows } = await db.query<{
    booking_id: number;
    kind: string;
    channel: string;
    status: string;
    sent_at: string;
  }>(
    // The messages sent to the client (the therapist's and the clinic's are the clinic's own).
    `SELECT booking_id, kind, channel, status, created_at::text AS sent_at FROM booking_messages
     WHERE booking_id = ANY($1::int[]) AND recipient = 'client' ORDER BY id LIMIT 20000`,
    [ids],
  );
  return rows;
}

async function exportedPayments(db: Queryable, ids: number[]) {
  const { rows } = await db.query<{
    booking_id: number;
    payment_id: string;
    amount_paise: number;
    status: string;
    paid_at: string | null;
  }>(
    `SELECT booking_id, id AS payment_id, amount_paise, status, paid_at::text AS paid_at FROM payments
     WHERE booking_id = ANY($1::int[]) ORDER BY created_at LIMIT 20000`,
    [ids],
  );
  return rows;
}

/** The client's answered erasures, by the log's hash of their e-mail or mobile (at most 100). */
export async function listErasures(db: Queryable, subject: PrivacySubject) {
  const { rows } = await db.query<{ request_id: number; erased_at: string; bookings: number }>(
    `SELECT id::int AS request_id, answered_at::text AS erased_at, COALESCE(bookings_affected, 0) AS bookings
     FROM privacy_requests
     WHERE (subject_hash = $1 OR $1 = ANY(also_hashes)) AND kind = 'erase' AND answered_at IS NOT NULL
     ORDER BY id LIMIT 100`,
    [subjectKey(subject).hash],
  );
  return rows;
}

/** The client's requests not answered yet, oldest first (at most 100). */
export async function listOpenRequestsOf(db: Queryable, subject: PrivacySubject) {
  const { rows } = await db.query<{ id: number; kind: 'export' | 'correct' | 'erase'; due_at: string }>(
    `SELECT id::int AS id, kind, due_at::text AS due_at FROM privacy_requests
     WHERE subject_hash = $1 AND answered_at IS NULL ORDER BY id LIMIT 100`,
    [subjectKey(subject).hash],
  );
  return rows;
}

export type NewPrivacyRequest = {
  kind: 'export' | 'correct' | 'erase';
  subject: PrivacySubject;
  receivedAt: Date;
  dueAt: Date;
};

export async function insertRequest(db: Queryable, request: NewPrivacyRequest): Promise<number> {
  const key = subjectKey(request.subject);
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO privacy_requests (kind, subject_hash, subject_hint, received_at, due_at)
     VALUES ($1, $2, $3, $4, $5) RETURNING id::int AS id`,
    [request.kind, key.hash, key.hint, request.receivedAt, request.dueAt],
  );
  return rows[0]!.id;
}

/** The logged request, if it is about this client and of this kind, not answered yet. */
export async function findOpenRequest(db: Queryable, id: number, kind: string, subject: PrivacySubject) {
  const { rows } = await db.query<{ id: number; answered_at: string | null }>(
    `SELECT id::int AS id, answered_at::text AS answered_at FROM privacy_requests
     WHERE id = $1 AND kind = $2 AND subject_hash = $3`,
    [id, kind, subjectKey(subject).hash],
  );
  return rows[0];
}

export async function answerRequest(db: Queryable, id: number, adminId: number, affected: number, at: Date) {
  await db.query(
    `UPDATE privacy_requests SET answered_at = $2, answered_by_admin_id = $3, bookings_affected = $4
     WHERE id = $1 AND answered_at IS NULL`,
    [id, at, adminId, affected],
  );
}

type LoggedRequest = {
  id: number;
  kind: 'export' | 'correct' | 'erase';
  subject_hint: string;
  received_at: string;
  due_at: string;
  answered_at: string | null;
  bookings_affected: number | null;
};

const REQUEST_COLUMNS = `id::int AS id, kind, subject_hint, received_at::text AS received_at, due_at::text AS due_at,
       answered_at::text AS answered_at, bookings_affected`;

/** One logged request as the log shows it. */
export async function findRequest(db: Queryable, id: number): Promise<LoggedRequest | undefined> {
  const { rows } = await db.query<LoggedRequest>(
    `SELECT ${REQUEST_COLUMNS} FROM privacy_requests WHERE id = $1`,
    [id],
  );
  return rows[0];
}

/** The log, newest first, after `cursor` (a request id); only the unanswered ones with `open`. */
export async function listRequests(db: Queryable, page: { limit: number; afterId?: number; open?: boolean }) {
  const { rows } = await db.query<LoggedRequest>(
    `SELECT ${REQUEST_COLUMNS}
     FROM privacy_requests
     WHERE ($1::bigint IS NULL OR id < $1) AND ($2::boolean IS NULL OR (answered_at IS NULL) = $2)
     ORDER BY id DESC LIMIT $3`,
    [page.afterId ?? null, page.open ?? null, page.limit + 1],
  );
  return rows;
}
