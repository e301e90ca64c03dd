import {
  CATALOGUE_LIST_LIMIT,
  type CatalogueLocation,
  type CatalogueService,
  type CatalogueTherapist,
  type LocationRequest,
  type ServiceRequest,
  type TherapistRequest,
} from '@therapy/shared/catalogue-admin-schemas';
import { toPaise, toRupees } from '@therapy/shared/money';
import type { ServiceTax } from '@therapy/shared/money-papers-schemas';
import type { Queryable } from '../../db/database.ts';

/** SQL of catalogue management: centres, services and therapists, inactive ones included. */

const LOCATION_COLUMNS =
  'id, name, short_name, description, address, phone, image_file AS image_url, is_active';

export async function listLocations(db: Queryable, id?: number): Promise<CatalogueLocation[]> {
  const { rows } = await db.query<CatalogueLocation>(
    `SELECT ${LOCATION_COLUMNS} FROM locations WHERE $1::integer IS NULL OR id = $1 ORDER BY id LIMIT $2`,
    [id ?? null, CATALOGUE_LIST_LIMIT],
  );
  return rows;
}

export async function insertLocation(db: Queryable, input: LocationRequest): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO locations (name, short_name, description, address, phone, is_active)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [input.name, input.short_name, input.description, input.address, input.phone, input.is_active ?? true],
  );
  return rows[0]!.id;
}

/** Sets the given columns of one row; `columns` come from the request schema's keys only. */
export async function updateRow(
  db: Queryable,
  table: 'locations' | 'services' | 'therapists',
  id: number,
  values: Record<string, unknown>,
): Promise<void> {
  const entries = Object.entries(values).filter(([, value]) => value !== undefined);
  if (entries.length === 0) return;
  const sets = entries.map(([column], index) => `${column} = $${index + 2}`).join(', ');
  await db.query(`UPDATE ${table} SET ${sets} WHERE id = $1`, [id, ...entries.map(([, value]) => value)]);
}

/** Locks the row for the change and says whether it exists. */
export async function lockRow(db: Queryable, table: 'locations' | 'services' | 'therapists', id: number) {
  return (await db.query(`SELECT 1 FROM ${table} WHERE id = $1 FOR UPDATE`, [id])).rows.length > 0;
}

type ServiceRow = Omit<CatalogueService, 'tax'> & { tax_rate_percent: number | null; tax_sac: string | null };

export async function listServices(db: Queryable, id?: number): Promise<CatalogueService[]> {
  const { rows } = await db.query<ServiceRow>(
    `SELECT id, name, is_active, tax_rate_percent, tax_sac FROM services
     WHERE $1::integer IS NULL OR id = $1 ORDER BY id LIMIT $2`,
    [id ?? null, CATALOGUE_LIST_LIMIT],
  );
  return rows.map(({ tax_rate_percent, tax_sac, ...service }) => ({
    ...service,
    tax:
      tax_rate_percent === null
        ? { exempt: true }
        : { rate_percent: Number(tax_rate_percent), sac: tax_sac ?? '' },
  }));
}

/** A service's `tax` as its columns (exempt: no rate, no SAC). */
export function taxColumns(tax: ServiceTax | undefined) {
  if (tax === undefined) return {};
  return 'rate_percent' in tax
    ? { tax_rate_percent: tax.rate_percent, tax_sac: tax.sac }
    : { tax_rate_percent: null, tax_sac: null };
}

export async function serviceNameTaken(db: Queryable, name: string, exceptId?: number): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM services WHERE lower(name) = lower($1) AND id <> $2', [
    name,
    exceptId ?? 0,
  ]);
  return rows.length > 0;
}

export async function insertService(db: Queryable, input: ServiceRequest): Promise<number> {
  const tax = taxColumns(input.tax as ServiceTax | undefined);
  const { rows } = await db.query<{ id: number }>(
    'INSERT INTO services (name, is_active, tax_rate_percent, tax_sac) VALUES ($1, $2, $3, $4) RETURNING id',
    [input.name, input.is_active ?? true, tax.tax_rate_percent ?? null, tax.tax_sac ?? null],
  );
  return rows[0]!.id;
}

type TherapistRow = Omit<CatalogueTherapist, 'price' | 'payout'> & {
  price_paise: number;
  payout_percent: number | null;
  payout_per_session_paise: number | null;
  payout_from: string | null;
};

