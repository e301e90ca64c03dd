import { SESSION_MINUTES } from '@therapy/shared/booking-rules';
import { addMinutes } from '@therapy/shared/clinic-time';
import type { Database, Queryable } from '../../db/database.ts';
import { holdStartupLock } from '../../db/migrate.ts';
import { saveClinicProfileIfNone } from '../clinic/clinic-service.ts';
import { demoClinicProfile, demoLocations, demoServices, demoTherapists } from './demo-catalog.ts';

/**
 * STOPGAP (issue 11, to be replaced by the demo loader that goes through the schedule service):
 * each demo start time becomes one session's hours on all seven weekdays, online hours without
 * a location, in-person ones at the therapist's first centre, as migration 0008 turned the old
 * daily templates into weekly hours.
 */
async function insertDemoWeeklyHours(tx: Queryable, therapist: (typeof demoTherapists)[number]) {
  await tx.query('INSERT INTO therapist_schedules (therapist_id) VALUES ($1)', [therapist.id]);
  const locationId = therapist.type === 1 ? null : (therapist.locations[0] ?? null);
  for (const start of therapist.starts) {
    await tx.query(
      `INSERT INTO weekly_hours (therapist_id, weekday, start_time, end_time, location_id)
       SELECT $1, weekday, $2::time, $3::time, $4 FROM generate_series(0, 6) AS weekday`,
      [therapist.id, `${start}:00`, addMinutes(start, SESSION_MINUTES), locationId],
    );
  }
}

/**
 * Loads the demo catalogue into an empty database and leaves a database that has any locations,
 * services or therapists alone, so it is safe to run at every start, by several instances at once.
 */
export async function loadDemoData(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Under the lock, the emptiness check below sees what another starting instance committed.
    await holdStartupLock(tx);
    const { rows } = await tx.query<{ filled: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM locations) OR EXISTS (SELECT 1 FROM services)
           OR EXISTS (SELECT 1 FROM therapists) AS filled`,
    );
    if (rows[0]?.filled) return false;

    for (const location of demoLocations) {
      await tx.query(
        `INSERT INTO locations (id, name, short_name, description, address, image_file)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [
          location.id,
          location.name,
          location.short_name,
          location.description,
          location.address,
          location.image_file,
        ],
      );
    }
    for (const service of demoServices) {
      await tx.query('INSERT INTO services (id, name) VALUES ($1, $2)', [service.id, service.name]);
    }
    for (const therapist of demoTherapists) {
      await tx.query(
        `INSERT INTO therapists (id, name, title, specialization, bio, price_paise, image_file, type, email)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          therapist.id,
          therapist.name,
          therapist.title,
          therapist.specialization,
          therapist.bio,
          therapist.pricePaise,
          `therapist-${therapist.id}.png`,
          therapist.type,
          therapist.email,
        ],
      );
      for (const locationId of therapist.locations) {
        await tx.query('INSERT INTO therapist_locations (therapist_id, location_id) VALUES ($1, $2)', [
          therapist.id,
          locationId,
        ]);
      }
      for (const serviceId of therapist.services) {
        await tx.query('INSERT INTO therapist_services (therapist_id, service_id) VALUES ($1, $2)', [
          therapist.id,
          serviceId,
        ]);
      }
      await insertDemoWeeklyHours(tx, therapist);
    }
    await saveClinicProfileIfNone(tx, demoClinicProfile, { actorAdminId: null, actorLabel: 'system' });
    // Rows were inserted with their ids, so move the id sequences past them.
    for (const table of ['services', 'therapists']) {
      await tx.query(
        `SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM ${table}))`,
      );
    }
    return true;
  });
}
