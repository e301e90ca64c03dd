import { createHash, createHmac, randomBytes } from 'node:crypto';

/*
 * A waitlist offer's link, PUBLIC_URL/waitlist/offer/{token}, made as manage links are (decision
 * 032): the token (256 bits) is HMAC(key, salt) with a random salt per offer, and only the salt and
 * the token's SHA-256 are stored, so a copy of the database cannot take anyone's offer while the
 * offer e-mail's job (which holds the key) can rebuild the link. The key comes from the admin token
 * secret (JWT_SECRET or the one kept in DATA_DIR). The booking's status-page token is derived from
 * the same salt, so taking an offer twice gives the same answer.
 */

export type WaitlistKey = Buffer;

export function deriveWaitlistKey(secret: string): WaitlistKey {
  return createHmac('sha256', secret).update('waitlist-offer-v1').digest();
}

export const newOfferSalt = () => randomBytes(16).toString('base64url');

const derive = (key: WaitlistKey, purpose: string, salt: string) =>
  createHmac('sha256', key).update(`${purpose}:${salt}`).digest('base64url');

/** The offer link's token. */
export const offerToken = (key: WaitlistKey, salt: string) => derive(key, 'offer', salt);

/** The held booking's status-page token (POST /api/bookings's confirmation_token), once taken. */
export const offerStatusToken = (key: WaitlistKey, salt: string) => derive(key, 'status', salt);

export const hashOfferToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A token looks like one we make (43 base64url characters) before any database work. */
export const isOfferTokenShape = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);

export const offerUrl = (publicUrl: string, token: string) => `${publicUrl}/waitlist/offer/${token}`;
