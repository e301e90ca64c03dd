import type { Database } from '../apps/server/src/db/database.ts';

/**
 * Standing appointments in the scale data (issue 26, decisions 055 and 056): half the therapists
 * (even ids) see clients weekly at 13:00. Their 13:00 sessions on one weekday within each 8-week
 * block (blocks counted from Monday 2000-01-03) become one series of up to 8 sessions, one client's
 * (the first session's), each at its place in the pattern; a block with one session stays single.
 * Written by the database in a few statements; every constraint still holds (no session moves).
 */
export async function addScaleSeries(db: Database, log: (line: string) => void) {
  log('standing appointments: weekly series of the even-numbered therapists at 13:00');
  await db.exec(`
    CREATE TEMP TABLE scale_series_members AS
    SELECT id, therapist_id, booking_date,
      therapist_id || ':' || extract(isodow FROM booking_date) || ':' || (booking_date - date '2000-01-03') / 56 AS grp,
      1 + ((booking_date - date '2000-01-03') % 56) / 7 AS position
    FROM bookings
    WHERE series_id IS NULL AND therapist_id % 2 = 0 AND booking_time_slot_start = '13:00'
      AND booking_type <> 'ADMIN_BLOCK';
    CREATE TEMP TABLE scale_series AS
    SELECT grp, min(therapist_id) AS therapist_id, min(id) AS first_id,
      (SELECT COALESCE(max(id), 0) FROM booking_series) + row_number() OVER (ORDER BY grp) AS series_id
    FROM scale_series_members GROUP BY grp HAVING count(*) > 1;
    INSERT INTO booking_series (id, therapist_id, every_weeks, pattern_count, pay)
    SELECT series_id, therapist_id, 1, 8, CASE WHEN series_id % 2 = 0 THEN 'all' ELSE 'each' END FROM scale_series;
    SELECT setval(pg_get_serial_sequence('booking_series', 'id'), (SELECT max(id) FROM booking_series));
    UPDATE bookings b SET series_id = s.series_id, series_position = m.position,
      client_full_name = f.client_full_name, client_email = f.client_email, client_mobile = f.client_mobile
    FROM scale_series_members m JOIN scale_series s USING (grp) JOIN bookings f ON f.id = s.first_id
    WHERE b.id = m.id;
    DROP TABLE scale_series_members;
    DROP TABLE scale_series;`);
  const { rows } = await db.query<{ series: number; sessions: number }>(
    `SELECT (SELECT count(*)::int FROM booking_series) AS series,
       (SELECT count(*)::int FROM bookings WHERE series_id IS NOT NULL) AS sessions`,
  );
  log(`standing appointments: ${rows[0]?.series} series, ${rows[0]?.sessions} sessions`);
}

/** Scale data generated before standing appointments gets them once. */
export async function addScaleSeriesUnlessThere(db: Database, log: (line: string) => void) {
  const { rows } = await db.query<{ there: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM booking_series) AS there',
  );
  if (rows[0]?.there) return;
  await addScaleSeries(db, log);
  await db.exec('ANALYZE bookings; ANALYZE booking_series');
}
