import type { Queryable } from '../../db/database.ts';

/** The therapist_invites table's SQL (migration 0020): only the token's digest is stored. */

export type InviteRow = {
  id: number;
  therapist_id: number;
  expires_at: Date;
  used_at: Date | null;
};

export async function insertInvite(
  db: Queryable,
  invite: { therapistId: number; tokenHash: string; invitedBy: number; createdAt: Date; expiresAt: Date },
): Promise<InviteRow> {
  const { rows } = await db.query<InviteRow>(
    `INSERT INTO therapist_invites (therapist_id, token_hash, invited_by_admin_id, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5) RETURNING id, therapist_id, expires_at, used_at`,
    [invite.therapistId, invite.tokenHash, invite.invitedBy, invite.createdAt, invite.expiresAt],
  );
  return rows[0]!;
}

/** A new invitation voids the therapist's earlier ones that were not used: one link works. */
export async function voidOpenInvites(db: Queryable, therapistId: number, at: Date): Promise<void> {
  await db.query(
    'UPDATE therapist_invites SET expires_at = $2 WHERE therapist_id = $1 AND used_at IS NULL AND expires_at > $2',
    [therapistId, at],
  );
}

/** The invitation of a token's digest, locked until the transaction ends. */
export async function lockInviteByHash(db: Queryable, tokenHash: string): Promise<InviteRow | undefined> {
  const { rows } = await db.query<InviteRow>(
    'SELECT id, therapist_id, expires_at, used_at FROM therapist_invites WHERE token_hash = $1 FOR UPDATE',
    [tokenHash],
  );
  return rows[0];
}

export async function markInviteUsed(db: Queryable, id: number, at: Date): Promise<void> {
  await db.query('UPDATE therapist_invites SET used_at = $2 WHERE id = $1', [id, at]);
}

/** What the invitation e-mail needs: the therapist's name and address, and whether it still works. */
export async function findInviteForEmail(
  db: Queryable,
  id: number,
): Promise<{ name: string; email: string; expires_at: Date; used_at: Date | null } | undefined> {
  const { rows } = await db.query<{ name: string; email: string; expires_at: Date; used_at: Date | null }>(
    `SELECT t.name, t.email, i.expires_at, i.used_at FROM therapist_invites i
       JOIN therapists t ON t.id = i.therapist_id WHERE i.id = $1`,
    [id],
  );
  return rows[0];
}
