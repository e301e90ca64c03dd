import type { AdminBooking } from '@therapy/shared/admin-schemas';
import { addDays, addMinutes } from '@therapy/shared/clinic-time';
import { formatTime12 } from '../../../lib/format';

/** 'YYYY-MM' of a date. */
export const monthOf = (isoDate: string) => isoDate.slice(0, 7);

export function shiftMonth(month: string, by: number): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(year, monthNumber - 1 + by, 1));
  return date.toISOString().slice(0, 7);
}

const utc = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`);

/** The grid's days: whole weeks from the Sunday on or before the 1st to the Saturday after the end. */
export function monthGrid(month: string): string[] {
  const first = `${month}-01`;
  const start = addDays(first, -utc(first).getUTCDay());
  const last = addDays(`${shiftMonth(month, 1)}-01`, -1);
  const end = addDays(last, 6 - utc(last).getUTCDay());
  const days: string[] = [];
  for (let day = start; day <= end; day = addDays(day, 1)) days.push(day);
  return days;
}

const monthTitle = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'long', year: 'numeric' });
const fullDate = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});

/** 'November 2026' */
export const formatMonthTitle = (month: string) => monthTitle.format(utc(`${month}-01`));
/** 'Saturday, December 5, 2026' */
export const formatFullDate = (isoDate: string) => fullDate.format(utc(isoDate));

export const WEEKDAYS = [
  ['Sun', 'Sunday'],
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
] as const;

/** An event's second line in the month grid: "1:00 PM · In-Person", and "· 3 of 8" for a series' session. */
export function eventMeta(
  event: Pick<AdminBooking, 'booking_time_slot_start' | 'booking_type' | 'series'>,
): string {
  const place = event.booking_type === 'ONLINE' ? 'Online' : 'In-Person';
  const series = event.series ? ` · ${event.series.position} of ${event.series.count}` : '';
  return `${formatTime12(event.booking_time_slot_start)} · ${place}${series}`;
}

/** Calendar events last one hour from their start slot (specification section 4). */
export function eventTimeRange(booking: AdminBooking): string {
  const start = booking.booking_time_slot_start;
  return `${formatTime12(start)} – ${formatTime12(addMinutes(start, 60))}`;
}

/** The meeting code: the last part of the meeting link's path, 'N/A' without a link. */
export function meetingCode(link: string | null): string {
  if (!link) return 'N/A';
  try {
    return new URL(link).pathname.split('/').filter(Boolean).pop() ?? 'N/A';
  } catch {
    return link.split('/').filter(Boolean).pop() ?? 'N/A';
  }
}
