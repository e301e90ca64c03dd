import { stateNotInSql } from '../../db/booking-state-sql.ts';
import type { Queryable } from '../../db/database.ts';

/** The measure_forms table's SQL (issue 28, decision 058): only this folder writes it. */

export type MeasureFormRow = {
  id: number;
  booking_id: number;
  kind: 'intake' | 'repeat';
  client_key: string;
  salt: string;
  sealed_answers: string | null;
  saved_at: Date | null;
  submitted_at: Date | null;
  consent_version: string | null;
  risk_alerted_at: Date | null;
  risk_unseen: boolean;
};

const FORM_COLUMNS = `f.id, f.booking_id, f.kind, f.client_key, f.salt, f.sealed_answers, f.saved_at,
  f.submitted_at, c.version AS consent_version, f.risk_alerted_at, f.risk_unseen`;
const FORM_FROM = 'measure_forms f LEFT JOIN consent_documents c ON c.id = f.consent_document_id';

export async function findFormOfBooking(
  db: Queryable,
  bookingId: number,
): Promise<MeasureFormRow | undefined> {
  const { rows } = await db.query<MeasureFormRow>(
    `SELECT ${FORM_COLUMNS} FROM ${FORM_FROM} WHERE f.booking_id = $1`,
    [bookingId],
  );
  return rows[0];
}

export async function findIntakeOfClient(
  db: Queryable,
  clientKey: string,
): Promise<MeasureFormRow | undefined> {
  const { rows } = await db.query<MeasureFormRow>(
    `SELECT ${FORM_COLUMNS} FROM ${FORM_FROM} WHERE f.client_key = $1 AND f.kind = 'intake'`,
    [clientKey],
  );
  return rows[0];
}

/** The form a link's token names; `lock` holds it until the transaction ends (a save or a submission). */
export async function findFormByTokenHash(
  db: Queryable,
  tokenHash: string,
  lock = false,
): Promise<MeasureFormRow | undefined> {
  const { rows } = await db.query<MeasureFormRow>(
    `SELECT ${FORM_COLUMNS} FROM ${FORM_FROM} WHERE f.token_hash = $1 ${lock ? 'FOR UPDATE OF f' : ''}`,
    [tokenHash],
  );
  return rows[0];
}

export type SessionForMeasures = {
  therapist_id: number;
  client_email: string | null;
  booking_type: string;
  payment_status: string;
  cancelled: boolean;
  earlier_sessions: number;
};

/** Bookings (alias `a`) that hold a slot: neither cancelled, failed nor a block. */
const live = (a: string) =>
  `${stateNotInSql(a, ['CANCELLED', 'FAILED', 'BLOCKED'])} AND ${a}.booking_type <> 'ADMIN_BLOCK'`;

/** The booking's therapist and client, and how many sessions the client had with them before it. */
export async function findSessionForMeasures(
  db: Queryable,
  bookingId: number,
): Promise<SessionForMeasures | undefined> {
  const { rows } = await db.query<SessionForMeasures>(
    `SELECT b.therapist_id, b.client_email, b.booking_type, b.payment_status, b.cancelled,
            (SELECT count(*)::integer FROM bookings e
              WHERE e.therapist_id = b.therapist_id AND lower(e.client_email) = lower(b.client_email)
                AND ${live('e')}
                AND (e.booking_date, e.booking_time_slot_start, e.id) < (b.booking_date, b.booking_time_slot_start, b.id)
            ) AS earlier_sessions
       FROM bookings b WHERE b.id = $1 AND b.erased_at IS NULL`,
    [bookingId],
  );
  return rows[0];
}

