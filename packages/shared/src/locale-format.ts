import { formatShortDate, formatTime12, shortDateParts, utcDate } from './display-format.ts';
import { formatAmount, formatPrice } from './money.ts';

/**
 * Dates, times and amounts per language, one formatter each for the web pages and the server's
 * messages alike (issue 23): the same session reads the same in the page and in its e-mail.
 * English keeps the specification's forms ('Mon, Nov 23, 2026', '10:00 AM'); Hindi comes from
 * Intl's 'hi-IN' with Latin digits. Clinic dates ('YYYY-MM-DD') and wall-clock times are read as
 * UTC instants, so no zone, the server's or the browser's, moves them.
 */

export type DisplayLocale = 'en' | 'hi';

export type LocaleFormats = {
  /** 'Mon, Nov 23, 2026' / 'सोम, 23 नव॰ 2026': a date on the pages. */
  longDate: (isoDate: string) => string;
  /** 'Mon, Nov 23' / 'सोम, 23 नव॰'. */
  shortDate: (isoDate: string) => string;
  /** The parts of a date-strip button: { weekday: 'Mon', month: 'Nov', day: '23' }. */
  dateParts: (isoDate: string) => { weekday: string; month: string; day: string };
  /** 'Monday, 23 November 2026' / 'सोमवार, 23 नवंबर 2026': a date written out in a message. */
  fullDate: (isoDate: string) => string;
  /** '10:00 AM' / 'सुबह 10:00' from 'HH:MM[:SS]', in the pages and the messages alike. */
  time: (time: string) => string;
  /** '₹1,500.00': an amount as a receipt, an e-mail or an admin screen writes it. */
  amount: (rupees: number) => string;
  /** '₹1,500' ('₹1,499.50' with paise): a price on the visitor's pages. */
  price: (rupees: number) => string;
};

// Built on first use, as the Hindi ones below: a browser's first Intl date formatter loads its
// calendar and zone data (tens of milliseconds on a phone), and most pages show no date on
// their first screen (issue 30).
let englishFullDate: Intl.DateTimeFormat | undefined;
let englishLongDate: Intl.DateTimeFormat | undefined;

const english: LocaleFormats = {
  longDate: (isoDate) => {
    englishLongDate ??= new Intl.DateTimeFormat('en-US', {
      timeZone: 'UTC',
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      year: 'numeric',
    });
    return englishLongDate.format(utcDate(isoDate));
  },
  shortDate: formatShortDate,
  dateParts: shortDateParts,
  fullDate: (isoDate) => {
    englishFullDate ??= new Intl.DateTimeFormat('en-IN', {
      timeZone: 'UTC',
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    });
    return englishFullDate.format(utcDate(isoDate));
  },
  time: formatTime12,
  amount: (rupees) => formatAmount(rupees, 'en'),
  price: (rupees) => formatPrice(rupees, 'en'),
};

/** Minutes of 'HH:MM[:SS]' as a UTC instant, for Intl to write as a wall-clock time. */
function clockInstant(time: string): Date {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return new Date(Date.UTC(2000, 0, 1, hours, minutes));
}

// Built on first use only (building an Intl formatter costs about a millisecond): a visitor
// reading English never pays for the Hindi ones.
function hindiFormats(): LocaleFormats {
  const dateFormat = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('hi-IN-u-nu-latn', { timeZone: 'UTC', ...options });
  const long = dateFormat({ weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' });
  const short = dateFormat({ weekday: 'short', month: 'short', day: 'numeric' });
  const full = dateFormat({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
  // 'सुबह 10:00', 'शाम 4:30': Hindi names the part of the day rather than writing am/pm, as the
  // e-mails always did (decision 044 chose this form for the pages too).
  const clock = dateFormat({ hour: 'numeric', minute: '2-digit', dayPeriod: 'short' });
  return {
    longDate: (isoDate) => long.format(utcDate(isoDate)),
    shortDate: (isoDate) => short.format(utcDate(isoDate)),
    dateParts: (isoDate) => {
      const parts = Object.fromEntries(short.formatToParts(utcDate(isoDate)).map((p) => [p.type, p.value]));
      return { weekday: parts.weekday ?? '', month: parts.month ?? '', day: parts.day ?? '' };
    },
    fullDate: (isoDate) => full.format(utcDate(isoDate)),
    time: (time) => clock.format(clockInstant(time)),
    amount: (rupees) => formatAmount(rupees, 'hi'),
    price: (rupees) => formatPrice(rupees, 'hi'),
  };
}

let hindi: LocaleFormats | undefined;

/** The formats of a language. */
export function formatsFor(locale: DisplayLocale): LocaleFormats {
  if (locale === 'en') return english;
  hindi ??= hindiFormats();
  return hindi;
}
