/**
 * Calendar arithmetic on plain dates ('YYYY-MM-DD'), reckoned in the clinic's time zone whatever
 * zone the server or the browser runs in. Intl carries the zone rules, so no library is needed.
 */

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string) {
  let formatter = partsFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    partsFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The date and wall-clock time at `instant` in `timeZone`. */
export function zonedNow(timeZone: string, instant: Date = new Date()): { date: string; time: string } {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}:${parts.second}`,
  };
}

export function todayIn(timeZone: string, instant: Date = new Date()): string {
  return zonedNow(timeZone, instant).date;
}

/** `isoDate` plus `days` calendar days. */
export function addDays(isoDate: string, days: number): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** 'HH:MM' or 'HH:MM:SS' as 'HH:MM:SS'. */
export function normalizeTime(time: string): string {
  return time.length === 5 ? `${time}:00` : time;
}

/** 'HH:MM[:SS]' plus `minutes`, as 'HH:MM:SS' (within one day). */
export function addMinutes(time: string, minutes: number): string {
  const [hours, mins] = time.split(':').map(Number) as [number, number];
  const total = hours * 60 + mins + minutes;
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(total / 60))}:${pad(total % 60)}:00`;
}

/** 'YYYY-MM-DD' naming a real day (not 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * The instant at which the wall clock in `timeZone` shows `isoDate` `time` ('HH:MM[:SS]'). In a
 * gap of a daylight-saving change, the instant the clock would show had it not jumped.
 */
export function zonedInstant(timeZone: string, isoDate: string, time: string): Date {
  const wall = Date.parse(`${isoDate}T${normalizeTime(time)}Z`);
  const offsetAt = (instant: number) => {
    const shown = zonedNow(timeZone, new Date(instant));
    return Date.parse(`${shown.date}T${shown.time}Z`) - instant;
  };
  // The zone's offset at a first guess, then at the instant that guess gives (the offset may differ).
  const first = wall - offsetAt(wall);
  return new Date(wall - offsetAt(first));
}
