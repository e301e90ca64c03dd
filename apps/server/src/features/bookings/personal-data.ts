import { normalizeMobile } from '@therapy/shared/mobile-number';
import { ERASED_MARKER, type PrivacySubject } from '@therapy/shared/privacy-schemas';
import type { Queryable } from '../../db/database.ts';

/*
 * The booking's own writes of its client's personal fields, for the privacy desk (decision 039):
 * erasure (personal fields only: amounts, dates, statuses and payments stay) and correction.
 */

/** The client as the bookings store them: e-mail matched in any case, mobile as its 10 digits. */
export function subjectMatch(subject: PrivacySubject): { sql: string; value: string } {
  if (subject.email !== undefined)
    return { sql: 'lower(b.client_email) = lower($1)', value: subject.email.trim() };
  return { sql: 'b.client_mobile = $1', value: normalizeMobile(subject.mobile ?? '') ?? '' };
}

/**
 * Erases these bookings' personal fields: the name becomes ERASED_MARKER, the other client
 * fields, the note and the status page's token are emptied. Answers the bookings erased now
 * (those erased before are left).
 */
export async function erasePersonalFields(tx: Queryable, ids: number[], now: Date): Promise<number[]> {
  if (ids.length === 0) return [];
  const { rows } = await tx.query<{ id: number }>(
    `UPDATE bookings SET client_full_name = $2, client_email = NULL, client_mobile = NULL, client_age = NULL,
       client_session_type = NULL, client_state = NULL, client_city = NULL, client_note = NULL,
       whatsapp_consent = false, confirmation_token_hash = NULL, erased_at = $3, guardian_name = NULL,
       guardian_relation = NULL, guardian_mobile = NULL, guardian_email = NULL
     WHERE id = ANY($1::int[]) AND erased_at IS NULL
     RETURNING id`,
    [ids, ERASED_MARKER, now],
  );
  return rows.map((row) => row.id);
}

export type Correction = { fullName?: string; email?: string; mobile?: string };

/** New contact details on every booking of the client (not erased ones); answers how many. */
export async function correctContactDetails(
  tx: Queryable,
  subject: PrivacySubject,
  change: Correction,
): Promise<number> {
  const match = subjectMatch(subject);
  const { rows } = await tx.query<{ id: number }>(
    `UPDATE bookings b SET client_full_name = COALESCE($2, b.client_full_name),
       client_email = COALESCE($3, b.client_email), client_mobile = COALESCE($4, b.client_mobile)
     WHERE ${match.sql} AND b.booking_type <> 'ADMIN_BLOCK' AND b.erased_at IS NULL
     RETURNING b.id`,
    [match.value, change.fullName ?? null, change.email ?? null, change.mobile ?? null],
  );
  return rows.length;
}
