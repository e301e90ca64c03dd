import { todayIn } from '@therapy/shared/clinic-time';
import type { Database } from '../../db/database.ts';
import { notFound } from '../../http/app-error.ts';
import * as repo from './catalog-repo.ts';

export type CatalogDeps = { db: Database; clinicTimeZone: string; now?: () => Date };

export function createCatalogService({ db, clinicTimeZone, now = () => new Date() }: CatalogDeps) {
  async function requireTherapist(therapistId: number) {
    if (!(await repo.activeTherapistExists(db, therapistId))) {
      throw notFound(`Therapist ${therapistId} not found`);
    }
  }

  return {
    listLocations: () => repo.listLocations(db),
    listServices: () => repo.listServices(db),
    listTherapists: () => repo.listActiveTherapists(db),

    async listAvailabilitySlots(therapistId?: number) {
      if (therapistId !== undefined) await requireTherapist(therapistId);
      return repo.listSlotTemplates(db, therapistId);
    },

    /** Past days are of no use to the wizard, so only today (clinic time) and later are listed. */
    async listBookedSlots(therapistId: number) {
      await requireTherapist(therapistId);
      return repo.listHeldSlots(db, therapistId, todayIn(clinicTimeZone, now()));
    },

    async findLocationImageFile(locationId: number) {
      const location = await repo.findLocationImage(db, locationId);
      if (!location?.image_file) throw notFound(`No image for location ${locationId}`);
      return location.image_file;
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
