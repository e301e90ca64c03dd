import type { SeriesPlace } from '@therapy/shared/series-schemas';
import type { Queryable } from '../../db/database.ts';
import { holdsSlotSql } from '../../db/holds-slot-sql.ts';

/** The SQL of standing appointments (migration 0023): the series row and its sessions' ties. */

export async function insertSeries(
  tx: Queryable,
  series: { therapistId: number; everyWeeks: 1 | 2; patternCount: number; pay: 'all' | 'each' },
): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO booking_series (therapist_id, every_weeks, pattern_count, pay)
     VALUES ($1, $2, $3, $4) RETURNING id`,
    [series.therapistId, series.everyWeeks, series.patternCount, series.pay],
  );
  return rows[0]!.id;
}

export async function tieToSeries(tx: Queryable, bookingId: number, seriesId: number, position: number) {
  await tx.query('UPDATE bookings SET series_id = $2, series_position = $3 WHERE id = $1', [
    bookingId,
    seriesId,
    position,
  ]);
}

/** The sessions of `bookingId`'s series that still hold their time, by date (none for a single booking). */
export async function seriesSessionsOf(db: Queryable, bookingId: number) {
  const { rows } = await db.query<{
    position: number;
    booking_date: string;
    booking_time_slot_start: string;
  }>(
    `SELECT series_position AS position, to_char(booking_date, 'YYYY-MM-DD') AS booking_date,
       to_char(booking_time_slot_start, 'HH24:MI:SS') AS booking_time_slot_start
     FROM bookings
     WHERE series_id = (SELECT series_id FROM bookings WHERE id = $1) AND ${holdsSlotSql()}
     ORDER BY booking_date, booking_time_slot_start
     LIMIT 52`,
    [bookingId],
  );
  return rows;
}

/** One status-page token for the whole series: the first session's, on every session. */
export async function shareConfirmationToken(tx: Queryable, seriesId: number, firstId: number) {
  await tx.query(
    `UPDATE bookings SET confirmation_token_hash = (SELECT confirmation_token_hash FROM bookings WHERE id = $2)
     WHERE series_id = $1`,
    [seriesId, firstId],
  );
}

/**
 * The columns of a booking's place in its series ("3 of 8", decision 056), for a SELECT over
 * bookings `b`: `series_id`, and `series_place` / `series_count` as seriesPlaceSchema defines them
 * (the other sessions still holding their time, through bookings_series_idx; this one counted).
 */
export function seriesPlaceSql(b: string): string {
  const others = `FROM bookings o WHERE o.series_id = ${b}.series_id AND o.id <> ${b}.id AND ${holdsSlotSql('o')}`;
  return `${b}.series_id,
    CASE WHEN ${b}.series_id IS NULL THEN NULL ELSE (SELECT count(*)::integer + 1 ${others}
      AND (o.booking_date, o.booking_time_slot_start) < (${b}.booking_date, ${b}.booking_time_slot_start)) END
      AS series_place,
    CASE WHEN ${b}.series_id IS NULL THEN NULL ELSE (SELECT count(*)::integer + 1 ${others}) END AS series_count`;
}

export type SeriesPlaceColumns = {
  series_id: number | null;
  series_place: number | null;
  series_count: number | null;
};

/** The columns of seriesPlaceSql as the answers carry them. */
export function toSeriesPlace(row: SeriesPlaceColumns): SeriesPlace {
  if (row.series_id === null || row.series_place === null || row.series_count === null) return null;
  return { series_id: row.series_id, position: row.series_place, count: row.series_count };
}

export type SeriesSessionRow = {
  booking_id: number;
  position: number;
  booking_date: string;
  booking_time_slot_start: string;
  booking_time_slot_end: string;
  /** Cancelled, or no longer holding its time (a failed payment). */
  cancelled: boolean;
  series_id: number;
};

/**
 * Every session of the series `bookingId` belongs to, by date (none for a single booking);
 * bounded by the series' own size (at most SERIES_MAX_SESSIONS_LIMIT rows).
 */
export async function findSeriesSessions(db: Queryable, bookingId: number): Promise<SeriesSessionRow[]> {
  const { rows } = await db.query<SeriesSessionRow>(
    `SELECT b.id AS booking_id, b.series_position AS position, b.series_id,
       to_char(b.booking_date, 'YYYY-MM-DD') AS booking_date,
       to_char(b.booking_time_slot_start, 'HH24:MI:SS') AS booking_time_slot_start,
       to_char(b.booking_time_slot_end, 'HH24:MI:SS') AS booking_time_slot_end,
       NOT (${holdsSlotSql('b')}) AS cancelled
     FROM bookings b
     WHERE b.series_id = (SELECT series_id FROM bookings WHERE id = $1)
     ORDER BY b.booking_date, b.booking_time_slot_start
     LIMIT 52`,
    [bookingId],
  );
  return rows;
}
