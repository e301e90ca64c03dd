import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/database.ts';

/*
 * A client's private manage link, PUBLIC_URL/manage/{token}: the booking's own secret. The token
 * (256 bits) is HMAC(key, salt) with a random 128-bit salt per link: only the salt and the token's
 * SHA-256 are stored, so the database alone cannot rebuild a link, while the e-mail and reminder
 * jobs can (they hold the key). The key is derived from the admin token secret (JWT_SECRET, or
 * the one kept in DATA_DIR), which every instance of one installation shares. Decision 032. Here,
 * below every reader of it (the status page, the e-mails, the manage page in self-service).
 */

export type ManageLinkKey = Buffer;

export function deriveManageLinkKey(secret: string): ManageLinkKey {
  return createHmac('sha256', secret).update('manage-link-v1').digest();
}

const tokenOf = (key: ManageLinkKey, salt: string) =>
  createHmac('sha256', key).update(salt).digest('base64url');

export const hashManageToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A token looks like one we make (43 base64url characters) before any database work. */
export const isManageTokenShape = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);

export const manageUrl = (publicUrl: string, token: string) => `${publicUrl}/manage/${token}`;

async function insertLink(db: Queryable, key: ManageLinkKey, bookingId: number): Promise<string> {
  const salt = randomBytes(16).toString('base64url');
  const token = tokenOf(key, salt);
  await db.query(
    `INSERT INTO manage_links (token_hash, booking_id, salt) VALUES ($1, $2, $3)
     ON CONFLICT (booking_id) WHERE replaced_at IS NULL DO NOTHING`,
    [hashManageToken(token), bookingId, salt],
  );
  return token;
}

/**
 * The booking's current token, made on first need (bookings from before manage links have none
 * until an e-mail or the status page asks). Two callers at once agree: the second insert does
 * nothing and both read the row that stands.
 */
export async function currentManageToken(
  db: Queryable,
  key: ManageLinkKey,
  bookingId: number,
): Promise<string> {
  const read = async () =>
    (
      await db.query<{ salt: string }>(
        'SELECT salt FROM manage_links WHERE booking_id = $1 AND replaced_at IS NULL',
        [bookingId],
      )
    ).rows[0]?.salt;
  let salt = await read();
  if (!salt) {
    await insertLink(db, key, bookingId);
    salt = await read();
  }
  if (!salt) throw new Error(`no manage link for booking ${bookingId}`);
  return tokenOf(key, salt);
}

/** Replaces the booking's current link (after a reschedule): the old one can no longer act. */
export async function replaceManageLink(
  tx: Queryable,
  key: ManageLinkKey,
  bookingId: number,
): Promise<string> {
  await tx.query(
    'UPDATE manage_links SET replaced_at = now() WHERE booking_id = $1 AND replaced_at IS NULL',
    [bookingId],
  );
  return insertLink(tx, key, bookingId);
}
