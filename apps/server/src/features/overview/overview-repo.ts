import { addDays } from '@therapy/shared/clinic-time';
import type { Queryable } from '../../db/database.ts';
import { holdsSlotSql } from '../../db/holds-slot-sql.ts';
import {
  A_SESSION,
  CANCELLED,
  COLLECTED,
  COMPLETED_SESSION,
  NO_SHOW,
  NOT_A_BLOCK,
} from '../reports/report-rules-sql.ts';

/*
 * The overview's reads (decision 059): the tables of facts of migration 0027, filtered by the
 * reports' own predicates (their rows carry the bookings' column names, aliased `b`), summed in
 * whole paise. Read-only: the tables are kept by triggers; nothing here writes a booking.
 */

export type Range = { from: string; to: string };
/** A period and the one just before it (ending the day before it starts). */
export type Periods = { current: Range; previous: Range };
/** A figure of each period. */
export type Both<T> = { current: T; previous: T };

/** The dates both periods span, and the first day of the current one ($1, $3; $2). */
const spanOf = ({ current, previous }: Periods) => [previous.from, current.from, current.to];

/** One day's figures (a row per day with any booking). */
export type DayRow = {
  date: string;
  booked: number;
  held: number;
  no_shows: number;
  cancellations: number;
  online_paise: number;
  centre_paise: number;
  lead_0: number;
  lead_1_2: number;
  lead_3_7: number;
  lead_8_14: number;
  lead_15_30: number;
  lead_31: number;
  lead_days: number;
};

const HELD = `${A_SESSION} AND ${COMPLETED_SESSION}`;
const INCOME = `${NOT_A_BLOCK} AND ${COLLECTED}`;
const leadSum = (column: string) => `COALESCE(sum(b.${column}) FILTER (WHERE ${HELD}), 0) AS ${column}`;

/** The figures of every day from..to, from overview_facts (a few rows a day). */
export async function readDays(db: Queryable, range: Range): Promise<DayRow[]> {
  const { rows } = await db.query<DayRow>(
    `SELECT b.booking_date AS date,
       COALESCE(sum(b.bookings) FILTER (WHERE ${A_SESSION}), 0) AS booked,
       COALESCE(sum(b.bookings) FILTER (WHERE ${HELD}), 0) AS held,
       COALESCE(sum(b.bookings) FILTER (WHERE ${A_SESSION} AND ${NO_SHOW}), 0) AS no_shows,
       COALESCE(sum(b.bookings) FILTER (WHERE ${A_SESSION} AND ${CANCELLED}), 0) AS cancellations,
       -- A centre payment's amount is the booking's income in place of its price (the reports' rule).
       COALESCE(sum(b.amount_paise) FILTER (WHERE ${INCOME} AND NOT b.centre_paid), 0) AS online_paise,
       COALESCE(sum(b.centre_paise) FILTER (WHERE ${INCOME} AND b.centre_paid), 0) AS centre_paise,
       ${['lead_0', 'lead_1_2', 'lead_3_7', 'lead_8_14', 'lead_15_30', 'lead_31', 'lead_days'].map(leadSum).join(',\n       ')}
     FROM overview_facts b
     WHERE b.booking_date BETWEEN $1::date AND $2::date
     GROUP BY b.booking_date`,
    [range.from, range.to],
  );
  return rows;
}

type HourRow = { current: boolean; hour: number; sessions: number };

/** Sessions held per hour of start in each period, the hours with any. */
export async function readHours(
  db: Queryable,
  periods: Periods,
): Promise<Both<{ hour: number; sessions: number }[]>> {
  const { rows } = await db.query<HourRow>(
    `SELECT b.booking_date >= $2::date AS current, b.start_hour AS hour,
       sum(b.bookings) FILTER (WHERE ${HELD}) AS sessions
     FROM overview_hours b
     WHERE b.booking_date BETWEEN $1::date AND $3::date
     GROUP BY 1, 2 HAVING sum(b.bookings) FILTER (WHERE ${HELD}) > 0
     ORDER BY 2`,
    spanOf(periods),
  );
  const of = (current: boolean) =>
    rows.filter((row) => row.current === current).map(({ hour, sessions }) => ({ hour, sessions }));
  return { current: of(true), previous: of(false) };
}

