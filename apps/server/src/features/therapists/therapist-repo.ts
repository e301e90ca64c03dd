import type { Queryable } from '../../db/database.ts';

/** The login's e-mail and its therapist's name. */
export async function findTherapistLogin(
  db: Queryable,
  adminId: number,
  therapistId: number,
): Promise<{ email: string; name: string } | undefined> {
  const { rows } = await db.query<{ email: string; name: string }>(
    `SELECT a.email, t.name FROM admin_users a JOIN therapists t ON t.id = a.therapist_id
      WHERE a.id = $1 AND a.therapist_id = $2`,
    [adminId, therapistId],
  );
  return rows[0];
}
