import type { Database } from '../../db/database.ts';
import { readClinicProfile } from '../clinic/clinic-service.ts';
import type { JobHandlers } from '../jobs/job-kinds.ts';
import { deliverOnce } from '../messages/message-log.ts';
import { withClinicSignature } from '../notifications/clinic-signature.ts';
import type { Mailer } from '../notifications/mailer.ts';
import { offerToken, offerUrl, type WaitlistKey } from './offer-token.ts';
import { waitlistOfferEmail } from './waitlist-emails.ts';
import { findOffer } from './waitlist-repo.ts';

export type WaitlistJobContext = {
  timeZone: string;
  publicUrl: string;
  productName: string;
  offerMinutes: number;
  key: WaitlistKey;
};

/**
 * The offer e-mail's job. It goes through the held booking's message log like every client
 * message (at most once; the admin sees it under the booking's messages), and only while the offer
 * still stands: nothing for an offer taken, lapsed or withdrawn before the job ran.
 */
export function createWaitlistJobHandlers(
  db: Database,
  mailer: Mailer,
  context: WaitlistJobContext,
  options: { now?: () => Date } = {},
): Pick<JobHandlers, 'waitlist.offer'> {
  const now = options.now ?? (() => new Date());
  return {
    'waitlist.offer': async (payload) => {
      const offer = await findOffer(db, Number(payload.offer_id));
      if (offer?.outcome !== 'open' || !offer.client_email || !offer.hold_expires_at) return;
      const holdEnds = new Date(offer.hold_expires_at);
      if (holdEnds <= now() || offer.payment_status !== 'INITIATED') return;
      const url = offerUrl(context.publicUrl, offerToken(context.key, offer.salt));
      const mail = waitlistOfferEmail(
        { ...offer, hold_expires_at: holdEnds },
        offer.client_email,
        url,
        context,
      );
      const message = {
        bookingId: offer.booking_id,
        kind: 'waitlist_offer' as const,
        channel: 'email' as const,
        dedupeKey: `waitlist_offer:email:${offer.id}`,
      };
      const clinic = await readClinicProfile(db);
      await deliverOnce(db, message, () =>
        mailer.send(withClinicSignature(mail, clinic, context.productName, offer.client_language)),
      );
    },
  };
}