/**
 * Clients' sessions holding a slot, per therapist, from..to: the whole calendar months within it
 * from overview_therapist_months, the days of part months at either end from the days.
 */
export async function readBookedByTherapist(db: Queryable, range: Range): Promise<Map<number, number>> {
  const months = wholeMonths(range);
  const { rows } = await db.query<{ therapist_id: number; booked: number }>(
    `SELECT b.therapist_id, sum(b.bookings) AS booked
     FROM (
       SELECT therapist_id, booking_type, payment_status, cancelled, bookings FROM overview_therapist_months
       WHERE month >= $3::date AND month < $4::date
       UNION ALL
       SELECT therapist_id, booking_type, payment_status, cancelled, bookings FROM overview_therapist_days
       WHERE booking_date BETWEEN $1::date AND $2::date AND NOT (booking_date >= $3::date AND booking_date < $4::date)
     ) b
     WHERE ${NOT_A_BLOCK} AND ${holdsSlotSql('b')}
     GROUP BY b.therapist_id`,
    [range.from, range.to, months.from, months.to],
  );
  return new Map(rows.map((row) => [row.therapist_id, row.booked]));
}

/** The whole calendar months within a range: [from, to) as first days of months (empty: from = to). */
export function wholeMonths(range: Range): { from: string; to: string } {
  const first = range.from.endsWith('-01') ? range.from : nextMonthStart(range.from);
  // The month of `to` is whole when `to` is its last day.
  const dayAfter = addDays(range.to, 1);
  const last = dayAfter.endsWith('-01') ? dayAfter : monthStartOf(range.to);
  return first < last ? { from: first, to: last } : { from: first, to: first };
}

const monthStartOf = (date: string) => `${date.slice(0, 7)}-01`;

function nextMonthStart(date: string): string {
  const [year, month] = date.split('-').map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
}

/**
 * Clients' cancellations of sessions dated in each period made less than `noticeHours` before
 * the session began (its start in the clinic's zone, kept with the cancellation).
 */
export async function countLateCancellations(
  db: Queryable,
  periods: Periods,
  noticeHours: number,
): Promise<Both<number>> {
  const { rows } = await db.query<Both<number>>(
    `SELECT count(*) FILTER (WHERE b.booking_date >= $2::date) AS current,
       count(*) FILTER (WHERE b.booking_date < $2::date) AS previous
     FROM overview_cancellations b
     WHERE b.booking_date BETWEEN $1::date AND $3::date AND ${NOT_A_BLOCK}
       AND b.cancelled_at > b.starts_at - make_interval(hours => $4::int)`,
    [...spanOf(periods), noticeHours],
  );
  return rows[0] ?? { current: 0, previous: 0 };
}

/**
 * Refunds the provider accepted (pending or processed) for sessions dated in each period, in paise.
 * Each refund looks its booking up by id (LIMIT 1 keeps the planner from turning it into a scan of
 * every booking of two years: 143 → 52 ms at a million bookings, docs/benchmarks.md).
 */
export async function sumRefunds(db: Queryable, periods: Periods): Promise<Both<number>> {
  const { rows } = await db.query<Both<number>>(
    `SELECT COALESCE(sum(r.amount_paise) FILTER (WHERE b.booking_date >= $2::date), 0) AS current,
       COALESCE(sum(r.amount_paise) FILTER (WHERE b.booking_date < $2::date), 0) AS previous
     FROM refunds r
     CROSS JOIN LATERAL (SELECT s.booking_date FROM bookings s WHERE s.id = r.booking_id LIMIT 1) b
     WHERE r.status IN ('pending', 'processed') AND b.booking_date BETWEEN $1::date AND $3::date`,
    spanOf(periods),
  );
  return rows[0] ?? { current: 0, previous: 0 };
}

