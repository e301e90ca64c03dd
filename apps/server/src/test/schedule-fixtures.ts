import type { Queryable } from '../db/database.ts';

/**
 * A therapist with a weekly schedule, date overrides and leave, straight into the database (the
 * schedule calls are another feature's), for the tests of what reads open slots.
 */
export type ScheduledTherapist = {
  id: number;
  /** 1 online, 2 in person */
  type: 1 | 2;
  locations?: number[];
  /** [weekday, start, end, location_id (0 online)] */
  weekly: [number, string, string, number][];
  buffer?: number;
  overrides?: Record<string, { start: string; end: string; location_id: number }[]>;
  leave?: [string, string][];
  active?: boolean;
};

export async function addScheduledTherapist(db: Queryable, therapist: ScheduledTherapist): Promise<void> {
  const { id } = therapist;
  await db.query(
    `INSERT INTO therapists (id, name, type, email, price_paise, is_active)
     VALUES ($1, $2, $3, $4, 100000, $5)`,
    [id, `Dr.Scheduled ${id}`, therapist.type, `scheduled-${id}@example.com`, therapist.active ?? true],
  );
  await db.query('INSERT INTO therapist_services (therapist_id, service_id) VALUES ($1, 1)', [id]);
  for (const location of therapist.locations ?? []) {
    await db.query('INSERT INTO therapist_locations (therapist_id, location_id) VALUES ($1, $2)', [
      id,
      location,
    ]);
  }
  await db.query('INSERT INTO therapist_schedules (therapist_id, buffer_minutes) VALUES ($1, $2)', [
    id,
    therapist.buffer ?? 0,
  ]);
  for (const [weekday, start, end, location] of therapist.weekly) {
    await db.query(
      `INSERT INTO weekly_hours (therapist_id, weekday, start_time, end_time, location_id)
       VALUES ($1, $2, $3, $4, $5)`,
      [id, weekday, start, end, location || null],
    );
  }
  for (const [date, hours] of Object.entries(therapist.overrides ?? {})) {
    await db.query('INSERT INTO date_overrides (therapist_id, override_date, hours) VALUES ($1, $2, $3)', [
      id,
      date,
      JSON.stringify(hours),
    ]);
  }
  for (const [from, to] of therapist.leave ?? []) {
    await db.query('INSERT INTO time_off (therapist_id, from_date, to_date) VALUES ($1, $2, $3)', [
      id,
      from,
      to,
    ]);
  }
}
