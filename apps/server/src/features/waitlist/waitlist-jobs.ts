import { holdLapsed, isAwaitingPayment } from '@therapy/shared/booking-states';
import { normalizeMobile } from '@therapy/shared/mobile-number';
import { therapistDisplayName } from '@therapy/shared/therapist-name';
import type { Database } from '../../db/database.ts';
import { readClinicProfile } from '../clinic/clinic-service.ts';
import type { JobHandlers } from '../jobs/job-kinds.ts';
import { withClinicSignature } from '../messages/email/clinic-signature.ts';
import type { Mailer } from '../messages/email/mailer.ts';
import { type DeliveryListener, deliverOnce } from '../messages/log/message-log.ts';
import { formatClockTime, formatLongDate } from '../messages/texts/formats.ts';
import { sendWhatsAppTemplate, type WhatsAppConfig } from '../messages/whatsapp/whatsapp-client.ts';
import { offerToken, offerUrl, type WaitlistKey } from './offer-token.ts';
import { waitlistOfferEmail } from './waitlist-emails.ts';
import { findOffer } from './waitlist-repo.ts';
import { offerTherapistSlots } from './waitlist-sweep.ts';

export type WaitlistJobContext = {
  timeZone: string;
  publicUrl: string;
  productName: string;
  offerMinutes: number;
  key: WaitlistKey;
  /** WHATSAPP_*; without it the WhatsApp offer does nothing. */
  whatsapp?: WhatsAppConfig;
  timeoutMs?: number;
  /** Told when a freed slot's job took slots for offers: the kept slot answers are dropped (ADR 036). */
  onOffered?: () => void;
  /** Told of each offer message sent or failed (the metrics, decision 049). */
  onDelivery?: DeliveryListener;
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
): Pick<JobHandlers, 'waitlist.offer' | 'whatsapp.waitlist_offer' | 'waitlist.offer_freed_slot'> {
  const now = options.now ?? (() => new Date());
  /** The offer while it still stands: nothing for one taken, lapsed or withdrawn before the job ran. */
  const standingOffer = async (offerId: number) => {
    const offer = await findOffer(db, offerId);
    if (offer?.outcome !== 'open' || !offer.hold_expires_at) return undefined;
    const holdEnds = new Date(offer.hold_expires_at);
    if (holdLapsed(offer, now()) || !isAwaitingPayment(offer)) return undefined;
    return { ...offer, holdEnds };
  };
  return {
    // A slot freed (freed-slot-reaction.ts): the sweep's own offering, for this therapist, now.
    'waitlist.offer_freed_slot': async (payload) => {
      const deps = {
        clinicTimeZone: context.timeZone,
        offerMinutes: context.offerMinutes,
        key: context.key,
      };
      const offered = await offerTherapistSlots(db, deps, Number(payload.therapist_id), now());
      if (offered > 0) context.onOffered?.();
    },
    'whatsapp.waitlist_offer': async (payload) => {
      const whatsapp = context.whatsapp;
      const offer = whatsapp && (await standingOffer(Number(payload.offer_id)));
      const mobile =
        offer?.whatsapp_consent && offer.client_mobile ? normalizeMobile(offer.client_mobile) : undefined;
      if (!whatsapp || !offer || !mobile) return;
      const language = offer.client_language;
      // {{1}} name, {{2}} therapist, {{3}} date, {{4}} time, {{5}} the offer link (as the booking templates).
      const parameters = [
        offer.client_full_name,
        therapistDisplayName(offer.therapist_name),
        formatLongDate(offer.booking_date, language),
        formatClockTime(offer.start_time, language),
        offerUrl(context.publicUrl, offerToken(context.key, offer.salt)),
      ];
      const message = {
        bookingId: offer.booking_id,
        kind: 'waitlist_offer' as const,
        channel: 'whatsapp' as const,
        dedupeKey: `waitlist_offer:whatsapp:${offer.id}`,
      };
      await deliverOnce(
        db,
        message,
        () =>
          sendWhatsAppTemplate(
            whatsapp,
            { mobile, template: whatsapp.templates.waitlistOffer, language, parameters },
            context.timeoutMs,
          ),
        context.onDelivery,
      );
    },
    'waitlist.offer': async (payload) => {
      const offer = await standingOffer(Number(payload.offer_id));
      if (!offer?.client_email) return;
      const holdEnds = offer.holdEnds;
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
      await deliverOnce(
        db,
        message,
        () => mailer.send(withClinicSignature(mail, clinic, context.productName, offer.client_language)),
        context.onDelivery,
      );
    },
  };
}