/** A new link's row; nothing when the booking has one, or the client an intake, already. */
export async function insertForm(
  db: Queryable,
  form: { bookingId: number; kind: 'intake' | 'repeat'; clientKey: string; tokenHash: string; salt: string },
): Promise<void> {
  await db.query(
    `INSERT INTO measure_forms (booking_id, kind, client_key, token_hash, salt)
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
    [form.bookingId, form.kind, form.clientKey, form.tokenHash, form.salt],
  );
}

/**
 * Keeps the sealed answers; records consent and the risk alert the first time each comes. The
 * caller holds the row's lock (findFormByTokenHash with `lock`), so it knows whether this is the first.
 */
export async function saveAnswers(
  db: Queryable,
  formId: number,
  change: { sealedAnswers: string; at: Date; consentDocumentId: number | null; risk: boolean },
): Promise<void> {
  await db.query(
    `UPDATE measure_forms SET sealed_answers = $2, saved_at = $3,
        consent_document_id = COALESCE(consent_document_id, $4),
        consented_at = CASE WHEN consented_at IS NULL AND $4::integer IS NOT NULL THEN $3 ELSE consented_at END,
        risk_unseen = risk_unseen OR ($5 AND risk_alerted_at IS NULL),
        risk_alerted_at = CASE WHEN $5 AND risk_alerted_at IS NULL THEN $3 ELSE risk_alerted_at END
      WHERE id = $1`,
    [formId, change.sealedAnswers, change.at, change.consentDocumentId, change.risk],
  );
}

/** Marks the form sent in (once): true when this call did it. */
export async function markSubmitted(db: Queryable, formId: number, at: Date): Promise<boolean> {
  const { rows } = await db.query(
    'UPDATE measure_forms SET submitted_at = $2 WHERE id = $1 AND submitted_at IS NULL RETURNING id',
    [formId, at],
  );
  return rows.length > 0;
}

export type ClientFormRow = MeasureFormRow & {
  session_date: string;
  client_full_name: string | null;
  client_language: string;
};

/**
 * Every form of the client `clientKey` whose booking is the therapist's (another therapist's
 * client is unknown), oldest session first; at most `limit`.
 */
export async function listFormsOfClient(
  db: Queryable,
  therapistId: number,
  clientKey: string,
  limit: number,
): Promise<ClientFormRow[]> {
  const { rows } = await db.query<ClientFormRow>(
    `SELECT ${FORM_COLUMNS}, to_char(b.booking_date, 'YYYY-MM-DD') AS session_date, b.client_full_name,
            b.client_language
       FROM ${FORM_FROM} JOIN bookings b ON b.id = f.booking_id
      WHERE f.client_key = $1 AND b.therapist_id = $2 AND b.erased_at IS NULL
      ORDER BY b.booking_date, b.booking_time_slot_start, f.id LIMIT $3`,
    [clientKey, therapistId, limit],
  );
  return rows;
}

/** The therapist opened the client's answers: no risk is unseen any more. */
export async function markRiskSeen(db: Queryable, therapistId: number, clientKey: string): Promise<number> {
  const { rows } = await db.query(
    `UPDATE measure_forms f SET risk_unseen = false FROM bookings b
      WHERE b.id = f.booking_id AND b.therapist_id = $2 AND f.client_key = $1 AND f.risk_unseen RETURNING f.id`,
    [clientKey, therapistId],
  );
  return rows.length;
}

/** The forms of these clients of the therapist (My day), per client the sent-in newest first. */
export async function listLatestOfClients(
  db: Queryable,
  therapistId: number,
  clientKeys: readonly string[],
): Promise<(MeasureFormRow & { session_date: string })[]> {
  if (clientKeys.length === 0) return [];
  const { rows } = await db.query<MeasureFormRow & { session_date: string }>(
    `SELECT ${FORM_COLUMNS}, to_char(b.booking_date, 'YYYY-MM-DD') AS session_date
       FROM ${FORM_FROM} JOIN bookings b ON b.id = f.booking_id
      WHERE f.client_key = ANY($1::text[]) AND b.therapist_id = $2 AND b.erased_at IS NULL
      ORDER BY f.client_key, f.submitted_at DESC NULLS LAST, f.id DESC`,
    [clientKeys, therapistId],
  );
  return rows;
}

/** The forms of these bookings (the Privacy Desk's export), sealed. */
export async function listFormsOfBookings(
  db: Queryable,
  bookingIds: readonly number[],
): Promise<MeasureFormRow[]> {
  if (bookingIds.length === 0) return [];
  const { rows } = await db.query<MeasureFormRow>(
    `SELECT ${FORM_COLUMNS} FROM ${FORM_FROM} WHERE f.booking_id = ANY($1::integer[]) ORDER BY f.booking_id`,
    [bookingIds],
  );
  return rows;
}

/** Erases the forms of these bookings (erasure and retention): how many. */
export async function deleteFormsOfBookings(db: Queryable, bookingIds: readonly number[]): Promise<number> {
  if (bookingIds.length === 0) return 0;
  const { rows } = await db.query<{ count: number }>(
    `WITH gone AS (DELETE FROM measure_forms WHERE booking_id = ANY($1::integer[]) RETURNING 1)
     SELECT count(*)::integer AS count FROM gone`,
    [bookingIds],
  );
  return rows[0]?.count ?? 0;
}

export type FormSession = {
  client_language: string;
  therapist_id: number;
  therapist_name: string;
  session_date: string;
  session_start: string;
};

/** The session a form comes before, as its page shows it. */
export async function findFormSession(db: Queryable, bookingId: number): Promise<FormSession | undefined> {
  const { rows } = await db.query<FormSession>(
    `SELECT b.client_language, b.therapist_id, t.name AS therapist_name,
            to_char(b.booking_date, 'YYYY-MM-DD') AS session_date,
            to_char(b.booking_time_slot_start, 'HH24:MI:SS') AS session_start
       FROM bookings b JOIN therapists t ON t.id = b.therapist_id WHERE b.id = $1 AND b.erased_at IS NULL`,
    [bookingId],
  );
  return rows[0];
}

export async function findFormOfId(db: Queryable, formId: number): Promise<MeasureFormRow | undefined> {
  const { rows } = await db.query<MeasureFormRow>(
    `SELECT ${FORM_COLUMNS} FROM ${FORM_FROM} WHERE f.id = $1`,
    [formId],
  );
  return rows[0];
}
