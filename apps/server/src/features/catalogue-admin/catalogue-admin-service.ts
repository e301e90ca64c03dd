import {
  type LocationPatch,
  type LocationRequest,
  type ServicePatch,
  type ServiceRequest,
  type TherapistPatch,
  type TherapistRequest,
  therapistCentresProblem,
} from '@therapy/shared/catalogue-admin-schemas';
import { todayIn } from '@therapy/shared/clinic-time';
import { toPaise } from '@therapy/shared/money';
import {
  RATE_MESSAGE,
  SAC_MESSAGE,
  type ServiceTax,
  type TherapistPayoutRequest,
} from '@therapy/shared/money-papers-schemas';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { AdminPrincipal } from '../admin-auth/admin-guard.ts';
import { insertAudit } from '../audit/audit-repo.ts';
import * as repo from './catalogue-admin-repo.ts';

/**
 * Catalogue management (ADR 029): superadmins add and change centres, services and therapists;
 * `is_active: false` deactivates (the public catalogue leaves the row out, bookings keep it).
 * Every change is audited with the fields it touched, never their values.
 */

/** A refused field, worded as the request schema's rules are: 'Invalid body: field: rule'. */
export const fieldError = (field: string, message: string, status = 400) =>
  new AppError(status, `Invalid body: ${field}: ${message}`);

/** Who changes the catalogue: a signed-in superadmin, or 'system' for the demo data. */
export type CatalogueActor = { actorAdminId: number | null; actorLabel: string };

/** CLINIC_TIMEZONE's default, for the demo loader's first shares. */
const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

const actorOf = (admin: AdminPrincipal): CatalogueActor => ({
  actorAdminId: admin.id,
  actorLabel: admin.email,
});

/** 'location.create', 'location.update', 'location.deactivate', 'location.reactivate'. */
function changeAction(entity: string, patch: { is_active?: boolean }, wasCreated: boolean) {
  if (wasCreated) return `${entity}.create`;
  if (patch.is_active === false) return `${entity}.deactivate`;
  if (patch.is_active === true) return `${entity}.reactivate`;
  return `${entity}.update`;
}

const changedFields = (patch: object) =>
  Object.entries(patch)
    .filter(([, value]) => value !== undefined)
    .map(([key]) => key);

async function audit(
  tx: Queryable,
  actor: CatalogueActor,
  entity: 'location' | 'service' | 'therapist',
  id: number,
  patch: object & { is_active?: boolean },
  created: boolean,
) {
  await insertAudit(tx, {
    ...actor,
    action: changeAction(entity, patch, created),
    therapistId: entity === 'therapist' ? id : null,
    details: { [`${entity}_id`]: id, fields: changedFields(patch) },
  });
}

async function requireRow(tx: Queryable, table: 'locations' | 'services' | 'therapists', id: number) {
  if (!(await repo.lockRow(tx, table, id))) {
    const noun = { locations: 'Location', services: 'Service', therapists: 'Therapist' }[table];
    throw notFound(`${noun} ${id} not found`);
  }
}

async function loadTherapist(tx: Queryable, id: number) {
  const [therapist] = await repo.listTherapists(tx, id);
  if (!therapist) throw notFound(`Therapist ${id} not found`);
  return therapist;
}

/** Centres and services must exist; in-person types need a centre, online-only has none. */
async function checkTherapistLinks(
  tx: Queryable,
  therapist: { type: number; locations: number[]; offered_service_ids: number[] },
) {
  const unknownLocations = await repo.missingIds(tx, 'locations', therapist.locations);
  if (unknownLocations.length > 0)
    throw fieldError('locations', `must name existing centres (no centre ${unknownLocations.join(', ')})`);
  const unknownServices = await repo.missingIds(tx, 'services', therapist.offered_service_ids);
  if (unknownServices.length > 0) {
    throw fieldError(
      'offered_service_ids',
      `must name existing services (no service ${unknownServices.join(', ')})`,
    );
  }
  const centresProblem = therapistCentresProblem(therapist.type, therapist.locations);
  if (centresProblem) throw fieldError('locations', centresProblem);
}

/** The schema checked each part; this says which of the two forms is missing a part. */
function checkTax(tax: ServiceRequest['tax']) {
  if (tax === undefined || tax.exempt === true) return;
  if (tax.rate_percent === undefined) throw fieldError('tax.rate_percent', RATE_MESSAGE);
  if (tax.sac === undefined) throw fieldError('tax.sac', SAC_MESSAGE);
}

async function checkServiceName(tx: Queryable, name: string | undefined, exceptId?: number) {
  if (name !== undefined && (await repo.serviceNameTaken(tx, name, exceptId))) {
    throw fieldError('name', `must be unique: a service named '${name}' exists`, 409);
  }
}

/**
 * The therapist's share from its date on (default: today, the clinic's day). A date in a month
 * already past is refused: a past month's payout never changes.
 */
