import type { Database } from '../../db/database.ts';
import { notFound } from '../../http/app-error.ts';
import type { AdminPrincipal } from '../admin-auth/admin-guard.ts';
import { insertAudit } from '../audit/audit-repo.ts';
import type { ImageStore } from '../catalog/image-store.ts';
import * as repo from './catalogue-admin-repo.ts';
import { processPhoto } from './photo-processing.ts';

/**
 * A therapist's or centre's photo: checked and re-encoded first (nothing is stored for a refused
 * one), saved under its content-hashed name, then the row names it (audited).
 */
export function createPhotoService({ db, images }: { db: Database; images: ImageStore }) {
  async function setPhoto(
    admin: AdminPrincipal,
    table: 'therapists' | 'locations',
    id: number,
    body: unknown,
    contentType: string | undefined,
  ) {
    const noun = table === 'therapists' ? 'Therapist' : 'Location';
    // An unknown row is a 404 before any work; the row is checked again when it is written.
    if (!(await repo.lockRow(db, table, id))) throw notFound(`${noun} ${id} not found`);
    const webp = await processPhoto(body, contentType);
    const name = await images.saveWebp(webp);
    return db.transaction(async (tx) => {
      if (!(await repo.lockRow(tx, table, id))) throw notFound(`${noun} ${id} not found`);
      await repo.setImageFile(tx, table, id, name);
      await insertAudit(tx, {
        actorAdminId: admin.id,
        actorLabel: admin.email,
        action: table === 'therapists' ? 'therapist.photo' : 'location.photo',
        therapistId: table === 'therapists' ? id : null,
        details: { [table === 'therapists' ? 'therapist_id' : 'location_id']: id, image_file: name },
      });
      return table === 'therapists'
        ? (await repo.listTherapists(tx, id))[0]!
        : (await repo.listLocations(tx, id))[0]!;
    });
  }

  return {
    setTherapistPhoto: (admin: AdminPrincipal, id: number, body: unknown, type: string | undefined) =>
      setPhoto(admin, 'therapists', id, body, type),
    setLocationPhoto: (admin: AdminPrincipal, id: number, body: unknown, type: string | undefined) =>
      setPhoto(admin, 'locations', id, body, type),
  };
}

export type PhotoService = ReturnType<typeof createPhotoService>;
