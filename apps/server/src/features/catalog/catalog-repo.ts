import type { BookedSlot, Location, Service, Therapist } from '@therapy/shared/catalog-schemas';
import { toRupees } from '@therapy/shared/money';
import type { Queryable } from '../../db/database.ts';
import { holdsSlotSql } from '../../db/holds-slot-sql.ts';

/**
 * SQL of the public catalogue: locations, services, therapists, held slots (schedules:
 * schedule-reads.ts). Deactivated centres, services and therapists are left out (ADR 029).
 */

export async function listLocations(db: Queryable): Promise<Location[]> {
  const { rows } = await db.query<Location>(
    'SELECT id, name, short_name, description, address FROM locations WHERE is_active ORDER BY id',
  );
  return rows;
}

export async function findLocationImage(
  db: Queryable,
  id: number,
): Promise<{ image_file: string | null } | undefined> {
  const { rows } = await db.query<{ image_file: string | null }>(
    'SELECT image_file FROM locations WHERE id = $1',
    [id],
  );
  return rows[0];
}

export async function listServices(db: Queryable): Promise<Service[]> {
  const { rows } = await db.query<Service>('SELECT id, name FROM services WHERE is_active ORDER BY id');
  return rows;
}

type TherapistRow = Omit<Therapist, 'price' | 'image_url'> & {
  price_paise: number;
  image_file: string | null;
};

export async function listActiveTherapists(db: Queryable): Promise<Therapist[]> {
  const { rows } = await db.query<TherapistRow>(
    `SELECT t.id, t.name, t.title, t.specialization, t.bio, t.price_paise, t.image_file, t.type,
       COALESCE((SELECT array_agg(tl.location_id ORDER BY tl.location_id)
                 FROM therapist_locations tl JOIN locations l ON l.id = tl.location_id AND l.is_active
                 WHERE tl.therapist_id = t.id), '{}') AS locations,
       COALESCE((SELECT array_agg(ts.service_id ORDER BY ts.service_id)
                 FROM therapist_services ts JOIN services s ON s.id = ts.service_id AND s.is_active
                 WHERE ts.therapist_id = t.id), '{}') AS offered_service_ids
     FROM therapists t
     WHERE t.is_active
     ORDER BY t.id`,
  );
  return rows.map(({ price_paise, image_file, ...therapist }) => ({
    ...therapist,
    price: toRupees(price_paise),
    image_url: image_file,
  }));
}

export async function activeTherapistExists(db: Queryable, id: number): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM therapists WHERE id = $1 AND is_active', [id]);
  return rows.length > 0;
}

/** Ids of the active therapists, for the slot templates of all of them. */
export async function listActiveTherapistIds(db: Queryable): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>('SELECT id FROM therapists WHERE is_active ORDER BY id');
  return rows.map((row) => row.id);
}

/** Slots held from `fromDate` on: bookings not cancelled and not failed, admin blocks included. */
export async function listHeldSlots(
  db: Queryable,
  therapistId: number,
  fromDate: string,
): Promise<BookedSlot[]> {
  const { rows } = await db.query<BookedSlot>(
    `SELECT to_char(booking_date, 'YYYY-MM-DD') AS booking_date,
       to_char(booking_time_slot_start, 'HH24:MI:SS') AS booking_time_slot_start
     FROM bookings
     WHERE therapist_id = $1 AND booking_date >= $2::date
       AND ${holdsSlotSql()}
     ORDER BY booking_date, booking_time_slot_start`,
    [therapistId, fromDate],
  );
  return rows;
}
