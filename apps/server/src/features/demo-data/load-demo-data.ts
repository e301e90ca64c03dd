import type { Database } from '../../db/database.ts';
import { holdStartupLock } from '../../db/migrate.ts';
import { saveClinicProfileIfNone } from '../clinic/clinic-service.ts';
import { demoClinicProfile, demoLocations, demoServices, demoTherapists } from './demo-catalog.ts';
import { loadDemoSchedules } from './demo-schedules.ts';

/** The clock the demo's dated data (a leave day soon) is placed by. */
export type DemoClock = { now?: Date; clinicTimeZone?: string };

/**
 * Loads the demo catalogue into an empty database and leaves a database that has any locations,
 * services or therapists alone, so it is safe to run at every start, by several instances at once.
 */
export async function loadDemoData(db: Database, clock: DemoClock = {}): Promise<boolean> {
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
    }
    await loadDemoSchedules(tx, demoTherapists, {
      now: clock.now ?? new Date(),
      clinicTimeZone: clock.clinicTimeZone ?? 'Asia/Kolkata',
    });
    await saveClinicProfileIfNone(tx, demoClinicProfile, { actorAdminId: null, actorLabel: 'system' });
    // Rows were inserted with their ids, so move the id sequences past them.
    for (const table of ['locations', 'services', 'therapists']) {
      await tx.query(
        `SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM ${table}))`,
      );
    }
    return true;
  });
}
