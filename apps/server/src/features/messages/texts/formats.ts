import type { ClientLanguage } from './catalogue.ts';

/*
 * Dates, times and amounts as each language writes them, through Intl: 'en-IN' for English,
 * 'hi-IN' for Hindi, with Latin digits always (numberingSystem 'latn': the clinic, its phone and
 * its receipts write 1,500, never १,५००). The formatters are made once, here: building one costs
 * about a millisecond, as much as the rest of an e-mail. Clinic-local dates and times are given
 * as UTC instants, so the server's own zone never shifts them.
 */

const LOCALE: Record<ClientLanguage, string> = { en: 'en-IN', hi: 'hi-IN' };

const perLanguage = <T>(make: (locale: string) => T): Record<ClientLanguage, T> => ({
  en: make(LOCALE.en),
  hi: make(LOCALE.hi),
});

const longDates = perLanguage(
  (locale) =>
    new Intl.DateTimeFormat(locale, {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
      numberingSystem: 'latn',
    }),
);

const clockTimes: Record<ClientLanguage, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat(LOCALE.en, {
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZone: 'UTC',
    numberingSystem: 'latn',
  }),
  // 'सुबह 10:00', 'शाम 4:30': Hindi names the part of the day rather than writing am/pm.
  hi: new Intl.DateTimeFormat(LOCALE.hi, {
    hour: 'numeric',
    minute: '2-digit',
    dayPeriod: 'short',
    timeZone: 'UTC',
    numberingSystem: 'latn',
  }),
};

const rupees = perLanguage(
  (locale) => new Intl.NumberFormat(locale, { style: 'currency', currency: 'INR', numberingSystem: 'latn' }),
);

/** 'Monday, 23 November 2026' / 'सोमवार, 23 नवंबर 2026': the clinic-local date as it is. */
export function formatLongDate(isoDate: string, language: ClientLanguage = 'en'): string {
  return longDates[language].format(new Date(`${isoDate}T00:00:00Z`));
}

/** '10:00 AM' / 'सुबह 10:00' from '10:00:00'. */
export function formatClockTime(time: string, language: ClientLanguage = 'en'): string {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  const instant = new Date(Date.UTC(1970, 0, 1, hours, minutes));
  if (language !== 'en') return clockTimes[language].format(instant);
  // en-IN writes 'am'/'pm'; the e-mails have always said 'AM'/'PM', with a plain space.
  return clockTimes.en
    .formatToParts(instant)
    .map((part) => (part.type === 'dayPeriod' ? part.value.toUpperCase() : part.value))
    .join('')
    .replace(/\s/g, ' ');
}

/** '₹1,500.00' (Indian digit grouping) in either language. */
export function formatAmount(paise: number, language: ClientLanguage = 'en'): string {
  return rupees[language].format(paise / 100);
}
