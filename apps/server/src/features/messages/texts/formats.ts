import { formatsFor } from '@therapy/shared/locale-format';
import { formatPaise } from '@therapy/shared/money';
import type { ClientLanguage } from './catalogue.ts';

/*
 * Dates, times and amounts as each language writes them in the messages: packages/shared's
 * locale-format.ts and money.ts, the same formatters the web pages use (issue 23), so a session's
 * time reads the same in its e-mail and on its page. Digits stay Latin in Hindi.
 */

/** 'Monday, 23 November 2026' / 'सोमवार, 23 नवंबर 2026': the clinic-local date as it is. */
export function formatLongDate(isoDate: string, language: ClientLanguage = 'en'): string {
  return formatsFor(language).fullDate(isoDate);
}

/** '10:00 AM' / 'सुबह 10:00' from '10:00:00'. */
export function formatClockTime(time: string, language: ClientLanguage = 'en'): string {
  return formatsFor(language).time(time);
}

/** '₹1,500.00' (Indian digit grouping) in either language. */
export function formatAmount(paise: number, language: ClientLanguage = 'en'): string {
  return formatPaise(paise, language);
}
