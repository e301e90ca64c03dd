import { normalizeMobile } from '@therapy/shared/mobile-number';
import { ERASED_MARKER, type PrivacySubject } from '@therapy/shared/privacy-schemas';
import type { Queryable } from '../../db/database.ts';
import { withdrawOpenOffer } from './waitlist-admin.ts';

/*
 * The waitlist at the privacy desk (decision 041): a client's entries are found as their bookings
 * are (e-mail in any case, or the mobile's 10 digits), exported, and erased like a booking (the
 * name becomes the marker, the contact and guardian details are emptied) and taken off the line.
 */

/** At most this many entries per client in an export or erasure (a client joins a few at most). */
const MAX_ENTRIES = 1_000;

function entryMatch(subject: PrivacySubject): { sql: string; value: string } {
  if (subject.email !== undefined)
    return { sql: 'lower(e.client_email) = lower($1)', value: subject.email.trim() };
  return { sql: 'e.client_mobile = $1', value: normalizeMobile(subject.mobile ?? '') ?? '' };
}

export type ExportedWaitlistEntry = {
  entry_id: number;
  therapist_name: string;
  booking_type: string;
  location_id: number;
  status: string;
  client_full_name: string;
  client_email: string | null;
  client_mobile: string | null;
  client_age: number | null;
  client_language: string;
  whatsapp_consent: boolean;
  guardian_name: string | null;
  guardian_relation: string | null;
  guardian_mobile: string | null;
  guardian_email: string | null;
  preferred_dates: string[];
  times_of_day: string[];
  terms_version: string | null;
  notice_version: string | null;
  joined_at: string;
  ended_at: string | null;
  erased_at: string | null;
  offers: number;
};

export async function loadWaitlistExport(db: Queryable, subject: PrivacySubject) {
  const match = entryMatch(subject);
  const { rows } = await db.query<ExportedWaitlistEntry>(
    `SELECT e.id AS entry_id, t.name AS therapist_name, e.booking_type, e.location_id, e.status,
       e.client_full_name, e.client_email, e.client_mobile, e.client_age, e.client_language,
       e.whatsapp_consent, e.guardian_name, e.guardian_relation, e.guardian_mobile, e.guardian_email,
       ARRAY(SELECT to_char(d, 'YYYY-MM-DD') FROM unnest(e.preferred_dates) AS d ORDER BY d) AS preferred_dates,
       e.times_of_day, td.version AS terms_version, nd.version AS notice_version,
       e.created_at::text AS joined_at, e.ended_at::text AS ended_at, e.erased_at::text AS erased_at,
       (SELECT count(*)::int FROM waitlist_offers o WHERE o.entry_id = e.id) AS offers
     FROM waitlist_entries e JOIN therapists t ON t.id = e.therapist_id
     LEFT JOIN consent_documents td ON td.id = e.terms_document_id
     LEFT JOIN consent_documents nd ON nd.id = e.notice_document_id
     WHERE ${match.sql} ORDER BY e.id DESC LIMIT ${MAX_ENTRIES}`,
    [match.value],
  );
  return rows;
}

/** Erases the client's entries (those not erased yet) and ends their places; answers how many. */
export async function eraseWaitlistEntries(
  tx: Queryable,
  subject: PrivacySubject,
  at: Date,
): Promise<number> {
  const match = entryMatch(subject);
  const { rows } = await tx.query<{ id: number }>(
    `SELECT e.id FROM waitlist_entries e WHERE ${match.sql} AND e.erased_at IS NULL ORDER BY e.id LIMIT ${MAX_ENTRIES}`,
    [match.value],
  );
  const ids = rows.map((row) => row.id);
  for (const id of ids) await withdrawOpenOffer(tx, id, at);
  return eraseEntries(tx, ids, at);
}

async function eraseEntries(tx: Queryable, ids: number[], at: Date): Promise<number> {
  if (ids.length === 0) return 0;
  const { rows } = await tx.query<{ id: number }>(
    `UPDATE waitlist_entries SET client_full_name = $2, client_email = NULL, client_mobile = NULL,
       client_age = NULL, whatsapp_consent = false, guardian_name = NULL, guardian_relation = NULL,
       guardian_mobile = NULL, guardian_email = NULL, erased_at = $3, updated_at = $3,
       status = CASE WHEN status = 'waiting' THEN 'removed' ELSE status END,
       ended_at = COALESCE(ended_at, $3)
     WHERE id = ANY($1::int[]) AND erased_at IS NULL RETURNING id`,
    [ids, ERASED_MARKER, at],
  );
  return rows.length;
}

/**
 * The retention job's share: entries whose last date is before the cutoff (long ended: an entry
 * lasts 15 days at most), in one bounded batch per call.
 */
export async function eraseWaitlistEntriesBefore(tx: Queryable, cutoff: string, at: Date, limit = 500) {
  const { rows } = await tx.query<{ id: number }>(
    `SELECT id FROM waitlist_entries WHERE last_date < $1::date AND erased_at IS NULL ORDER BY id LIMIT $2`,
    [cutoff, limit],
  );
  return eraseEntries(
    tx,
    rows.map((row) => row.id),
    at,
  );
}
