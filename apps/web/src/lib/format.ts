/**
 * Display formats of the specification (section 9): 12-hour times, short weekday, short month
 * and day for dates, rupees. They come from packages/shared's locale-format.ts, the one formatter
 * per language that the server's e-mails use too (issue 23): a time reads the same in the page
 * and in its e-mail, in English and in Hindi.
 */

import { formatShortDate, formatTime12 } from '@therapy/shared/display-format';
import { type LocaleFormats, formatsFor as sharedFormatsFor } from '@therapy/shared/locale-format';
import { formatPrice } from '@therapy/shared/money';
import type { Locale } from '../i18n/locale';
import { useT } from '../i18n/use-t';

// One home for the short forms, shared with the server's messages and pages.
export { formatShortDate, formatTime12 };

/** 'Mon, Nov 23, 2026' */
export const formatLongDate = sharedFormatsFor('en').longDate;

/** The parts of a date-strip button: { weekday: 'Mon', month: 'Nov', day: '23' }. */
export const dateParts = sharedFormatsFor('en').dateParts;

/** '₹1,500' (paise only when there are some: '₹1,499.50'). */
export const formatRupees = (amount: number): string => formatPrice(amount);

/** The page's formats of a language: the shared ones, a price named `rupees`. */
export type Formats = Pick<LocaleFormats, 'longDate' | 'shortDate' | 'time' | 'dateParts'> & {
  rupees: (amount: number) => string;
};

const made = new Map<Locale, Formats>();

/** The display formats of a language: English as the specification shows them, Hindi by Intl. */
export function formatsFor(locale: Locale): Formats {
  let formats = made.get(locale);
  if (!formats) {
    const shared = sharedFormatsFor(locale);
    formats = { ...shared, rupees: shared.price };
    made.set(locale, formats);
  }
  return formats;
}

/** The formats of the visitor's language; the component renders again when it changes. */
export function useFormat(): Formats {
  return formatsFor(useT().locale);
}
