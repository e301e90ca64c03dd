import type { AdminSession } from '@therapy/shared/admin-schemas';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { insertAudit } from '../audit/audit-repo.ts';
import { roleOf } from './admin-role.ts';
import type { AdminTokens } from './admin-token.ts';
import * as repo from './admin-users-repo.ts';
import type { LoginThrottle, ThrottleScope } from './login-throttle.ts';
import { hashPassword, verifyPassword } from './password-hash.ts';

export const LOGIN_FAILED_MESSAGE = 'Incorrect email or password';
export const INACTIVE_MESSAGE = 'This admin account is inactive. Please contact a superadmin.';
export const NOT_ADMIN_MESSAGE = 'This account does not have admin access.';

/** 429: too many failed sign-ins; the route sends Retry-After. */
export class LoginThrottledError extends AppError {
  readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number, scope: ThrottleScope) {
    const wait = `Please try again in ${describeWait(retryAfterSeconds)}.`;
    super(
      429,
      scope === 'pair'
        ? `Too many failed sign-in attempts for this account. ${wait}`
        : `Too many failed sign-in attempts from your network. ${wait}`,
    );
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** "5 seconds" under a minute (the first delays), then whole minutes. */
function describeWait(seconds: number): string {
  const [count, unit] = seconds < 60 ? [seconds, 'second'] : [Math.ceil(seconds / 60), 'minute'];
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

export type LoginDeps = {
  db: Database;
  tokens: AdminTokens;
  throttle: LoginThrottle;
  now?: () => Date;
};

/**
 * Admin sign-in: password check (scrypt), growing delays per client address and e-mail and a limit
 * per address (login-throttle.ts, decision 017), the audit trail of every attempt (never the
 * password), and the access token.
 */
export function createAdminLoginService({ db, tokens, throttle, now = () => new Date() }: LoginDeps) {
  // Unknown e-mails still pay for one scrypt, so response times do not reveal which accounts exist.
  let dummyHash: Promise<string> | undefined;
  const spendPasswordCheck = async (password: string) => {
    dummyHash ??= hashPassword('not-a-real-password');
    await verifyPassword(password, await dummyHash);
  };

  async function refuse(
    entry: { email: string; adminId?: number; reason: string; address: string },
    status: number,
    message: string,
  ): Promise<never> {
    await insertAudit(db, {
      actorAdminId: entry.adminId ?? null,
      actorLabel: entry.email,
      action: 'admin.login_failed',
      details: { reason: entry.reason, address: entry.address },
    });
    throw new AppError(status, message);
  }

  return {
    async login(input: { username: string; password: string; address: string }): Promise<AdminSession> {
      const email = input.username.trim().toLowerCase();
      const keys = { account: email, address: input.address };
      // Read before the attempt is counted: a database that cannot answer (an outage, a 503) must
      // not count as a failed sign-in and slow the owner once it is back.
      const user = await repo.findAdminByEmail(db, email);
      // Counted as a failure from here on, until the password proves right.
      const state = await throttle.attempt(keys);
      if (state.limited) throw new LoginThrottledError(state.retryAfterSeconds, state.scope);

      const passwordOk = user
        ? await verifyPassword(input.password, user.password_hash)
        : await spendPasswordCheck(input.password).then(() => false);
      if (!user || !passwordOk) {
        return refuse(
          {
            email,
            adminId: user?.id,
            reason: user ? 'wrong_password' : 'unknown_user',
            address: input.address,
          },
          401,
          LOGIN_FAILED_MESSAGE,
        );
      }
      // The right password: no failure, whatever the account's state.
      await throttle.recordSuccess(keys);
      // A therapist's login whose therapist was deactivated is as inactive as a deactivated login.
      if (!user.is_active || (user.therapist_id !== null && !(await therapistActive(db, user)))) {
        return refuse(
          { email, adminId: user.id, reason: 'inactive', address: input.address },
          403,
          INACTIVE_MESSAGE,
        );
      }
      if (!user.is_admin) {
        return refuse(
          { email, adminId: user.id, reason: 'not_admin', address: input.address },
          403,
          NOT_ADMIN_MESSAGE,
        );
      }

      await db.transaction(async (tx) => {
        await repo.recordAdminLogin(tx, user.id, now());
        await insertAudit(tx, {
          actorAdminId: user.id,
          actorLabel: user.email,
          action: 'admin.login',
          details: { address: input.address },
        });
      });
      const role = roleOf(user);
      return {
        access_token: await tokens.issue({ adminId: user.id, tokenVersion: user.token_version, role }),
        token_type: 'bearer',
        expires_in: tokens.lifetimeSeconds,
        username: user.email,
        is_superadmin: user.is_superadmin,
        is_admin: user.is_admin,
        is_active: user.is_active,
        role,
        therapist_id: user.therapist_id,
      };
    },
  };
}

async function therapistActive(db: Database, user: repo.AdminUserRow): Promise<boolean> {
  return (await repo.findAdminById(db, user.id))?.therapist_is_active === true;
}

export type AdminLoginService = ReturnType<typeof createAdminLoginService>;
