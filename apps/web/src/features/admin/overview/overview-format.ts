import type { Locale } from '../../../i18n/locale';
import { formatsFor } from '../../../lib/format';

/** The overview's numbers in the screen's language: rupees, counts, shares, short dates. */
export function overviewFormats(locale: Locale) {
  const tag = locale === 'hi' ? 'hi-IN' : 'en-IN';
  const count = new Intl.NumberFormat(tag, { maximumFractionDigits: 2 });
  const share = new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 1 });
  const dayMonth = new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const monthYear = new Intl.DateTimeFormat(tag, { month: 'short', year: 'numeric', timeZone: 'UTC' });
  const weekday = new Intl.DateTimeFormat(tag, { weekday: 'long', timeZone: 'UTC' });
  const utc = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`);
  return {
    rupees: formatsFor(locale).rupees,
    longDate: formatsFor(locale).longDate,
    count: (value: number) => count.format(value),
    share: (value: number) => share.format(value),
    dayMonth: (isoDate: string) => dayMonth.format(utc(isoDate)),
    monthYear: (isoDate: string) => monthYear.format(utc(isoDate)),
    /** 0 (Sunday) to 6: 4 January 1970 was a Sunday. */
    weekday: (day: number) => weekday.format(new Date(Date.UTC(1970, 0, 4 + day))),
    hour: (hour: number) => `${String(hour).padStart(2, '0')}:00`,
  };
}

export type OverviewFormats = ReturnType<typeof overviewFormats>;
