import type {
  AdminBooking,
  AdminLocation,
  AdminService,
  AdminTherapist,
} from '@therapy/shared/admin-schemas';
import { toRupees } from '@therapy/shared/money';
import {
  centrePaymentJoinSql,
  onlinePaymentJoinSql,
  paidShareSql,
  stateNotInSql,
} from '../../db/booking-state-sql.ts';
import type { Queryable } from '../../db/database.ts';
import { holdsSlotSql } from '../../db/holds-slot-sql.ts';
import { decodeCursor, encodeCursor, pageAfter } from '../../http/keyset-cursor.ts';
import { type SeriesPlaceColumns, seriesPlaceSql, toSeriesPlace } from '../bookings/series-repo.ts';

/** SQL of the administrators' read-only views. */

export type BookingRow = Omit<
  AdminBooking,
  'booking_id' | 'amount' | 'created_at' | 'refunded_at' | 'refund_amount' | 'series'
> &
  SeriesPlaceColumns & {
    amount_paise: number;
    created_at: Date;
    refunded_at: Date | null;
    refund_amount_paise: number | null;
  };

export const bookingSelect = `
  SELECT b.id, b.therapist_id, t.name AS therapist_name, b.service_id,
    to_char(b.booking_date, 'YYYY-MM-DD') AS booking_date,
    to_char(b.booking_time_slot_start, 'HH24:MI:SS') AS booking_time_slot_start,
    to_char(b.booking_time_slot_end, 'HH24:MI:SS') AS booking_time_slot_end,
    b.booking_type, b.payment_status, b.cancelled,
    b.client_full_name, b.client_email, b.client_mobile, b.client_note, b.client_age,
    b.client_session_type, b.client_state, b.client_city, b.amount_paise,
    b.payment_transaction_id, b.payment_link_url, b.google_meet_link,
    COALESCE(b.location_id, 0) AS location_id, l.name AS location_name, l.address AS location_address,
    b.admin_confirmed, b.needs_refund, r.status AS refund_status, r.provider_refund_id AS refund_id,
    r.refunded_at, COALESCE(r.amount_paise, ${paidShareSql('b', 'p')}) AS refund_amount_paise, b.created_at,
    cp.id AS centre_payment_id, cp.method AS centre_payment_method, b.attendance,
    EXISTS (SELECT 1 FROM waitlist_offers wo WHERE wo.booking_id = b.id AND wo.outcome = 'open') AS waitlist_offer,
    ${seriesPlaceSql('b')}
  FROM bookings b
  JOIN therapists t ON t.id = b.therapist_id
  LEFT JOIN locations l ON l.id = b.location_id
  LEFT JOIN refunds r ON r.booking_id = b.id
  ${onlinePaymentJoinSql('b', 'p')}
  ${centrePaymentJoinSql('b', 'cp')}`;

export function toBooking({
  amount_paise,
  created_at,
  refunded_at,
  refund_amount_paise,
  waitlist_offer,
  series_id,
  series_place,
  series_count,
  ...row
}: BookingRow): AdminBooking {
  return {
    ...row,
    series: toSeriesPlace({ series_id, series_place, series_count }),
    // Only when true: every other booking reads exactly as before the field was added.
    ...(waitlist_offer ? { waitlist_offer: true } : {}),
    booking_id: row.id,
    amount: toRupees(amount_paise),
    refunded_at: refunded_at ? new Date(refunded_at).toISOString() : null,
    refund_amount: refund_amount_paise === null ? null : toRupees(refund_amount_paise),
    created_at: new Date(created_at).toISOString(),
  };
}

/** One booking or admin block as the admin screens show it; undefined when there is none. */
export async function getBooking(db: Queryable, id: number): Promise<AdminBooking | undefined> {
  const { rows } = await db.query<BookingRow>(`${bookingSelect} WHERE b.id = $1`, [id]);
  return rows[0] && toBooking(rows[0]);
}

const THERAPIST_ORDER = 'b.booking_date DESC, b.booking_time_slot_start DESC, b.id DESC';
const therapistCursor = ['date', 'time', 'id'] as const;

/** One page of a therapist's bookings and blocks, latest first, after `cursor` (keyset: date, start, id). */
export async function listTherapistBookings(
  db: Queryable,
  therapistId: number,
  page: { limit: number; cursor?: string },
) {
  const after = page.cursor ? decodeCursor(page.cursor, therapistCursor) : null;
  const { rows } = await db.query<BookingRow>(
    `${bookingSelect} WHERE b.therapist_id = $1
       AND ($2::date IS NULL OR (b.booking_date, b.booking_time_slot_start, b.id) < ($2::date, $3::time, $4::int))
     ORDER BY ${THERAPIST_ORDER} LIMIT $5`,
    [therapistId, after?.[0] ?? null, after?.[1] ?? null, after?.[2] ?? null, page.limit + 1],
  );
  const { rows: counted } = await db.query<{ total: number }>(
    'SELECT count(*)::int AS total FROM bookings WHERE therapist_id = $1',
    [therapistId],
  );
  const { items, next_cursor } = pageAfter(rows, page.limit, (row) =>
    encodeCursor([row.booking_date, row.booking_time_slot_start, row.id], therapistCursor),
  );
  return { items: items.map(toBooking), total: counted[0]?.total ?? 0, limit: page.limit, next_cursor };
}

