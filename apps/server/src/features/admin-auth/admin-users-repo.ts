import type { Queryable } from '../../db/database.ts';

export type AdminUserRow = {
  id: number;
  email: string;
  password_hash: string;
  is_superadmin: boolean;
  is_admin: boolean;
  is_active: boolean;
  token_version: number;
  created_at: Date;
  last_login_at: Date | null;
  /** Set on a therapist's login (role therapist, decision 052). */
  therapist_id: number | null;
};

/** A login with its therapist's state: a therapist deactivated in the catalogue is signed out. */
export type AdminUserWithTherapist = AdminUserRow & { therapist_is_active: boolean | null };

export async function countAdminUsers(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ count: number }>('SELECT count(*)::integer AS count FROM admin_users');
  return rows[0]?.count ?? 0;
}

export async function findAdminByEmail(db: Queryable, email: string): Promise<AdminUserRow | undefined> {
  const { rows } = await db.query<AdminUserRow>('SELECT * FROM admin_users WHERE lower(email) = lower($1)', [
    email,
  ]);
  return rows[0];
}

export async function insertAdminUser(
  db: Queryable,
  user: {
    email: string;
    passwordHash: string;
    isSuperadmin: boolean;
    isActive: boolean;
    therapistId?: number | null;
  },
): Promise<AdminUserRow> {
  const { rows } = await db.query<AdminUserRow>(
    `INSERT INTO admin_users (email, password_hash, is_superadmin, is_active, therapist_id)
     VALUES ($1, $2, $3, $4, $5) RETURNING *`,
    [user.email, user.passwordHash, user.isSuperadmin, user.isActive, user.therapistId ?? null],
  );
  return rows[0]!;
}

export async function listAdminUsers(db: Queryable): Promise<AdminUserRow[]> {
  const { rows } = await db.query<AdminUserRow>('SELECT * FROM admin_users ORDER BY id');
  return rows;
}

export async function deactivateAdminUser(db: Queryable, id: number): Promise<void> {
  await db.query(
    'UPDATE admin_users SET is_active = false, token_version = token_version + 1 WHERE id = $1',
    [id],
  );
}

export async function setAdminPassword(db: Queryable, id: number, passwordHash: string): Promise<void> {
  await db.query(
    'UPDATE admin_users SET password_hash = $2, is_active = true, token_version = token_version + 1 WHERE id = $1',
    [id, passwordHash],
  );
}

export async function insertAuditEntry(
  db: Queryable,
  entry: {
    actorAdminId?: number | null;
    actorLabel: string;
    action: string;
    details?: Record<string, unknown>;
  },
): Promise<void> {
  await db.query(
    'INSERT INTO audit_log (actor_admin_id, actor_label, action, details) VALUES ($1, $2, $3, $4)',
    [entry.actorAdminId ?? null, entry.actorLabel, entry.action, JSON.stringify(entry.details ?? {})],
  );
}

export async function findAdminById(db: Queryable, id: number): Promise<AdminUserWithTherapist | undefined> {
  const { rows } = await db.query<AdminUserWithTherapist>(
    `SELECT a.*, t.is_active AS therapist_is_active
       FROM admin_users a LEFT JOIN therapists t ON t.id = a.therapist_id
      WHERE a.id = $1`,
    [id],
  );
  return rows[0];
}

/** The login tied to a therapist, if it has one. */
export async function findAdminByTherapist(
  db: Queryable,
  therapistId: number,
): Promise<AdminUserRow | undefined> {
  const { rows } = await db.query<AdminUserRow>('SELECT * FROM admin_users WHERE therapist_id = $1', [
    therapistId,
  ]);
  return rows[0];
}

/** Whether a therapist exists, and is active (a login may be tied only to an existing one). */
export async function findTherapistState(
  db: Queryable,
  therapistId: number,
): Promise<{ is_active: boolean; email: string; name: string } | undefined> {
  const { rows } = await db.query<{ is_active: boolean; email: string; name: string }>(
    'SELECT is_active, email, name FROM therapists WHERE id = $1',
    [therapistId],
  );
  return rows[0];
}

export async function recordAdminLogin(db: Queryable, id: number, at: Date): Promise<void> {
  await db.query('UPDATE admin_users SET last_login_at = $2 WHERE id = $1', [id, at]);
}