function payoutOf(row: TherapistRow): CatalogueTherapist['payout'] {
  if (row.payout_from === null) return null;
  return row.payout_percent !== null
    ? { percent: Number(row.payout_percent), from: row.payout_from }
    : { per_session: toRupees(Number(row.payout_per_session_paise)), from: row.payout_from };
}

export async function listTherapists(db: Queryable, id?: number): Promise<CatalogueTherapist[]> {
  const { rows } = await db.query<TherapistRow>(
    `SELECT t.id, t.name, t.title, t.specialization, t.bio, t.price_paise, t.image_file AS image_url,
       t.type, t.email, t.is_active, t.registration_number,
       p.percent AS payout_percent, p.per_session_paise AS payout_per_session_paise,
       p.effective_from AS payout_from,
       COALESCE((SELECT array_agg(tl.location_id ORDER BY tl.location_id)
                 FROM therapist_locations tl WHERE tl.therapist_id = t.id), '{}') AS locations,
       COALESCE((SELECT array_agg(ts.service_id ORDER BY ts.service_id)
                 FROM therapist_services ts WHERE ts.therapist_id = t.id), '{}') AS offered_service_ids
     FROM therapists t
     LEFT JOIN LATERAL (SELECT r.percent, r.per_session_paise, r.effective_from FROM therapist_payout_rates r
                        WHERE r.therapist_id = t.id ORDER BY r.effective_from DESC LIMIT 1) p ON true
     WHERE $1::integer IS NULL OR t.id = $1 ORDER BY t.id LIMIT $2`,
    [id ?? null, CATALOGUE_LIST_LIMIT],
  );
  return rows.map((row) => {
    const { price_paise, payout_percent, payout_per_session_paise, payout_from, ...therapist } = row;
    return { ...therapist, price: toRupees(price_paise), payout: payoutOf(row) };
  });
}

/** Of `ids`, those with no row in `table`. */
export async function missingIds(db: Queryable, table: 'locations' | 'services', ids: number[]) {
  if (ids.length === 0) return [];
  const { rows } = await db.query<{ id: number }>(`SELECT id FROM ${table} WHERE id = ANY($1::integer[])`, [
    ids,
  ]);
  const found = new Set(rows.map((row) => row.id));
  return ids.filter((id) => !found.has(id));
}

export async function insertTherapist(db: Queryable, input: TherapistRequest): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO therapists (name, title, specialization, bio, price_paise, type, email, is_active, registration_number)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [
      input.name,
      input.title,
      input.specialization,
      input.bio,
      toPaise(input.price),
      input.type,
      input.email,
      input.is_active ?? true,
      input.registration_number?.trim() ?? '',
    ],
  );
  return rows[0]!.id;
}

/** Replaces a therapist's centres or services with `ids`. */
export async function replaceLinks(
  db: Queryable,
  link: 'therapist_locations' | 'therapist_services',
  therapistId: number,
  ids: number[],
): Promise<void> {
  const column = link === 'therapist_locations' ? 'location_id' : 'service_id';
  await db.query(`DELETE FROM ${link} WHERE therapist_id = $1`, [therapistId]);
  await db.query(`INSERT INTO ${link} (therapist_id, ${column}) SELECT $1, unnest($2::integer[])`, [
    therapistId,
    ids,
  ]);
}

export async function setImageFile(
  db: Queryable,
  table: 'locations' | 'therapists',
  id: number,
  imageFile: string,
): Promise<void> {
  await db.query(`UPDATE ${table} SET image_file = $2 WHERE id = $1`, [id, imageFile]);
}

/** A therapist's share from `from` on (a second change on the same day replaces that day's). */
export async function setPayoutRate(
  db: Queryable,
  therapistId: number,
  rate: { from: string; percent?: number; perSessionPaise?: number },
): Promise<void> {
  await db.query(
    `INSERT INTO therapist_payout_rates (therapist_id, effective_from, percent, per_session_paise)
     VALUES ($1, $2, $3, $4)
     ON CONFLICT (therapist_id, effective_from) DO UPDATE
       SET percent = EXCLUDED.percent, per_session_paise = EXCLUDED.per_session_paise`,
    [therapistId, rate.from, rate.percent ?? null, rate.perSessionPaise ?? null],
  );
}

/** Whether the therapist has a share set already. */
export async function hasPayoutRate(db: Queryable, therapistId: number): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM therapist_payout_rates WHERE therapist_id = $1 LIMIT 1', [
    therapistId,
  ]);
  return rows.length > 0;
}
