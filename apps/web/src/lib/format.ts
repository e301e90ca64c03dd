/**
 * Display formats of the specification (section 9): 12-hour times, short weekday, short month
 * and day for dates, rupees. Dates are clinic calendar dates ('YYYY-MM-DD'), so they are
 * formatted as UTC midnights: the browser's own zone must not move them by a day. In Hindi the
 * same things come from Intl's 'hi-IN' (issue 15); digits stay Latin in both languages.
 */

import { formatShortDate, formatTime12, shortDateParts, utcDate } from '@therapy/shared/display-format';
import type { Locale } from '../i18n/locale';
import { useT } from '../i18n/use-t';

// One home for the short forms, shared with the server's messages and pages.
export { formatShortDate, formatTime12 };

const longDate = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

/** 'Mon, Nov 23, 2026' */
export function formatLongDate(isoDate: string): string {
  return longDate.format(utcDate(isoDate));
}

/** The parts of a date-strip button: { weekday: 'Mon', month: 'Nov', day: '23' }. */
export const dateParts = shortDateParts;

const wholeRupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
});
const rupeesAndPaise = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
});

/** '₹1,500' (paise only when there are some: '₹1,499.50'). */
export function formatRupees(amount: number): string {
  return (Number.isInteger(amount) ? wholeRupees : rupeesAndPaise).format(amount);
}

export type Formats = {
  longDate: (isoDate: string) => string;
  shortDate: (isoDate: string) => string;
  time: (time: string) => string;
  rupees: (amount: number) => string;
  dateParts: (isoDate: string) => { weekday: string; month: string; day: string };
};

const english: Formats = {
  longDate: formatLongDate,
  shortDate: formatShortDate,
  time: formatTime12,
  rupees: formatRupees,
  dateParts,
};

let hindi: Formats | undefined;

// Built on first use only: a visitor reading English never pays for the Hindi formatters.
function hindiFormats(): Formats {
  const dateFormat = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('hi-IN-u-nu-latn', { timeZone: 'UTC', ...options });
  const long = dateFormat({ weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' });
  const short = dateFormat({ weekday: 'short', month: 'short', day: 'numeric' });
  const clock = dateFormat({ hour: 'numeric', minute: '2-digit' });
  const whole = new Intl.NumberFormat('hi-IN-u-nu-latn', {
    style: 'currency',
    currency: 'INR',
    maximumFractionDigits: 0,
  });
  const paise = new Intl.NumberFormat('hi-IN-u-nu-latn', {
    style: 'currency',
    currency: 'INR',
    minimumFractionDigits: 2,
  });
  return {
    longDate: (isoDate) => long.format(utcDate(isoDate)),
    shortDate: (isoDate) => short.format(utcDate(isoDate)),
    time: (time) => {
      const [hours = 0, minutes = 0] = time.split(':').map(Number);
      return clock.format(new Date(Date.UTC(2000, 0, 1, hours, minutes)));
    },
    rupees: (amount) => (Number.isInteger(amount) ? whole : paise).format(amount),
    dateParts: (isoDate) => {
      const parts = Object.fromEntries(short.formatToParts(utcDate(isoDate)).map((p) => [p.type, p.value]));
      return { weekday: parts.weekday ?? '', month: parts.month ?? '', day: parts.day ?? '' };
    },
  };
}

/** The display formats of a language: English as the specification shows them, Hindi by Intl. */
export function formatsFor(locale: Locale): Formats {
  if (locale === 'en') return english;
  hindi ??= hindiFormats();
  return hindi;
}

/** The formats of the visitor's language; the component renders again when it changes. */
export function useFormat(): Formats {
  return formatsFor(useT().locale);
}
