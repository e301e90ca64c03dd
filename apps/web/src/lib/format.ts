/**
 * Display formats of the specification (section 9): 12-hour times, short weekday, short month
 * and day for dates, rupees. Dates are clinic calendar dates ('YYYY-MM-DD'), so they are
 * formatted as UTC midnights: the browser's own zone must not move them by a day.
 */

function utcDate(isoDate: string): Date {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day));
}

const shortDate = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'short',
  month: 'short',
  day: 'numeric',
});
const longDate = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

/** 'Mon, Nov 23' */
export function formatShortDate(isoDate: string): string {
  return shortDate.format(utcDate(isoDate));
}

/** 'Mon, Nov 23, 2026' */
export function formatLongDate(isoDate: string): string {
  return longDate.format(utcDate(isoDate));
}

/** The parts of a date-strip button: { weekday: 'Mon', month: 'Nov', day: '23' }. */
export function dateParts(isoDate: string): { weekday: string; month: string; day: string } {
  const parts = Object.fromEntries(shortDate.formatToParts(utcDate(isoDate)).map((p) => [p.type, p.value]));
  return { weekday: parts.weekday ?? '', month: parts.month ?? '', day: parts.day ?? '' };
}

/**
 * 'HH:MM[:SS]' as '10:00 AM'. Built by hand: Intl puts a narrow no-break space before AM/PM in
 * current browsers, which reads the same but does not match the text people search for.
 */
export function formatTime12(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const suffix = hours < 12 ? 'AM' : 'PM';
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}:${String(minutes).padStart(2, '0')} ${suffix}`;
}

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