export type NewClients = { new_clients: number; returning_clients: number; sessions: number };

/**
 * Clients whose first session held is dated in each period: how many, how many returned within
 * RETURNING_WITHIN_DAYS (60, as migration 0027 counts them), their sessions in those days.
 */
export async function countNewClients(db: Queryable, periods: Periods): Promise<Both<NewClients>> {
  const { rows } = await db.query<NewClients & { current: boolean }>(
    `SELECT first_date >= $2::date AS current, sum(new_clients) AS new_clients,
       sum(returning_clients) AS returning_clients, sum(sessions_60) AS sessions
     FROM overview_client_days WHERE first_date BETWEEN $1::date AND $3::date
     GROUP BY 1`,
    spanOf(periods),
  );
  const of = (current: boolean): NewClients => {
    const { current: _, ...counts } = rows.find((row) => row.current === current) ?? {
      current,
      new_clients: 0,
      returning_clients: 0,
      sessions: 0,
    };
    return counts;
  };
  return { current: of(true), previous: of(false) };
}

export type WaitlistRow = { therapist_id: number; waiting: number; offered: number };

/**
 * People who joined a therapist's waitlist in each period (by the day they joined, in the
 * clinic's zone), and how many of them were offered a slot.
 */
export async function countWaitlist(
  db: Queryable,
  periods: Periods,
  clinicTimeZone: string,
): Promise<Both<WaitlistRow[]>> {
  const { rows } = await db.query<WaitlistRow & { current: boolean }>(
    `SELECT e.created_at >= ($2::date)::timestamp AT TIME ZONE $4 AS current, e.therapist_id, count(*) AS waiting,
       count(*) FILTER (WHERE EXISTS (SELECT 1 FROM waitlist_offers o WHERE o.entry_id = e.id)) AS offered
     FROM waitlist_entries e
     WHERE e.created_at >= ($1::date)::timestamp AT TIME ZONE $4
       AND e.created_at < ($3::date + 1)::timestamp AT TIME ZONE $4
     GROUP BY 1, 2 ORDER BY 2`,
    [...spanOf(periods), clinicTimeZone],
  );
  const of = (current: boolean) =>
    rows.filter((row) => row.current === current).map(({ current: _, ...row }) => row);
  return { current: of(true), previous: of(false) };
}

/** Every therapist's id and name (active or not: a past period may hold the sessions of either). */
export async function listTherapists(db: Queryable) {
  const { rows } = await db.query<{ id: number; name: string; is_active: boolean }>(
    'SELECT id, name, is_active FROM therapists ORDER BY id',
  );
  return rows;
}

/** The clinic's zone the facts' lead times were reckoned in. */
export async function readFactsZone(db: Queryable): Promise<string | undefined> {
  const { rows } = await db.query<{ clinic_timezone: string }>(
    'SELECT clinic_timezone FROM overview_settings',
  );
  return rows[0]?.clinic_timezone;
}

/**
 * Reckons the facts again in `clinicTimeZone` when it is not the one they were reckoned in (a
 * changed CLINIC_TIMEZONE), under a lock on the setting, so no booking's change is reckoned in
 * the old zone meanwhile.
 */
export async function rebuildFactsIn(tx: Queryable, clinicTimeZone: string): Promise<boolean> {
  // Waits for every transaction that read the zone to end; a booking's trigger then reads the new one.
  await tx.query('LOCK TABLE overview_settings IN ACCESS EXCLUSIVE MODE');
  const zone = await readFactsZone(tx);
  if (zone === clinicTimeZone) return false;
  await tx.query('UPDATE overview_settings SET clinic_timezone = $1', [clinicTimeZone]);
  await tx.query('SELECT overview_rebuild()');
  return true;
}
