import type { AdminWaitlistEntry } from '@therapy/shared/waitlist-schemas';
import type { Database, Queryable } from '../../db/database.ts';
import { conflict, notFound } from '../../http/app-error.ts';
import type { AdminPrincipal } from '../admin-auth/admin-guard.ts';
import { insertAudit } from '../audit/audit-repo.ts';
import { markPaymentFailed } from '../bookings/expire-holds.ts';

/*
 * The admins' view of the waitlist (decision 041): each therapist's line, paged by keyset on the
 * entry's id (join order), with each entry's latest offer; and removing an entry, which withdraws
 * its open offer and gives the held slot back. Reading is audited as a client-data view
 * (audit/client-data-views.ts), removing as an admin action.
 */

const UTC_ISO = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export type WaitlistPageQuery = {
  therapist_id?: number;
  status?: AdminWaitlistEntry['status'];
  limit?: number;
  cursor?: string;
};

export async function listWaitlist(db: Queryable, query: WaitlistPageQuery, afterId: number | null) {
  const limit = query.limit ?? 50;
  const { rows } = await db.query<AdminWaitlistEntry>(
    `SELECT e.id, e.therapist_id, t.name AS therapist_name, e.booking_type, e.location_id, e.service_id,
       e.client_full_name, e.client_email, e.client_mobile, e.client_language,
       ARRAY(SELECT to_char(d, 'YYYY-MM-DD') FROM unnest(e.preferred_dates) AS d ORDER BY d) AS preferred_dates,
       e.times_of_day, e.status,
       CASE WHEN e.status = 'waiting' THEN (
         SELECT count(*)::int FROM waitlist_entries w
         WHERE w.therapist_id = e.therapist_id AND w.status = 'waiting' AND w.id <= e.id) END AS position,
       ${UTC_ISO('e.created_at')} AS created_at, to_char(e.last_date, 'YYYY-MM-DD') AS expires_on,
       (SELECT count(*)::int FROM waitlist_offers o WHERE o.entry_id = e.id) AS offers_made,
       (SELECT json_build_object('booking_id', o.booking_id, 'booking_date', to_char(o.slot_date, 'YYYY-MM-DD'),
            'start_time', to_char(o.slot_start, 'HH24:MI'), 'offered_at', ${UTC_ISO('o.offered_at')},
            'expires_at', ${UTC_ISO('o.expires_at')}, 'outcome', o.outcome)
        FROM waitlist_offers o WHERE o.entry_id = e.id ORDER BY o.id DESC LIMIT 1) AS latest_offer
     FROM waitlist_entries e JOIN therapists t ON t.id = e.therapist_id
     WHERE ($1::int IS NULL OR e.therapist_id = $1) AND e.status = $2 AND ($3::int IS NULL OR e.id > $3)
     ORDER BY e.id LIMIT $4`,
    [query.therapist_id ?? null, query.status ?? 'waiting', afterId, limit + 1],
  );
  const items = rows.slice(0, limit);
  return { items, limit, next_cursor: rows.length > limit ? String(items.at(-1)!.id) : null };
}

/** Withdraws the entry's open offer, if any, and gives its held slot back (an unpaid hold only). */
export async function withdrawOpenOffer(tx: Queryable, entryId: number, at: Date) {
  const { rows } = await tx.query<{ booking_id: number }>(
    `UPDATE waitlist_offers SET outcome = 'withdrawn', ended_at = $2
     WHERE entry_id = $1 AND outcome = 'open' RETURNING booking_id`,
    [entryId, at],
  );
  for (const { booking_id } of rows) await markPaymentFailed(tx, booking_id);
  return rows.length;
}

/** An admin takes an entry off the line. */
export async function removeWaitlistEntry(db: Database, id: number, admin: AdminPrincipal, at: Date) {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ therapist_id: number; status: string }>(
      'SELECT therapist_id, status FROM waitlist_entries WHERE id = $1 FOR UPDATE',
      [id],
    );
    const entry = rows[0];
    if (!entry) throw notFound(`Waitlist entry ${id} not found`);
    if (entry.status !== 'waiting') {
      throw conflict(`Waitlist entry ${id} is no longer waiting (${entry.status}).`);
    }
    const withdrawn = await withdrawOpenOffer(tx, id, at);
    await tx.query(
      "UPDATE waitlist_entries SET status = 'removed', ended_at = $2, updated_at = $2 WHERE id = $1",
      [id, at],
    );
    await insertAudit(tx, {
      actorAdminId: admin.id,
      actorLabel: admin.email,
      action: 'waitlist.remove',
      therapistId: entry.therapist_id,
      details: { entry_id: id, offers_withdrawn: withdrawn },
    });
    return { id, status: 'removed' as const };
  });
}
