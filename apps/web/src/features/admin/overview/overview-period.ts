import { addDays } from '@therapy/shared/clinic-time';
import { OVERVIEW_MAX_DAYS } from '@therapy/shared/overview-schemas';

/*
 * The overview's period picker (issue 29): this month, the last 3, 6 or 12 months (whole months,
 * this one included), or any from–to of at most OVERVIEW_MAX_DAYS days. Dates are the clinic's.
 */

export type Preset = 'thisMonth' | 'last3' | 'last6' | 'last12' | 'custom';
export type Period = { from: string; to: string };

const MONTHS: Record<Exclude<Preset, 'custom'>, number> = { thisMonth: 1, last3: 3, last6: 6, last12: 12 };

/** The first day of the month `back` months before the month of `date`. */
function monthStart(date: string, back: number): string {
  const [year, month] = date.split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) - back;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

/** The last day of the month of `date`. */
function monthEnd(date: string): string {
  return addDays(monthStart(date, -1), -1);
}

/** The period a preset means on the clinic's `today`. */
export function presetPeriod(preset: Exclude<Preset, 'custom'>, today: string): Period {
  return { from: monthStart(today, MONTHS[preset] - 1), to: monthEnd(today) };
}

/** Days from `from` to `to`, both included. */
export function daysOf(period: Period): number {
  return (Date.parse(`${period.to}T00:00:00Z`) - Date.parse(`${period.from}T00:00:00Z`)) / 86_400_000 + 1;
}

/** A from–to the server takes: both dates, in order, at most OVERVIEW_MAX_DAYS days. */
export function isValidPeriod(period: Partial<Period>): period is Period {
  if (!period.from || !period.to || period.from > period.to) return false;
  return daysOf(period as Period) <= OVERVIEW_MAX_DAYS;
}

/** The previous period the server compares with: the same number of days just before. */
export function previousOf(period: Period): Period {
  const days = daysOf(period);
  return { from: addDays(period.from, -days), to: addDays(period.from, -1) };
}
