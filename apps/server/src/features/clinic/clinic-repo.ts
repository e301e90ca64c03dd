import type { ClinicProfile, ValidClinicProfile } from '@therapy/shared/clinic-schemas';
import type { Queryable } from '../../db/database.ts';

/** The clinic_profile table's one row: read and written here only. */

const PROFILE_COLUMNS =
  'name, phone, email, address, privacy_contact, legal_name, gstin, state, receipt_prefix, credit_note_prefix, documents_in_client_language, updated_at';

type ClinicRow = ValidClinicProfile & { updated_at: Date | string };

const toProfile = (row: ClinicRow): ClinicProfile => ({
  name: row.name,
  phone: row.phone,
  email: row.email,
  address: row.address,
  privacy_contact: row.privacy_contact,
  legal_name: row.legal_name,
  gstin: row.gstin,
  state: row.state,
  receipt_prefix: row.receipt_prefix,
  credit_note_prefix: row.credit_note_prefix,
  documents_in_client_language: row.documents_in_client_language,
  updated_at: new Date(row.updated_at).toISOString(),
});

/** The saved profile, or undefined when none was ever saved. */
export async function findClinicProfile(
  db: Queryable,
  forUpdate = false,
): Promise<ClinicProfile | undefined> {
  const { rows } = await db.query<ClinicRow>(
    `SELECT ${PROFILE_COLUMNS} FROM clinic_profile
     ${forUpdate ? 'FOR UPDATE' : ''}`,
  );
  return rows[0] && toProfile(rows[0]);
}

/** Writes the one row (first save or a change) and answers it as stored. */
export async function upsertClinicProfile(
  db: Queryable,
  profile: ValidClinicProfile,
  adminId: number | null,
): Promise<ClinicProfile> {
  const { rows } = await db.query<ClinicRow>(
    `INSERT INTO clinic_profile (id, name, phone, email, address, privacy_contact, legal_name, gstin, state,
       receipt_prefix, credit_note_prefix, documents_in_client_language, updated_at, updated_by_admin_id)
     VALUES (true, $1, $2, $3, $4, $5, $7, $8, $9, $10, $11, $12, now(), $6)
     ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, phone = EXCLUDED.phone, email = EXCLUDED.email,
       address = EXCLUDED.address, privacy_contact = EXCLUDED.privacy_contact, legal_name = EXCLUDED.legal_name,
       gstin = EXCLUDED.gstin, state = EXCLUDED.state, receipt_prefix = EXCLUDED.receipt_prefix,
       credit_note_prefix = EXCLUDED.credit_note_prefix,
       documents_in_client_language = EXCLUDED.documents_in_client_language,
       updated_at = EXCLUDED.updated_at, updated_by_admin_id = EXCLUDED.updated_by_admin_id
     RETURNING ${PROFILE_COLUMNS}`,
    [
      profile.name,
      profile.phone,
      profile.email,
      profile.address,
      profile.privacy_contact,
      adminId,
      profile.legal_name,
      profile.gstin,
      profile.state,
      profile.receipt_prefix,
      profile.credit_note_prefix,
      profile.documents_in_client_language,
    ],
  );
  return toProfile(rows[0]!);
}
