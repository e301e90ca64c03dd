import type { Queryable } from '../../db/database.ts';

export type SetupCounts = {
  clinic_profile: boolean;
  locations: number;
  services: number;
  therapists: number;
  therapists_with_schedule: number;
  therapists_with_photo: number;
  schedule_therapist_id: number | null;
};

/**
 * An active therapist whose weekly hours serve its visitors: some hours, and when it sees clients
 * in person (type 2 or 3) some of them at a centre, else in-person visitors find no slot (issue 31).
 */
const SCHEDULED = `EXISTS (SELECT 1 FROM weekly_hours h WHERE h.therapist_id = t.id
    AND (t.type = 1 OR h.location_id IS NOT NULL))`;

/**
 * Counts of what a fresh install must set up: active centres, services and therapists, the
 * active therapists with weekly hours that serve them and those with a photo (issues 11, 31);
 * and the therapist whose schedule the checklist opens (the first without one, else the first).
 */
export async function countSetup(db: Queryable): Promise<SetupCounts> {
  const { rows } = await db.query<SetupCounts>(
    `SELECT EXISTS (SELECT 1 FROM clinic_profile) AS clinic_profile,
       (SELECT count(*)::int FROM locations WHERE is_active) AS locations,
       (SELECT count(*)::int FROM services WHERE is_active) AS services,
       (SELECT count(*)::int FROM therapists WHERE is_active) AS therapists,
       (SELECT count(*)::int FROM therapists t WHERE t.is_active AND ${SCHEDULED})
         AS therapists_with_schedule,
       (SELECT count(*)::int FROM therapists t WHERE t.is_active AND t.image_file IS NOT NULL)
         AS therapists_with_photo,
       (SELECT t.id FROM therapists t WHERE t.is_active ORDER BY ${SCHEDULED}, t.id LIMIT 1)
         AS schedule_therapist_id`,
  );
  return rows[0]!;
}
