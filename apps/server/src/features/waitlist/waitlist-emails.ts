import { TELE_MANAS, TELE_MANAS_TOLL_FREE } from '@therapy/shared/crisis-help';
import { formatRupees } from '@therapy/shared/money';
import { therapistDisplayName } from '@therapy/shared/therapist-name';
import { escapeHtml } from '../../http/html.ts';
import type { OutgoingMail } from '../notifications/mailer.ts';

/*
 * The offer e-mail of the waitlist (decision 041), in the client's language (English or Hindi).
 * Dates and times are the clinic's wall clock: a slot's date is formatted as a UTC calendar date
 * (so the server's zone never shifts it), the hold's end in the clinic's zone. Digits stay Latin in
 * both languages (numberingSystem 'latn'), as the helpline's numbers do on every page.
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

type Words = {
  subject: (therapist: string) => string;
  greeting: (name: string) => string;
  intro: (therapist: string) => string;
  date: string;
  time: string;
  where: string;
  online: string;
  fee: string;
  held: (minutes: number, until: string) => string;
  take: string;
  nothing: string;
  help: string;
};

const WORDS: Record<'en' | 'hi', Words> = {
  en: {
    subject: (therapist) => `A time has opened with ${therapist}`,
    greeting: (name) => `Dear ${name},`,
    intro: (therapist) => `A time has opened with ${therapist}, and we are holding it for you.`,
    date: 'Date',
    time: 'Time',
    where: 'Where',
    online: 'Online (secure video session)',
    fee: 'Fee',
    held: (minutes, until) => `It is held for you for ${minutes} minutes, until ${until}.`,
    take: 'To take it, open this link:',
    nothing:
      "If you don't want this time, you need do nothing: it will go to the next person waiting, and you stay on the waitlist for your other dates.",
    help: `In distress? Call Tele-MANAS on ${TELE_MANAS.label} or ${TELE_MANAS_TOLL_FREE.label} (free, 24×7).`,
  },
  hi: {
    subject: (therapist) => `${therapist} के साथ एक समय उपलब्ध हुआ है`,
    greeting: (name) => `प्रिय ${name},`,
    intro: (therapist) => `${therapist} के साथ एक समय उपलब्ध हुआ है, और हमने इसे आपके लिए रोक रखा है।`,
    date: 'तारीख़',
    time: 'समय',
    where: 'स्थान',
    online: 'ऑनलाइन (सुरक्षित वीडियो सत्र)',
    fee: 'शुल्क',
    held: (minutes, until) => `यह समय आपके लिए ${minutes} मिनट तक, यानी ${until} तक, रोककर रखा जाएगा।`,
    take: 'इसे लेने के लिए कृपया यह लिंक खोलें:',
    nothing:
      'अगर आप यह समय नहीं लेना चाहते, तो आपको कुछ भी करने की ज़रूरत नहीं है: यह प्रतीक्षा सूची में अगले व्यक्ति को दे दिया जाएगा, और आप अपनी बाकी तारीख़ों के लिए प्रतीक्षा सूची में बने रहेंगे।',
    help: `परेशानी में हैं? Tele-MANAS को ${TELE_MANAS.label} या ${TELE_MANAS_TOLL_FREE.label} पर कॉल करें (निःशुल्क, 24×7)।`,
  },
};

const LOCALES = { en: 'en-IN', hi: 'hi-IN' } as const;
const zoneLabel = (timeZone: string) => (timeZone === 'Asia/Kolkata' ? 'IST' : timeZone);

function formatters(language: 'en' | 'hi', timeZone: string) {
  const locale = LOCALES[language];
  const day = new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
    numberingSystem: 'latn',
  });
  const clock = (zone: string) =>
    new Intl.DateTimeFormat(locale, {
      hour: 'numeric',
      minute: '2-digit',
      timeZone: zone,
      numberingSystem: 'latn',
    });
  return {
    date: (isoDate: string) => day.format(new Date(`${isoDate}T00:00:00Z`)),
    /** A wall-clock 'HH:MM' of the clinic, as it is. */
    wallTime: (time: string) => clock('UTC').format(new Date(`1970-01-01T${time.slice(0, 5)}:00Z`)),
    instant: (at: Date) => clock(timeZone).format(at),
  };
}

/** The offer e-mail to the waiting client, with the link that takes the held time. */
export function waitlistOfferEmail(
  offer: OfferForEmail,
  to: string,
  url: string,
  context: OfferEmailContext,
): OutgoingMail {
  const words = WORDS[offer.client_language];
  const format = formatters(offer.client_language, context.timeZone);
  const therapist = therapistDisplayName(offer.therapist_name);
  const zone = zoneLabel(context.timeZone);
  const place =
    offer.booking_type === 'ONLINE'
      ? words.online
      : [offer.location_name, offer.location_address].filter(Boolean).join(', ');
  const lines: [string, string][] = [
    [words.date, format.date(offer.booking_date)],
    [words.time, `${format.wallTime(offer.start_time)} – ${format.wallTime(offer.end_time)} (${zone})`],
    [words.where, place],
    [words.fee, formatRupees(offer.amount_paise)],
  ];
  const held = words.held(context.offerMinutes, `${format.instant(offer.hold_expires_at)} (${zone})`);
  const text = [
    words.greeting(offer.client_full_name),
    '',
    words.intro(therapist),
    '',
    ...lines.map(([label, value]) => `${label}: ${value}`),
    '',
    held,
    words.take,
    url,
    '',
    words.nothing,
    '',
    words.help,
    '',
  ].join('\n');
  const rows = lines
    .map(
      ([label, value]) =>
        `<tr><th align="left" style="padding:4px 12px 4px 0">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  const html = `<!doctype html><html lang="${offer.client_language}"><body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.5">
<p>${escapeHtml(words.greeting(offer.client_full_name))}</p><p>${escapeHtml(words.intro(therapist))}</p>
<table role="presentation" style="border-collapse:collapse">${rows}</table>
<p>${escapeHtml(held)}</p>
<p>${escapeHtml(words.take)} <a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>
<p>${escapeHtml(words.nothing)}</p>
<p style="color:#475569">${escapeHtml(words.help)}</p>
</body></html>`;
  return { to, subject: words.subject(therapist), text, html };
}
