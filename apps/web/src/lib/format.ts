/**
 * Display formats of the specification (section 9): 12-hour times, short weekday, short month
 * and day for dates, rupees. Dates are clinic calendar dates ('YYYY-MM-DD'), so they are
 * formatted as UTC midnights: the browser's own zone must not move them by a day.
 */

import { shortDateParts, utcDate } from '@therapy/shared/display-format';

// One home for the short forms, shared with the server's messages and pages.
export { formatShortDate, formatTime12 } from '@therapy/shared/display-format';

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
