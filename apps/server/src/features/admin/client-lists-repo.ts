import type {
  ClientBooking,
  ClientBookingPage,
  ClientSearchPage,
} from '@therapy/shared/admin-client-schemas';
import { toRupees } from '@therapy/shared/money';
import type { Queryable } from '../../db/database.ts';
import { decodeCursor, encodeCursor, pageAfter } from '../../http/keyset-cursor.ts';
import { containing } from './admin-views-repo.ts';

/**
 * SQL of the Clients & Bookings and Patients screens (ADR 034): one page at a time, searched
 * through the trigram indexes of migration 0010.
 */

type ClientBookingRow = Omit<ClientBooking['data'], 'amount' | 'therapist_details'> & {
  amount_paise: number;
  therapist_name: string;
};

const NAMED = `b.booking_type <> 'ADMIN_BLOCK' AND ($1::text IS NULL OR b.client_full_name ILIKE $1 ESCAPE '\\')`;

/** Clients' bookings newest first, `name` a piece of the client's name; one counted page after `cursor` (a booking id). */
export async function listClientBookings(
  db: Queryable,
  name: string | undefined,
  page: { limit: number; cursor?: string },
): Promise<ClientBookingPage> {
  const pattern = name ? containing(name) : null;
  const after = page.cursor ? Number(decodeCursor(page.cursor, ['id'])[0]) : null;
  const { rows } = await db.query<ClientBookingRow>(
    `SELECT b.id AS booking_id, b.client_full_name, b.client_email, b.client_mobile, b.client_note,
       b.client_session_type, b.client_city, b.client_state, b.therapist_id,
       to_char(b.booking_date, 'YYYY-MM-DD') AS booking_date,
       to_char(b.booking_time_slot_start, 'HH24:MI:SS') AS booking_time_slot_start,
       b.booking_type, b.payment_status, b.cancelled, b.amount_paise,
       COALESCE(b.location_id, 0) AS location_id, l.address AS location_address, t.name AS therapist_name
     FROM bookings b
     JOIN therapists t ON t.id = b.therapist_id
     LEFT JOIN locations l ON l.id = b.location_id
     WHERE ${NAMED} AND ($2::int IS NULL OR b.id < $2::int)
     ORDER BY b.id DESC LIMIT $3`,
    [pattern, after, page.limit + 1],
  );
  // Unfiltered, the day counts of migration 0012 hold the total; a name is counted through its index.
  const { rows: counted } = await db.query<{ total: number }>(
    pattern
      ? `SELECT count(*)::int AS total FROM bookings b WHERE ${NAMED}`
      : 'SELECT COALESCE(sum(client_bookings), 0)::int AS total FROM booking_day_counts',
    pattern ? [pattern] : [],
  );
  const { items, next_cursor } = pageAfter(rows, page.limit, (row) => encodeCursor([row.booking_id], ['id']));
  return {
    items: items.map(({ amount_paise, therapist_name, ...row }) => ({
      booking_id: row.booking_id,
      data: { ...row, amount: toRupees(amount_paise), therapist_details: { name: therapist_name } },
    })),
    total: counted[0]?.total ?? 0,
    limit: page.limit,
    next_cursor,
  };
}

const searchCursor = ['text', 'text', 'text'] as const;

/**
 * Distinct clients (table `clients`: by e-mail and mobile, with their latest name) whose name,
 * e-mail or mobile contains `text`, by name; one page after `cursor`. No total: counting a
 * common term would read every client.
 */
export async function searchClients(
  db: Queryable,
  text: string | undefined,
  page: { limit: number; cursor?: string },
): Promise<ClientSearchPage> {
  const after = page.cursor ? decodeCursor(page.cursor, searchCursor) : null;
  const params: unknown[] = [page.limit + 1];
  const where: string[] = [];
  // Built per call rather than `$n IS NULL OR …`, so the planner sees which indexes apply.
  if (text) {
    params.push(containing(text));
    where.push(`(name ILIKE $2 ESCAPE '\\' OR email ILIKE $2 ESCAPE '\\' OR mobile ILIKE $2 ESCAPE '\\')`);
  }
  if (after) {
    params.push(...after);
    const at = params.length - 2;
    where.push(`(lower(name), email, mobile) > ($${at}, $${at + 1}, $${at + 2})`);
  }
  const { rows } = await db.query<{ name: string; email: string; phone: string; name_key: string }>(
    `SELECT name, email, mobile AS phone, lower(name) AS name_key FROM clients
     ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
     ORDER BY lower(name), email, mobile LIMIT $1`,
    params,
  );
  const { items, next_cursor } = pageAfter(rows, page.limit, (row) =>
    encodeCursor([row.name_key, row.email, row.phone], searchCursor),
  );
  return {
    items: items.map(({ name, email, phone }) => ({ name, email, phone })),
    limit: page.limit,
    next_cursor,
  };
}
