import { createHash, createHmac, randomBytes } from 'node:crypto';
import { isConfirmedSession } from '@therapy/shared/booking-states';
import { measuresDueFor } from '@therapy/shared/measures';
import type { Queryable } from '../../db/database.ts';
import {
  findFormOfBooking,
  findIntakeOfClient,
  findSessionForMeasures,
  insertForm,
  type MeasureFormRow,
} from './measures-repo.ts';

/*
 * The questionnaire links, PUBLIC_URL/intake/{token} (issue 28, decision 058), made as the manage
 * links are (decision 032): a random salt per link, the token HMAC(key, salt), only the salt and
 * the token's SHA-256 kept. The e-mail jobs, the status page and the manage page rebuild a link
 * from its salt with the key, which comes from the admin token secret every instance shares.
 * The readers of a link (messages, self-service, payments) import this file; it imports none of them.
 */

export type MeasureLinkKey = Buffer;
/** What makes and rebuilds the links: the key, PUBLIC_URL, and MEASURES_EVERY. */
export type MeasureLinks = { key: MeasureLinkKey; publicUrl: string; every: number };

export function deriveMeasureLinkKey(secret: string): MeasureLinkKey {
  return createHmac('sha256', secret).update('intake-link-v1').digest();
}

const tokenOf = (key: MeasureLinkKey, salt: string) =>
  createHmac('sha256', key).update(salt).digest('base64url');

export const hashIntakeToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const intakeUrl = (publicUrl: string, token: string) => `${publicUrl}/intake/${token}`;

/**
 * A client of a therapist, as a key (22 base64url characters) that names neither: a keyed digest
 * of the therapist's id and the client's e-mail (any case). The same client of another therapist
 * has another key, so a key never opens another therapist's client.
 */
export function clientKeyOf(key: MeasureLinkKey, therapistId: number, email: string): string {
  return createHmac('sha256', key)
    .update(`client:${therapistId}:${email.trim().toLowerCase()}`)
    .digest('base64url')
    .slice(0, 22);
}

/** The link of a stored form. */
export const formUrl = (links: Pick<MeasureLinks, 'key' | 'publicUrl'>, form: Pick<MeasureFormRow, 'salt'>) =>
  intakeUrl(links.publicUrl, tokenOf(links.key, form.salt));

/**
 * The questionnaire link a confirmed booking brings, made on first need, or null: the intake
 * before the client's first session with the therapist, PHQ-9 and GAD-7 before every
 * MEASURES_EVERY-th later one (measuresDueFor), none once sent in or for a booking that is not a
 * confirmed session. Two callers at once agree: the second insert does nothing and both read the
 * row that stands. `kind` says which, so a message can word it.
 */
export async function measureLinkFor(
  db: Queryable,
  links: MeasureLinks,
  bookingId: number,
): Promise<{ url: string; kind: 'intake' | 'repeat' } | null> {
  const existing = await findFormOfBooking(db, bookingId);
  if (existing) return existing.submitted_at ? null : { url: formUrl(links, existing), kind: existing.kind };
  const session = await findSessionForMeasures(db, bookingId);
  if (!session?.client_email || !isConfirmedSession(session)) return null;
  const kind = measuresDueFor(session.earlier_sessions, links.every);
  if (!kind) return null;
  const salt = randomBytes(16).toString('base64url');
  await insertForm(db, {
    bookingId,
    kind,
    clientKey: clientKeyOf(links.key, session.therapist_id, session.client_email),
    tokenHash: hashIntakeToken(tokenOf(links.key, salt)),
    salt,
  });
  // An intake already made for an earlier booking (since cancelled) stands: its link, while open.
  const made =
    (await findFormOfBooking(db, bookingId)) ??
    (kind === 'intake'
      ? await findIntakeOfClient(db, clientKeyOf(links.key, session.therapist_id, session.client_email))
      : undefined);
  return made && !made.submitted_at ? { url: formUrl(links, made), kind: made.kind } : null;
}
