import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/database.ts';

/*
 * A therapist's private calendar feed, PUBLIC_URL/calendar/{token}.ics (issue 25, decision 053),
 * made as the clients' manage links are (decision 032): the token (256 bits) is HMAC(key,
 * therapist id and a random 256-bit salt), the key derived from the admin token secret. Only the
 * salt and the token's SHA-256 are stored, so the database alone cannot rebuild a feed's URL,
 * while the server can show it to its therapist again. Rotating draws a new salt: the old URL
 * then finds nothing.
 */

export type CalendarFeedKey = Buffer;

export function deriveCalendarFeedKey(secret: string): CalendarFeedKey {
  return createHmac('sha256', secret).update('calendar-feed-v1').digest();
}

const tokenOf = (key: CalendarFeedKey, therapistId: number, salt: string) =>
  createHmac('sha256', key).update(`${therapistId}.${salt}`).digest('base64url');

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** A token looks like one we make (43 base64url characters) before any database work. */
export const isFeedTokenShape = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);

export const calendarFeedUrl = (publicUrl: string, token: string) => `${publicUrl}/calendar/${token}.ics`;

const newSalt = () => randomBytes(32).toString('base64url');

/** The therapist's feed token, made on first use (two first uses at once agree on one). */
export async function currentFeedToken(
  db: Queryable,
  key: CalendarFeedKey,
  therapistId: number,
): Promise<string> {
  const salt = newSalt();
  await db.query(
    `INSERT INTO therapist_calendar_feeds (therapist_id, salt, token_hash) VALUES ($1, $2, $3)
     ON CONFLICT (therapist_id) DO NOTHING`,
    [therapistId, salt, hashOf(tokenOf(key, therapistId, salt))],
  );
  const { rows } = await db.query<{ salt: string }>(
    'SELECT salt FROM therapist_calendar_feeds WHERE therapist_id = $1',
    [therapistId],
  );
  return tokenOf(key, therapistId, rows[0]!.salt);
}

/** A new token for the therapist's feed; the one before answers nothing from now on. */
export async function rotateFeedToken(
  db: Queryable,
  key: CalendarFeedKey,
  therapistId: number,
): Promise<string> {
  const salt = newSalt();
  const token = tokenOf(key, therapistId, salt);
  await db.query(
    `INSERT INTO therapist_calendar_feeds (therapist_id, salt, token_hash) VALUES ($1, $2, $3)
     ON CONFLICT (therapist_id) DO UPDATE SET salt = excluded.salt, token_hash = excluded.token_hash,
       rotated_at = now()`,
    [therapistId, salt, hashOf(token)],
  );
  return token;
}

/**
 * The therapist whose current feed token this is, while the therapist is active and its login
 * (if it has one, decision 052) is not deactivated: a superadmin's deactivation stops the feed.
 */
export async function findFeedTherapist(
  db: Queryable,
  token: string,
): Promise<{ id: number; name: string } | undefined> {
  if (!isFeedTokenShape(token)) return undefined;
  const { rows } = await db.query<{ id: number; name: string }>(
    `SELECT t.id, t.name FROM therapist_calendar_feeds f JOIN therapists t ON t.id = f.therapist_id
     WHERE f.token_hash = $1 AND t.is_active
       AND NOT EXISTS (SELECT 1 FROM admin_users a WHERE a.therapist_id = t.id AND NOT a.is_active)`,
    [hashOf(token)],
  );
  return rows[0];
}
