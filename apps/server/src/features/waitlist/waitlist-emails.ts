import { zonedNow } from '@therapy/shared/clinic-time';
import { TELE_MANAS, TELE_MANAS_TOLL_FREE } from '@therapy/shared/crisis-help';
import { therapistDisplayName } from '@therapy/shared/therapist-name';
import { clientWording, compose, type Line, zoneLabel } from '../messages/email/email-parts.ts';
import type { OutgoingMail } from '../messages/email/mailer.ts';

/*
 * The offer e-mail of the waitlist (decision 041), in the client's language (English or Hindi),
 * from the client messages' one catalogue (messages/texts). Times are the clinic's
 * wall clock; digits stay Latin in both languages, as the helpline's numbers do on every page.
 */

export type OfferForEmail = {
  client_full_name: string;
  client_language: 'en' | 'hi';
  therapist_name: string;
  booking_type: 'ONLINE' | 'OFFLINE';
  booking_date: string;
  start_time: string;
  end_time: string;
  location_name: string | null;
  location_address: string | null;
  amount_paise: number;
  hold_expires_at: Date;
};

export type OfferEmailContext = { timeZone: string; offerMinutes: number };

/** The offer e-mail to the waiting client, with the link that takes the held time. */
export function waitlistOfferEmail(
  offer: OfferForEmail,
  to: string,
  url: string,
  context: OfferEmailContext,
): OutgoingMail {
  const { t, date, time, amount, language } = clientWording(offer);
  const therapist = therapistDisplayName(offer.therapist_name);
  const zone = zoneLabel(context.timeZone);
  const place =
    offer.booking_type === 'ONLINE'
      ? t('waitlistOnline')
      : [offer.location_name, offer.location_address].filter(Boolean).join(', ');
  const lines: Line[] = [
    [t('labelDate'), date(offer.booking_date)],
    [t('labelTime'), t('timeRange', { start: time(offer.start_time), end: time(offer.end_time), zone })],
    [t('waitlistWhere'), place],
    [t('waitlistFee'), amount(offer.amount_paise)],
  ];
  const until = `${time(zonedNow(context.timeZone, offer.hold_expires_at).time)} (${zone})`;
  const notes = [
    t('waitlistHeld', { minutes: String(context.offerMinutes), until }),
    t('waitlistTake', { url }),
    t('waitlistNothing'),
    t('waitlistHelp', { teleManas: TELE_MANAS.label, tollFree: TELE_MANAS_TOLL_FREE.label }),
  ];
  const greeting = t('greeting', { name: offer.client_full_name });
  return compose(
    t('waitlistSubject', { therapist }),
    greeting,
    t('waitlistIntro', { therapist }),
    lines,
    notes,
    to,
    language,
  );
}
