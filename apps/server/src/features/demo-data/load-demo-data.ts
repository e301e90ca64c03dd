import {
  locationRequestSchema,
  serviceRequestSchema,
  therapistRequestSchema,
} from '@therapy/shared/catalogue-admin-schemas';
import { toRupees } from '@therapy/shared/money';
import type { Database, Queryable } from '../../db/database.ts';
import { holdStartupLock } from '../../db/migrate.ts';
import { setImageFile } from '../catalogue-admin/catalogue-admin-repo.ts';
import {
  type CatalogueActor,
  createLocationIn,
  createServiceIn,
  createTherapistIn,
} from '../catalogue-admin/catalogue-admin-service.ts';
import { saveClinicProfileIfNone } from '../clinic/clinic-service.ts';
import { demoClinicProfile, demoLocations, demoServices, demoTherapists } from './demo-catalog.ts';
import { loadDemoSchedules } from './demo-schedules.ts';

/** The clock the demo's dated data (a leave day soon) is placed by. */
export type DemoClock = { now?: Date; clinicTimeZone?: string };

const SYSTEM: CatalogueActor = { actorAdminId: null, actorLabel: 'system' };

/**
 * Loads the demo clinic into an empty database and leaves a database that has any locations,
 * services or therapists alone, so it is safe to run at every start, by several instances at once.
 * Everything goes through the writes the admin screens use, checked by the same request schemas.
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
    await loadDemoCatalogue(tx);
    await loadDemoSchedules(tx, demoTherapists, {
      now: clock.now ?? new Date(),
      clinicTimeZone: clock.clinicTimeZone ?? 'Asia/Kolkata',
    });
    await saveClinicProfileIfNone(tx, demoClinicProfile, SYSTEM);
    return true;
  });
}

/**
 * Centres, services and therapists in the demo's order. The demo's ids (which its photos, texts
 * and tests name) are what a new database hands out, and a mismatch stops the load.
 */
async function loadDemoCatalogue(tx: Queryable): Promise<void> {
  for (const { id, image_file, ...location } of demoLocations) {
    const created = await createLocationIn(tx, SYSTEM, locationRequestSchema.parse(location));
    expectDemoId('location', created.id, id);
    await setImageFile(tx, 'locations', id, image_file);
  }
  for (const { id, ...service } of demoServices) {
    expectDemoId('service', (await createServiceIn(tx, SYSTEM, serviceRequestSchema.parse(service))).id, id);
  }
  for (const therapist of demoTherapists) {
    const request = therapistRequestSchema.parse({
      name: therapist.name,
      title: therapist.title,
      specialization: therapist.specialization,
      bio: therapist.bio,
      price: toRupees(therapist.pricePaise),
      type: therapist.type,
      locations: therapist.locations,
      offered_service_ids: therapist.services,
      email: therapist.email,
    });
    expectDemoId('therapist', (await createTherapistIn(tx, SYSTEM, request)).id, therapist.id);
    await setImageFile(tx, 'therapists', therapist.id, `therapist-${therapist.id}.png`);
  }
}

function expectDemoId(noun: string, got: number, wanted: number) {
  if (got !== wanted) throw new Error(`Demo ${noun} ${wanted} was given id ${got}`);
}
