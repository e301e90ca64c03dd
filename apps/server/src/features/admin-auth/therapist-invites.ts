import { createHash, randomBytes } from 'node:crypto';
import type { AcceptInviteResult, TherapistInviteResult } from '@therapy/shared/therapist-schemas';
import type { Database } from '../../db/database.ts';
import { AppError, conflict, notFound } from '../../http/app-error.ts';
import { insertAudit } from '../audit/audit-repo.ts';
import { enqueueJob } from '../jobs/jobs-repo.ts';
import type { AdminPrincipal } from './admin-guard.ts';
import * as repo from './admin-users-repo.ts';
import { checkTherapistLogin, insertAdminWithAudit } from './admin-users-service.ts';
import { hashPassword } from './password-hash.ts';
import * as invites from './therapist-invites-repo.ts';

/** How long an invitation's link works. */
export const INVITE_HOURS = 72;
/** The purpose the e-mail job's sealed token is bound to (the notes' cipher, decision 038). */
export const INVITE_TOKEN_PURPOSE = 'jobs.therapist_invite';

export const INVITE_UNKNOWN = 'This invitation link is not valid.';
export const INVITE_USED = 'This invitation link has already been used. Sign in with your password.';
export const INVITE_EXPIRED = 'This invitation link has expired. Ask the clinic for a new one.';

export const hashInviteToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A therapist's invitation (issue 25, decision 052): a superadmin sends it, the e-mail's one-time
 * link sets the password of the therapist's login. The token is 256 random bits; the table keeps
 * only its SHA-256 digest, the e-mail job a sealed copy.
 */
export function createTherapistInvites({
  db,
  sealer,
  now = () => new Date(),
}: {
  db: Database;
  /** Seals the token for the e-mail's job: the notes' cipher for INVITE_TOKEN_PURPOSE (app-routes.ts). */
  sealer: { seal(text: string): string | null };
  now?: () => Date;
}) {
  return {
    async invite(admin: AdminPrincipal, therapistId: number): Promise<TherapistInviteResult> {
      const token = randomBytes(32).toString('base64url');
      const at = now();
      return db.transaction(async (tx) => {
        const therapist = await repo.findTherapistState(tx, therapistId);
        if (!therapist) throw notFound(`Therapist ${therapistId} not found`);
        await checkTherapistLogin(tx, therapistId, false);
        await invites.voidOpenInvites(tx, therapistId, at);
        const expiresAt = new Date(at.getTime() + INVITE_HOURS * 3600_000);
        const row = await invites.insertInvite(tx, {
          therapistId,
          tokenHash: hashInviteToken(token),
          invitedBy: admin.id,
          createdAt: at,
          expiresAt,
        });
        await enqueueJob(tx, {
          kind: 'therapist.invite_email',
          payload: { invite_id: row.id, sealed_token: sealer.seal(token)! },
          dedupeKey: `therapist_invite:${row.id}`,
        });
        await insertAudit(tx, {
          actorAdminId: admin.id,
          actorLabel: admin.email,
          action: 'therapist.invite',
          therapistId,
          details: { invite_id: row.id, expires_at: expiresAt.toISOString() },
        });
        return { therapist_id: therapistId, email: therapist.email, expires_at: expiresAt.toISOString() };
      });
    },

    /** Sets the password: the therapist's login exists, the link no longer works. */
    async accept(token: string, password: string): Promise<AcceptInviteResult> {
      const passwordHash = await hashPassword(password);
      const at = now();
      return db.transaction(async (tx) => {
        const invite = await invites.lockInviteByHash(tx, hashInviteToken(token));
        if (!invite) throw notFound(INVITE_UNKNOWN);
        if (invite.used_at) throw new AppError(410, INVITE_USED);
        if (new Date(invite.expires_at).getTime() <= at.getTime()) throw new AppError(410, INVITE_EXPIRED);
        const therapist = await repo.findTherapistState(tx, invite.therapist_id);
        if (!therapist?.is_active) throw new AppError(410, INVITE_EXPIRED);
        await checkTherapistLogin(tx, invite.therapist_id, false);
        const email = therapist.email.trim().toLowerCase();
        if (await repo.findAdminByEmail(tx, email)) {
          throw conflict(`A login for ${email} already exists. Ask the clinic to help.`);
        }
        await insertAdminWithAudit(tx, 'invitation', {
          email,
          passwordHash,
          isSuperadmin: false,
          isActive: true,
          therapistId: invite.therapist_id,
        });
        await invites.markInviteUsed(tx, invite.id, at);
        return { username: email, therapist_id: invite.therapist_id };
      });
    },
  };
}

export type TherapistInvites = ReturnType<typeof createTherapistInvites>;
