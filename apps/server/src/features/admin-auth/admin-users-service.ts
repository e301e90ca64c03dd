import type { AdminRole } from '@therapy/shared/admin-schemas';
import type { Database, Queryable } from '../../db/database.ts';
import { holdStartupLock } from '../../db/migrate.ts';
import { badRequest, conflict, notFound } from '../../http/app-error.ts';
import { roleOf } from './admin-role.ts';
import * as repo from './admin-users-repo.ts';
import { generatePassword, hashPassword } from './password-hash.ts';

export const MIN_PASSWORD_LENGTH = 8;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+$/;

export type AdminSummary = {
  email: string;
  role: AdminRole;
  therapist_id: number | null;
  is_superadmin: boolean;
  is_active: boolean;
  last_login_at: string | null;
};

function checkCredentials(email: string, password: string) {
  if (!EMAIL_PATTERN.test(email)) throw badRequest(`"${email}" is not an e-mail address`);
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw badRequest(`The password must be at least ${MIN_PASSWORD_LENGTH} characters`);
  }
}

type NewLogin = {
  email: string;
  passwordHash: string;
  isSuperadmin: boolean;
  isActive: boolean;
  therapistId?: number | null;
};

export async function insertAdminWithAudit(tx: Queryable, actor: string, user: NewLogin) {
  const created = await repo.insertAdminUser(tx, user);
  await repo.insertAuditEntry(tx, {
    actorLabel: actor,
    action: 'admin_user.create',
    details: {
      email: user.email,
      is_superadmin: user.isSuperadmin,
      is_active: user.isActive,
      role: roleOf(created),
      ...(user.therapistId ? { therapist_id: user.therapistId } : {}),
    },
  });
  return created;
}

/**
 * A therapist's login may be tied only to an existing, active therapist without a login, and is
 * never a superadmin (decision 052).
 */
export async function checkTherapistLogin(tx: Queryable, therapistId: number, isSuperadmin: boolean) {
  if (isSuperadmin) throw badRequest("A therapist's login cannot be a superadmin");
  const therapist = await repo.findTherapistState(tx, therapistId);
  if (!therapist) throw notFound(`No therapist ${therapistId}`);
  if (!therapist.is_active) throw badRequest(`Therapist ${therapistId} is inactive`);
  if (await repo.findAdminByTherapist(tx, therapistId)) {
    throw conflict(`Therapist ${therapistId} already has a login`);
  }
}

/** Admin accounts: used by the admin CLI and by the first start. `actor` names who acts, for the audit log. */
export function createAdminUsersService(db: Database, actor = 'cli') {
  return {
    /** An administrator, or with `therapistId` a therapist's login (role therapist). */
    async createAdmin(input: {
      email: string;
      password: string;
      isSuperadmin: boolean;
      isActive: boolean;
      therapistId?: number | null;
    }) {
      const email = input.email.trim().toLowerCase();
      checkCredentials(email, input.password);
      const passwordHash = await hashPassword(input.password);
      return db.transaction(async (tx) => {
        if (await repo.findAdminByEmail(tx, email)) throw conflict(`An admin user ${email} already exists`);
        if (input.therapistId != null) await checkTherapistLogin(tx, input.therapistId, input.isSuperadmin);
        return insertAdminWithAudit(tx, actor, { ...input, email, passwordHash });
      });
    },

    async listAdmins(): Promise<AdminSummary[]> {
      return (await repo.listAdminUsers(db)).map((user) => ({
        email: user.email,
        role: roleOf(user),
        therapist_id: user.therapist_id,
        is_superadmin: user.is_superadmin,
        is_active: user.is_active,
        last_login_at: user.last_login_at ? new Date(user.last_login_at).toISOString() : null,
      }));
    },

    async deactivateAdmin(email: string) {
      await db.transaction(async (tx) => {
        const user = await repo.findAdminByEmail(tx, email.trim());
        if (!user) throw notFound(`No admin user ${email}`);
        await repo.deactivateAdminUser(tx, user.id);
        await repo.insertAuditEntry(tx, {
          actorLabel: actor,
          action: 'admin_user.deactivate',
          details: { email },
        });
      });
    },

    async resetPassword(email: string, password: string) {
      const user = await repo.findAdminByEmail(db, email.trim());
      if (!user) throw notFound(`No admin user ${email}`);
      checkCredentials(user.email, password);
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        await repo.setAdminPassword(tx, user.id, passwordHash);
        await repo.insertAuditEntry(tx, {
          actorLabel: actor,
          action: 'admin_user.reset_password',
          details: { email },
        });
      });
    },

    /**
     * On a database without admin users: the superadmin of ADMIN_EMAIL/ADMIN_PASSWORD, or a
     * generated one whose password is returned so that it can be shown once. Instances starting
     * together take turns under the start-up lock, so only the first creates one.
     */
    async ensureFirstSuperadmin(configured: { email?: string; password?: string }) {
      if ((await repo.countAdminUsers(db)) > 0) return undefined;
      const generated = configured.email === undefined;
      const email = (configured.email ?? 'admin@example.com').trim().toLowerCase();
      const password = configured.password ?? generatePassword();
      checkCredentials(email, password);
      const passwordHash = await hashPassword(password);
      const created = await db.transaction(async (tx) => {
        await holdStartupLock(tx);
        if ((await repo.countAdminUsers(tx)) > 0) return false;
        await insertAdminWithAudit(tx, actor, { email, passwordHash, isSuperadmin: true, isActive: true });
        return true;
      });
      if (!created) return undefined;
      return { email, password: generated ? password : undefined };
    },
  };
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
