import type { Queryable } from '../../db/database.ts';
import { loadJwtSecret } from '../../secrets.ts';
import {
  deriveManageLinkKey,
  hashManageToken,
  isManageTokenShape,
  type ManageLinkKey,
} from '../bookings/manage-token.ts';

/* The manage page's side of the manage links (the token itself: bookings/manage-token.ts). */

export { replaceManageLink } from '../bookings/manage-token.ts';
export type { ManageLinkKey };

/** The key of the installation whose secrets are in `dataDir` (JWT_SECRET when set). */
export async function loadManageLinkKey(
  dataDir: string,
  jwtSecret: string | undefined,
): Promise<ManageLinkKey> {
  return deriveManageLinkKey(await loadJwtSecret(dataDir, jwtSecret));
}

export type ManageLinkRow = { booking_id: number; current: boolean };

/** The link a token opens, if any (by its hash: the token itself is never stored). */
export async function findManageLink(db: Queryable, token: string): Promise<ManageLinkRow | undefined> {
  if (!isManageTokenShape(token)) return undefined;
  const { rows } = await db.query<ManageLinkRow>(
    'SELECT booking_id, replaced_at IS NULL AS current FROM manage_links WHERE token_hash = $1',
    [hashManageToken(token)],
  );
  return rows[0];
}
