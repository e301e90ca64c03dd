import {
  CLINIC_FIELDS,
  CLINIC_TAX_FIELDS,
  type ClinicProfile,
  type ClinicProfileRequest,
  clinicErrorDetail,
  EMPTY_CLINIC_PROFILE,
  type SetupStatus,
  validateClinicProfile,
} from '@therapy/shared/clinic-schemas';
import type { Database, Queryable } from '../../db/database.ts';
import { badRequest } from '../../http/app-error.ts';
import { insertAudit } from '../audit/audit-repo.ts';
import { findClinicProfile, upsertClinicProfile } from './clinic-repo.ts';
import { countSetup } from './setup-status-repo.ts';

/** Who saves the profile: a superadmin, or 'system' (the demo loader). */
export type ClinicActor = { actorAdminId: number | null; actorLabel: string };

/** The profile as stored, or the empty one (every field '') when none was saved yet. */
export async function readClinicProfile(db: Queryable): Promise<ClinicProfile> {
  return (await findClinicProfile(db)) ?? EMPTY_CLINIC_PROFILE;
}

/**
 * The one write of the clinic profile: checks every field (400 naming each refused field),
 * normalises the phone, stores the row and audits which fields changed. Runs on `tx`, the
 * caller's transaction (the route's, or the demo loader's).
 */
export async function saveClinicProfile(
  tx: Queryable,
  input: ClinicProfileRequest,
  actor: ClinicActor,
): Promise<ClinicProfile> {
  const before = await findClinicProfile(tx, true);
  // The money papers' fields left out of the request keep their stored values.
  const kept = before ?? EMPTY_CLINIC_PROFILE;
  const taxFields = Object.fromEntries(
    CLINIC_TAX_FIELDS.map((field) => [field, input[field] ?? kept[field]]),
  );
  const checked = validateClinicProfile({
    ...input,
    ...taxFields,
    documents_in_client_language: input.documents_in_client_language ?? kept.documents_in_client_language,
  } as Required<ClinicProfileRequest>);
  if (!checked.ok) throw badRequest(clinicErrorDetail(checked.errors));
  const saved = await upsertClinicProfile(tx, checked.profile, actor.actorAdminId);
  // Which fields changed, not their values: the audit log keeps ids and facts, not contact details.
  const changed = [...CLINIC_FIELDS, 'documents_in_client_language' as const].filter(
    (field) => kept[field] !== saved[field],
  );
  await insertAudit(tx, { ...actor, action: 'clinic.update', details: { fields: changed.join(', ') } });
  return saved;
}

/** Saves `input` only when no profile was saved yet (the demo loader: never over a real one). */
export async function saveClinicProfileIfNone(
  tx: Queryable,
  input: ClinicProfileRequest,
  actor: ClinicActor,
) {
  if (!(await findClinicProfile(tx))) await saveClinicProfile(tx, input, actor);
}

export function createClinicService({ db }: { db: Database }) {
  return {
    read: () => readClinicProfile(db),

    save: (input: ClinicProfileRequest, actor: ClinicActor) =>
      db.transaction((tx) => saveClinicProfile(tx, input, actor)),

    /** What a fresh install still needs: the profile, a centre, a service, a therapist, a schedule. */
    async setupStatus(): Promise<SetupStatus> {
      const counts = await countSetup(db);
      const complete =
        counts.clinic_profile &&
        counts.locations > 0 &&
        counts.services > 0 &&
        counts.therapists > 0 &&
        counts.therapists_with_schedule > 0;
      return { ...counts, complete };
    },
  };
}

export type ClinicService = ReturnType<typeof createClinicService>;