async function writePayout(
  tx: Queryable,
  therapistId: number,
  payout: TherapistPayoutRequest,
  today: string,
) {
  const from = payout.from ?? today;
  if (from < `${today.slice(0, 7)}-01`)
    throw fieldError('payout.from', 'must not be in a month already past');
  await repo.setPayoutRate(tx, therapistId, {
    from,
    percent: payout.percent,
    perSessionPaise: payout.per_session === undefined ? undefined : toPaise(payout.per_session),
  });
}

async function writeTherapist(tx: Queryable, id: number | null, input: TherapistPatch, today: string) {
  const { locations, offered_service_ids, price, payout, registration_number, ...columns } = input;
  const values = {
    ...columns,
    registration_number: registration_number?.trim(),
    price_paise: price === undefined ? undefined : toPaise(price),
  };
  const therapistId = id ?? (await repo.insertTherapist(tx, input as TherapistRequest));
  if (id !== null) await repo.updateRow(tx, 'therapists', id, values);
  if (payout) await writePayout(tx, therapistId, payout, today);
  if (locations) await repo.replaceLinks(tx, 'therapist_locations', therapistId, locations);
  if (offered_service_ids) {
    await repo.replaceLinks(tx, 'therapist_services', therapistId, offered_service_ids);
  }
  return therapistId;
}

/**
 * The catalogue's writes, inside the caller's transaction: the superadmin's calls and the demo
 * loader (one path for both, issue 11).
 */
export async function createLocationIn(tx: Queryable, actor: CatalogueActor, input: LocationRequest) {
  const id = await repo.insertLocation(tx, input);
  await audit(tx, actor, 'location', id, input, true);
  return (await repo.listLocations(tx, id))[0]!;
}

export async function createServiceIn(tx: Queryable, actor: CatalogueActor, input: ServiceRequest) {
  checkTax(input.tax);
  await checkServiceName(tx, input.name);
  const id = await repo.insertService(tx, input);
  await audit(tx, actor, 'service', id, input, true);
  return (await repo.listServices(tx, id))[0]!;
}

export async function createTherapistIn(
  tx: Queryable,
  actor: CatalogueActor,
  input: TherapistRequest,
  today: string = todayIn(DEFAULT_TIME_ZONE),
) {
  await checkTherapistLinks(tx, input);
  const id = await writeTherapist(tx, null, input, today);
  await audit(tx, actor, 'therapist', id, input, true);
  return loadTherapist(tx, id);
}

export function createCatalogueAdminService({
  db,
  clinicTimeZone = DEFAULT_TIME_ZONE,
  now = () => new Date(),
}: {
  db: Database;
  clinicTimeZone?: string;
  now?: () => Date;
}) {
  const today = () => todayIn(clinicTimeZone, now());
  return {
    listLocations: () => repo.listLocations(db),
    listServices: () => repo.listServices(db),
    listTherapists: () => repo.listTherapists(db),

    createLocation(admin: AdminPrincipal, input: LocationRequest) {
      return db.transaction((tx) => createLocationIn(tx, actorOf(admin), input));
    },

    updateLocation(admin: AdminPrincipal, id: number, patch: LocationPatch) {
      return db.transaction(async (tx) => {
        await requireRow(tx, 'locations', id);
        await repo.updateRow(tx, 'locations', id, patch);
        await audit(tx, actorOf(admin), 'location', id, patch, false);
        return (await repo.listLocations(tx, id))[0]!;
      });
    },

    createService(admin: AdminPrincipal, input: ServiceRequest) {
      return db.transaction((tx) => createServiceIn(tx, actorOf(admin), input));
    },

    updateService(admin: AdminPrincipal, id: number, patch: ServicePatch) {
      return db.transaction(async (tx) => {
        await requireRow(tx, 'services', id);
        await checkServiceName(tx, patch.name, id);
        checkTax(patch.tax);
        const { tax, ...columns } = patch;
        await repo.updateRow(tx, 'services', id, {
          ...columns,
          ...repo.taxColumns(tax as ServiceTax | undefined),
        });
        await audit(tx, actorOf(admin), 'service', id, patch, false);
        return (await repo.listServices(tx, id))[0]!;
      });
    },

    createTherapist(admin: AdminPrincipal, input: TherapistRequest) {
      return db.transaction((tx) => createTherapistIn(tx, actorOf(admin), input, today()));
    },

    updateTherapist(admin: AdminPrincipal, id: number, patch: TherapistPatch) {
      return db.transaction(async (tx) => {
        await requireRow(tx, 'therapists', id);
        const current = await loadTherapist(tx, id);
        await checkTherapistLinks(tx, { ...current, ...definedOnly(patch) });
        await writeTherapist(tx, id, patch, today());
        await audit(tx, actorOf(admin), 'therapist', id, patch, false);
        return loadTherapist(tx, id);
      });
    },
  };
}

function definedOnly<T extends object>(patch: T): Partial<T> {
  return Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) as Partial<T>;
}

export type CatalogueAdminService = ReturnType<typeof createCatalogueAdminService>;
