import type { TimeOfDay } from '@therapy/shared/waitlist-rules';
import { stateInSql, stateNotInSql } from '../../db/booking-state-sql.ts';
import type { Queryable } from '../../db/database.ts';

/* The matching sweep's SQL (decision 041): settling offers, expiring entries, the lines, the offers. */

/**
 * Offers whose held booking no longer waits for the client end: taken when it was confirmed or
 * paid (the entry is booked), lapsed when its hold ran out or it was cancelled (the entry waits on).
 */
export async function settleOffers(db: Queryable, at: Date): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `WITH ended AS (
       UPDATE waitlist_offers o SET ended_at = $1, outcome = CASE
           WHEN ${stateInSql('b', ['PENDING', 'COMPLETED'])} THEN 'claimed' ELSE 'expired' END
       FROM bookings b
       WHERE b.id = o.booking_id AND o.outcome = 'open' AND ${stateNotInSql('b', ['INITIATED'])}
       RETURNING o.entry_id, o.outcome)
     UPDATE waitlist_entries SET status = 'booked', ended_at = $1, updated_at = $1
     WHERE id IN (SELECT entry_id FROM ended WHERE outcome = 'claimed') AND status = 'waiting'
     RETURNING id`,
    [at],
  );
  return rows.length;
}

/** Entries whose last preferred date has passed leave the line (an open offer has lapsed by then). */
export async function expireEntries(db: Queryable, today: string, at: Date): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `UPDATE waitlist_entries SET status = 'expired', ended_at = $2, updated_at = $2
     WHERE status = 'waiting' AND last_date < $1::date RETURNING id`,
    [today, at],
  );
  return rows.length;
}

/** Therapists with someone waiting, after `afterId` in id order (the sweep takes turns), at most `limit`. */
export async function therapistsWithWaiting(
  db: Queryable,
  afterId: number,
  limit: number,
): Promise<number[]> {
  const { rows } = await db.query<{ therapist_id: number }>(
    `SELECT DISTINCT therapist_id FROM waitlist_entries
     WHERE status = 'waiting' AND therapist_id > $1 ORDER BY therapist_id LIMIT $2`,
    [afterId, limit],
  );
  return rows.map((row) => row.therapist_id);
}

export type WaitingEntry = {
  id: number;
  booking_type: 'ONLINE' | 'OFFLINE';
  location_id: number;
  service_id: number | null;
  preferred_dates: string[];
  times_of_day: TimeOfDay[];
  last_date: string;
};

/** The therapist's line without an open offer, first come first, at most `limit`. */
export async function waitingEntries(db: Queryable, therapistId: number, limit: number) {
  const { rows } = await db.query<WaitingEntry>(
    `SELECT e.id, e.booking_type, e.location_id, e.service_id,
       ARRAY(SELECT to_char(d, 'YYYY-MM-DD') FROM unnest(e.preferred_dates) AS d) AS preferred_dates,
       e.times_of_day, to_char(e.last_date, 'YYYY-MM-DD') AS last_date
     FROM waitlist_entries e
     WHERE e.therapist_id = $1 AND e.status = 'waiting'
       AND NOT EXISTS (SELECT 1 FROM waitlist_offers o WHERE o.entry_id = e.id AND o.outcome = 'open')
     ORDER BY e.id LIMIT $2`,
    [therapistId, limit],
  );
  return rows;
}

/** The slots already offered to these entries, as `entry:date:HH:MM`: never offered to them again. */
export async function offeredSlots(db: Queryable, entryIds: number[]): Promise<Set<string>> {
  const { rows } = await db.query<{ key: string }>(
    `SELECT entry_id || ':' || to_char(slot_date, 'YYYY-MM-DD') || ':' || to_char(slot_start, 'HH24:MI') AS key
     FROM waitlist_offers WHERE entry_id = ANY($1::int[]) LIMIT 100000`,
    [entryIds],
  );
  return new Set(rows.map((row) => row.key));
}

export type EntryClient = {
  client_full_name: string;
  client_email: string;
  client_mobile: string;
  client_age: number | null;
  client_language: 'en' | 'hi';
  whatsapp_consent: boolean;
  guardian_name: string | null;
  guardian_relation: string | null;
  guardian_mobile: string | null;
  guardian_email: string | null;
  terms_document_id: number | null;
  notice_document_id: number | null;
  consented_at: Date;
};

/**
 * The entry, locked for this offer, if it still waits without an open offer. SKIP LOCKED: an entry
 * another worker is offering a slot to right now is passed over, not waited for.
 */
export async function lockWaitingEntry(tx: Queryable, entryId: number): Promise<EntryClient | undefined> {
  const { rows } = await tx.query<EntryClient>(
    `SELECT client_full_name, client_email, client_mobile, client_age, client_language, whatsapp_consent,
       guardian_name, guardian_relation, guardian_mobile, guardian_email, terms_document_id,
       notice_document_id, consented_at
     FROM waitlist_entries e
     WHERE id = $1 AND status = 'waiting'
       AND NOT EXISTS (SELECT 1 FROM waitlist_offers o WHERE o.entry_id = e.id AND o.outcome = 'open')
     FOR UPDATE SKIP LOCKED`,
    [entryId],
  );
  return rows[0];
}

export type NewOffer = {
  entryId: number;
  bookingId: number;
  date: string;
  start: string;
  tokenHash: string;
  salt: string;
  at: Date;
  expiresAt: Date;
};

export async function insertOffer(tx: Queryable, offer: NewOffer): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO waitlist_offers (entry_id, booking_id, slot_date, slot_start, token_hash, salt, offered_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [
      offer.entryId,
      offer.bookingId,
      offer.date,
      offer.start,
      offer.tokenHash,
      offer.salt,
      offer.at,
      offer.expiresAt,
    ],
  );
  return rows[0]!.id;
}
