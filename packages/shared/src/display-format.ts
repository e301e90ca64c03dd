/**
 * Dates and times as people read them everywhere in the product (specification section 9): the
 * web app's screens, the server's messages and its sandbox payment page. Dates are clinic
 * calendar dates ('YYYY-MM-DD'), formatted as UTC midnights so that no zone moves them by a day.
 */

/** A clinic date as the UTC midnight the formatters below read. */
export function utcDate(isoDate: string): Date {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day));
}

// Made once, on first use: building an Intl formatter costs about a millisecond, and a browser's
// first date formatter loads its calendar and zone data (tens of milliseconds on a phone), which
// a page that shows no date should not pay while it loads (issue 30).
let shortDateFormat: Intl.DateTimeFormat | undefined;

function shortDateFormatter(): Intl.DateTimeFormat {
  shortDateFormat ??= new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    weekday: 'short',
    month: 'short',
    day: 'numeric',
  });
  return shortDateFormat;
}

/** 'Thu, Nov 26' */
export function formatShortDate(isoDate: string): string {
  return shortDateFormatter().format(utcDate(isoDate));
}

/** The parts of 'Thu, Nov 26': { weekday: 'Thu', month: 'Nov', day: '26' }. */
export function shortDateParts(isoDate: string): { weekday: string; month: string; day: string } {
  const parts = Object.fromEntries(
    shortDateFormatter()
      .formatToParts(utcDate(isoDate))
      .map((part) => [part.type, part.value]),
  );
  return { weekday: parts.weekday ?? '', month: parts.month ?? '', day: parts.day ?? '' };
}

/**
 * 'HH:MM[:SS]' as '10:00 AM'. Built by hand: Intl puts a narrow no-break space before AM/PM in
 * current engines, which reads the same but does not match the text people search for.
 */
export function formatTime12(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const suffix = hours < 12 ? 'AM' : 'PM';
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}:${String(minutes).padStart(2, '0')} ${suffix}`;
}

/** '10:00 AM on Thu, Nov 26': a slot as the admin's messages name it. */
export function formatSlotMoment(isoDate: string, time: string): string {
  return `${formatTime12(time)} on ${formatShortDate(isoDate)}`;
}
