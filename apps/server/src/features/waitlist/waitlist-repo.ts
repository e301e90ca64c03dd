import type { TimeOfDay } from '@therapy/shared/waitlist-rules';
import type { Queryable } from '../../db/database.ts';
import { holdsSlotSql } from '../../db/holds-slot-sql.ts';

/*
 * The waitlist's SQL for joining, offers and their links, and the admin's list (decision 041).
 * The sweep's own queries are in waitlist-sweep-repo.ts; the privacy desk's in waitlist-privacy.ts.
 */

export type NewEntry = {
  therapistId: number;
  bookingType: 'ONLINE' | 'OFFLINE';
  locationId: number;
  serviceId: number | null;
  fullName: string;
  email: string;
  mobile: string;
  age: number | null;
  language: 'en' | 'hi';
  whatsappConsent: boolean;
  guardian: { name: string; relation: string; mobile: string; email: string } | null;
  termsId: number;
  noticeId: number;
  at: Date;
  dates: string[];
  times: TimeOfDay[];
};

/**
 * A new place in the therapist's line, or, for an e-mail already waiting for that therapist, the
 * same place with the new wishes and details (the unique index decides, even for two joins at once).
 */
export async function upsertEntry(db: Queryable, entry: NewEntry) {
  const { rows } = await db.query<{ id: number; updated: boolean; last_date: string }>(
    `INSERT INTO waitlist_entries (therapist_id, booking_type, location_id, service_id, client_full_name,
       client_email, client_mobile, client_age, client_language, whatsapp_consent, guardian_name,
       guardian_relation, guardian_mobile, guardian_email, guardian_consent, terms_document_id,
       notice_document_id, consented_at, preferred_dates, times_of_day, last_date, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19::date[],
       $20::text[], (SELECT max(d) FROM unnest($19::date[]) AS d), $18, $18)
     ON CONFLICT (therapist_id, lower(client_email)) WHERE status = 'waiting' DO UPDATE SET
       booking_type = EXCLUDED.booking_type, location_id = EXCLUDED.location_id,
       service_id = EXCLUDED.service_id, client_full_name = EXCLUDED.client_full_name,
       client_email = EXCLUDED.client_email, client_mobile = EXCLUDED.client_mobile,
       client_age = EXCLUDED.client_age, client_language = EXCLUDED.client_language,
       whatsapp_consent = EXCLUDED.whatsapp_consent, guardian_name = EXCLUDED.guardian_name,
       guardian_relation = EXCLUDED.guardian_relation, guardian_mobile = EXCLUDED.guardian_mobile,
       guardian_email = EXCLUDED.guardian_email, guardian_consent = EXCLUDED.guardian_consent,
       terms_document_id = EXCLUDED.terms_document_id, notice_document_id = EXCLUDED.notice_document_id,
       consented_at = EXCLUDED.consented_at, preferred_dates = EXCLUDED.preferred_dates,
       times_of_day = EXCLUDED.times_of_day, last_date = EXCLUDED.last_date, updated_at = EXCLUDED.updated_at
     RETURNING id, (xmax::text <> '0') AS updated, to_char(last_date, 'YYYY-MM-DD') AS last_date`,
    [
      entry.therapistId,
      entry.bookingType,
      entry.locationId,
      entry.serviceId,
      entry.fullName,
      entry.email,
      entry.mobile,
      entry.age,
      entry.language,
      entry.whatsappConsent,
      entry.guardian?.name ?? null,
      entry.guardian?.relation ?? null,
      entry.guardian?.mobile ?? null,
      entry.guardian?.email ?? null,
      entry.guardian !== null,
      entry.termsId,
      entry.noticeId,
      entry.at,
      entry.dates,
      entry.times,
    ],
  );
  return rows[0]!;
}

/** The entry's place in its therapist's line (1 first): join order, the waiting only. */
export async function positionOf(db: Queryable, entryId: number): Promise<number> {
  const { rows } = await db.query<{ position: number }>(
    `SELECT count(*)::int AS position FROM waitlist_entries w
     JOIN waitlist_entries me ON me.id = $1
     WHERE w.therapist_id = me.therapist_id AND w.status = 'waiting' AND w.id <= me.id`,
    [entryId],
  );
  return rows[0]?.position ?? 0;
}

export type OfferRow = {
  id: number;
  entry_id: number;
  booking_id: number;
  salt: string;
  outcome: 'open' | 'claimed' | 'expired' | 'withdrawn';
  booking_type: 'ONLINE' | 'OFFLINE';
  payment_status: string;
  holds_slot: boolean;
  hold_expires_at: Date | null;
  booking_date: string;
  start_time: string;
  end_time: string;
  amount_paise: number;
  therapist_name: string;
  location_name: string | null;
  location_address: string | null;
  client_language: 'en' | 'hi';
  client_full_name: string;
  client_email: string | null;
  client_mobile: string | null;
  whatsapp_consent: boolean;
  /** The held booking's copy: what its payment link is asked for with. */
  booking_client_email: string | null;
};

const OFFER_SELECT = `SELECT o.id, o.entry_id, o.booking_id, o.salt, o.outcome, b.booking_type, b.payment_status,
     (${holdsSlotSql('b')}) AS holds_slot,
     b.hold_expires_at, to_char(b.booking_date, 'YYYY-MM-DD') AS booking_date,
     to_char(b.booking_time_slot_start, 'HH24:MI') AS start_time,
     to_char(b.booking_time_slot_end, 'HH24:MI') AS end_time, b.amount_paise, t.name AS therapist_name,
     l.name AS location_name, l.address AS location_address, e.client_language, e.client_full_name,
     e.client_email, e.client_mobile, e.whatsapp_consent, b.client_email AS booking_client_email
   FROM waitlist_offers o
   JOIN waitlist_entries e ON e.id = o.entry_id
   JOIN bookings b ON b.id = o.booking_id
   JOIN therapists t ON t.id = b.therapist_id
   LEFT JOIN locations l ON l.id = b.location_id`;

/** The offer a token's hash names (the token itself is never stored). */
export async function findOfferByTokenHash(db: Queryable, hash: string): Promise<OfferRow | undefined> {
  return (await db.query<OfferRow>(`${OFFER_SELECT} WHERE o.token_hash = $1`, [hash])).rows[0];
}

export async function findOffer(db: Queryable, id: number): Promise<OfferRow | undefined> {
  return (await db.query<OfferRow>(`${OFFER_SELECT} WHERE o.id = $1`, [id])).rows[0];
}

/** Locks the offer until the transaction ends (a claim against the sweep settling it). */
export async function lockOfferByTokenHash(tx: Queryable, hash: string): Promise<number | undefined> {
  const { rows } = await tx.query<{ id: number }>(
    'SELECT id FROM waitlist_offers WHERE token_hash = $1 FOR UPDATE',
    [hash],
  );
  return rows[0]?.id;
}

/** The offer taken: its entry leaves the line, booked. */
export async function markOfferClaimed(tx: Queryable, offerId: number, at: Date) {
  await tx.query(
    `WITH claimed AS (
       UPDATE waitlist_offers SET outcome = 'claimed', ended_at = $2 WHERE id = $1 AND outcome = 'open'
       RETURNING entry_id)
     UPDATE waitlist_entries SET status = 'booked', ended_at = $2, updated_at = $2
     WHERE id IN (SELECT entry_id FROM claimed) AND status = 'waiting'`,
    [offerId, at],
  );
}