/** The calendar's predicate: bookings that are not cancelled, failed or blocked, admin blocks left out. */
const CALENDAR_EVENT = `${stateNotInSql('b', ['FAILED', 'BLOCKED', 'CANCELLED'])}
  AND b.booking_type <> 'ADMIN_BLOCK'`;

/** Per day with events in from..to: how many, and the first `perDay` by start time. */
export async function listCalendarMonth(db: Queryable, from: string, to: string, perDay: number) {
  const { rows: counts } = await db.query<{ date: string; total: number }>(
    `SELECT to_char(b.booking_date, 'YYYY-MM-DD') AS date, count(*)::int AS total FROM bookings b
     WHERE b.booking_date BETWEEN $1::date AND $2::date AND ${CALENDAR_EVENT}
     GROUP BY b.booking_date ORDER BY b.booking_date`,
    [from, to],
  );
  const { rows } = await db.query<BookingRow>(
    `${bookingSelect}
     WHERE b.id IN (
       SELECT shown.id FROM unnest($1::date[]) AS day(date)
       CROSS JOIN LATERAL (
         SELECT b.id FROM bookings b WHERE b.booking_date = day.date AND ${CALENDAR_EVENT}
         ORDER BY b.booking_time_slot_start, b.id LIMIT $2
       ) shown)
     ORDER BY b.booking_date, b.booking_time_slot_start, b.id`,
    [counts.map((day) => day.date), perDay],
  );
  const events = rows.map(toBooking);
  return counts.map((day) => ({ ...day, events: events.filter((event) => event.booking_date === day.date) }));
}

const dayCursor = ['time', 'id'] as const;

/** One page of a day's calendar events by start time, after `cursor` (keyset: start, id). */
export async function listCalendarDay(db: Queryable, date: string, page: { limit: number; cursor?: string }) {
  const after = page.cursor ? decodeCursor(page.cursor, dayCursor) : null;
  const { rows } = await db.query<BookingRow>(
    `${bookingSelect}
     WHERE b.booking_date = $1::date AND ${CALENDAR_EVENT}
       AND ($2::time IS NULL OR (b.booking_time_slot_start, b.id) > ($2::time, $3::int))
     ORDER BY b.booking_time_slot_start, b.id LIMIT $4`,
    [date, after?.[0] ?? null, after?.[1] ?? null, page.limit + 1],
  );
  const { rows: counted } = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM bookings b WHERE b.booking_date = $1::date AND ${CALENDAR_EVENT}`,
    [date],
  );
  const { items, next_cursor } = pageAfter(rows, page.limit, (row) =>
    encodeCursor([row.booking_time_slot_start, row.id], dayCursor),
  );
  return { items: items.map(toBooking), total: counted[0]?.total ?? 0, limit: page.limit, next_cursor };
}

type TherapistRow = Omit<AdminTherapist, 'price' | 'image_url'> & {
  price_paise: number;
  image_file: string | null;
};

export async function listTherapists(db: Queryable): Promise<AdminTherapist[]> {
  const { rows } = await db.query<TherapistRow>(
    `SELECT t.id, t.name, t.title, t.specialization, t.bio, t.price_paise, t.image_file, t.type, t.email,
       t.is_active,
       COALESCE((SELECT array_agg(tl.location_id ORDER BY tl.location_id)
                 FROM therapist_locations tl WHERE tl.therapist_id = t.id), '{}') AS locations,
       COALESCE((SELECT array_agg(ts.service_id ORDER BY ts.service_id)
                 FROM therapist_services ts WHERE ts.therapist_id = t.id), '{}') AS offered_service_ids
     FROM therapists t ORDER BY t.id`,
  );
  return rows.map(({ price_paise, image_file, ...therapist }) => ({
    ...therapist,
    price: toRupees(price_paise),
    image_url: image_file,
  }));
}

export async function therapistExists(db: Queryable, id: number): Promise<boolean> {
  return (await db.query('SELECT 1 FROM therapists WHERE id = $1', [id])).rows.length > 0;
}

export async function listLocations(db: Queryable): Promise<AdminLocation[]> {
  const { rows } = await db.query<AdminLocation>(
    'SELECT id, name, short_name, description, address, is_active FROM locations ORDER BY id',
  );
  return rows;
}

export async function listServices(db: Queryable): Promise<AdminService[]> {
  return (await db.query<AdminService>('SELECT id, name FROM services ORDER BY id')).rows;
}

export type HeldTimeRow = {
  id: number;
  booking_type: string;
  /** 'HH:MM:SS' */
  start_time: string;
  end_time: string;
};

/** What holds a therapist's time on `date` (bookings and admin blocks), by start. */
export async function listHeldOnDate(
  db: Queryable,
  therapistId: number,
  date: string,
): Promise<HeldTimeRow[]> {
  const { rows } = await db.query<HeldTimeRow>(
    `SELECT b.id, b.booking_type,
       to_char(b.booking_time_slot_start, 'HH24:MI:SS') AS start_time,
       to_char(b.booking_time_slot_end, 'HH24:MI:SS') AS end_time
     FROM bookings b
     WHERE b.therapist_id = $1 AND b.booking_date = $2::date AND ${holdsSlotSql('b')}
     ORDER BY b.booking_time_slot_start, b.id`,
    [therapistId, date],
  );
  return rows;
}

/** `text` as a LIKE pattern matching it anywhere, with its own % and _ taken literally. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
