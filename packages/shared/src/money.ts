/**
 * Money, in one place (issue 23): the database keeps whole paise, the API and the screens carry
 * rupees. Every conversion between the two and every way of writing an amount is here; a test
 * (`one-home-rules.test.ts`) fails on a `/ 100` or `* 100` of money anywhere else. Digits stay
 * Latin in Hindi too (the clinic, its phone and its receipts write 1,500, never १,५००).
 */

export type MoneyLocale = 'en' | 'hi';

/** Paise (the database's integer) as rupees (the API's number). */
export function toRupees(paise: number): number {
  return paise / 100;
}

/** Rupees as typed or sent (up to 2 decimals) as whole paise. */
export function toPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

type MoneyFormats = { amount: Intl.NumberFormat; whole: Intl.NumberFormat; fractional: Intl.NumberFormat };

const INTL_LOCALE: Record<MoneyLocale, string> = { en: 'en-IN', hi: 'hi-IN-u-nu-latn' };
const made = new Map<MoneyLocale, MoneyFormats>();

// Made on first use, once per language: building an Intl formatter costs about a millisecond, and
// a visitor reading English never pays for the Hindi ones.
function formatsOf(locale: MoneyLocale): MoneyFormats {
  let formats = made.get(locale);
  if (!formats) {
    const make = (options: Intl.NumberFormatOptions) =>
      new Intl.NumberFormat(INTL_LOCALE[locale], { style: 'currency', currency: 'INR', ...options });
    formats = {
      amount: make({ minimumFractionDigits: 2, maximumFractionDigits: 2 }),
      whole: make({ maximumFractionDigits: 0 }),
      fractional: make({ minimumFractionDigits: 2 }),
    };
    made.set(locale, formats);
  }
  return formats;
}

/**
 * '₹1,500.00', '₹1,23,456.78': an amount as the admin screens (specification section 9: two
 * decimals in admin), the e-mails and the receipts write it.
 */
export function formatAmount(rupees: number, locale: MoneyLocale = 'en'): string {
  return formatsOf(locale).amount.format(rupees);
}

/** The amount of `paise` as formatAmount writes it: what the server holds, written once. */
export function formatPaise(paise: number, locale: MoneyLocale = 'en'): string {
  return formatAmount(toRupees(paise), locale);
}

/** '₹1,500' (paise only when there are some: '₹1,499.50'): a price on the visitor's pages. */
export function formatPrice(rupees: number, locale: MoneyLocale = 'en'): string {
  const formats = formatsOf(locale);
  return (Number.isInteger(rupees) ? formats.whole : formats.fractional).format(rupees);
}
