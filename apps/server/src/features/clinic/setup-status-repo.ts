import type { Queryable } from '../../db/database.ts';

export type SetupCounts = {
  clinic_profile: boolean;
  locations: number;
  services: number;
  therapists: number;
  therapists_with_schedule: number;
};

/**
 * Counts of what a fresh install must set up: active centres, services and therapists, and the
 * active therapists that have weekly hours (issue 11).
 */
export async function countSetup(db: Queryable): Promise<SetupCounts> {
  const { rows } = await db.query<SetupCounts>(
    `SELECT EXISTS (SELECT 1 FROM clinic_profile) AS clinic_profile,
       (SELECT count(*)::int FROM locations WHERE is_active) AS locations,
       (SELECT count(*)::int FROM services WHERE is_active) AS services,
       (SELECT count(*)::int FROM therapists WHERE is_active) AS therapists,
       (SELECT count(*)::int FROM therapists t
        WHERE t.is_active AND EXISTS (SELECT 1 FROM weekly_hours h WHERE h.therapist_id = t.id))
         AS therapists_with_schedule`,
  );
  return rows[0]!;
}
