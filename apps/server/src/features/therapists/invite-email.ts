import { zonedNow } from '@therapy/shared/clinic-time';
import type { Database } from '../../db/database.ts';
import { INVITE_TOKEN_PURPOSE } from '../admin-auth/therapist-invites.ts';
import { findInviteForEmail } from '../admin-auth/therapist-invites-repo.ts';
import type { NoteCipher } from '../bookings/note-cipher.ts';
import { readClinicProfile } from '../clinic/clinic-service.ts';
import type { JobHandler } from '../jobs/job-kinds.ts';
import { signedMailer } from '../messages/email/clinic-signature.ts';
import { compose, ENGLISH, zoneLabel } from '../messages/email/email-parts.ts';
import type { Mailer } from '../messages/email/mailer.ts';

export type InviteEmailContext = {
  publicUrl: string;
  productName: string;
  timeZone: string;
  notes: NoteCipher;
};

/**
 * The invitation's e-mail job (decision 052): opens the sealed token, and sends the one-time link
 * PUBLIC_URL/admin/invite/{token} to the therapist's address, while the invitation still works.
 * The link is never logged.
 */
export function createInviteEmailHandlers(
  db: Database,
  baseMailer: Mailer,
  context: InviteEmailContext,
): { 'therapist.invite_email': JobHandler<'therapist.invite_email'> } {
  const mailer = signedMailer(db, baseMailer, context.productName);
  const sealer = context.notes.forPurpose(INVITE_TOKEN_PURPOSE);
  return {
    async 'therapist.invite_email'({ invite_id, sealed_token }) {
      const invite = await findInviteForEmail(db, invite_id);
      // A used invitation needs no e-mail; an expired one's link is refused where it is followed.
      if (!invite || invite.used_at) return;
      const token = sealer.open(sealed_token);
      if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token))
        throw new Error(`Invitation ${invite_id}: token does not open`);
      const { t, date, time } = ENGLISH;
      const clinic = (await readClinicProfile(db)).name || context.productName;
      const until = zonedNow(context.timeZone, new Date(invite.expires_at));
      const url = `${context.publicUrl}/admin/invite/${token}`;
      await mailer.send(
        compose(
          t('inviteSubject', { clinic }),
          t('inviteGreeting', { name: invite.name }),
          t('inviteIntro', { clinic }),
          [[t('inviteLink'), url, url]],
          [
            t('inviteExpires', {
              until: `${date(until.date)}, ${time(until.time)} (${zoneLabel(context.timeZone)})`,
            }),
            t('inviteIgnore'),
          ],
          invite.email,
        ),
      );
    },
  };
}
