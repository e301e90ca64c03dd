import type { Queryable } from '../../db/database.ts';

export type SetupCounts = {
  clinic_profile: boolean;
  locations: number;
  services: number;
  therapists: number;
  therapists_with_schedule: number;
};

/**
 * Counts of what a fresh install must set up. A schedule is a therapist's weekly hours
 * (`weekly_hours`, issue 11); until that table exists, the daily slot templates of
 * `availability_slots` stand for it. Only active therapists count.
 */
export async function countSetup(db: Queryable): Promise<SetupCounts> {
  const { rows } = await db.query<
    Omit<SetupCounts, 'therapists_with_schedule'> & { has_weekly_hours: boolean }
  >(
    `SELECT EXISTS (SELECT 1 FROM clinic_profile) AS clinic_profile,
       (SELECT count(*)::int FROM locations) AS locations,
       (SELECT count(*)::int FROM services) AS services,
       (SELECT count(*)::int FROM therapists WHERE is_active) AS therapists,
       to_regclass('weekly_hours') IS NOT NULL AS has_weekly_hours`,
  );
  const { has_weekly_hours, ...counts } = rows[0]!;
  // A query naming a missing table fails as it is parsed, so each source is its own query.
  const scheduleTable = has_weekly_hours ? 'weekly_hours' : 'availability_slots';
  const scheduled = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM therapists t
     WHERE t.is_active AND EXISTS (SELECT 1 FROM ${scheduleTable} s WHERE s.therapist_id = t.id)`,
  );
  return { ...counts, therapists_with_schedule: scheduled.rows[0]?.count ?? 0 };
}
