import { addDays, todayIn } from '@therapy/shared/clinic-time';
import { MANUAL_BOOKING_DAYS } from '@therapy/shared/manual-booking-schemas';
import { formatAmount as formatRupeeAmount } from '@therapy/shared/money';
import { clinicTimeZone } from '../../lib/clinic';
import { formatShortDate, formatTime12 } from '../../lib/format';

const counts = new Intl.NumberFormat('en-IN');

/** A count as the clinic reads it: 10,00,406. */
export const formatCount = (count: number) => counts.format(count);

/** Admin amounts: rupees with 2 decimals (specification section 9), e.g. '₹1,500.00'; 'N/A' for none. */
export function formatAmount(amount: number | null | undefined): string {
  return typeof amount === 'number' && Number.isFinite(amount) ? formatRupeeAmount(amount) : 'N/A';
}

/** Today in the clinic's time zone, whatever zone the browser is in. */
export function clinicToday(): string {
  return todayIn(clinicTimeZone());
}

/** Today and the next 14 days: the dates the admin screens offer for slots and manual bookings. */
export function adminDateOptions(today = clinicToday()): string[] {
  return Array.from({ length: MANUAL_BOOKING_DAYS }, (_, index) => addDays(today, index));
}

export function formatDate(isoDate: string | null | undefined): string {
  return isoDate ? formatShortDate(isoDate) : 'N/A';
}

export function formatTime(time: string | null | undefined): string {
  return time ? formatTime12(time) : 'N/A';
}

export function formatTimeRange(start: string, end: string): string {
  return `${formatTime12(start)} – ${formatTime12(end)}`;
}

/** 'HH:MM' of 'HH:MM:SS'. */
export function shortTime(time: string): string {
  return time.slice(0, 5);
}

const instant = new Intl.DateTimeFormat('en-IN', {
  timeZone: clinicTimeZone(),
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** A moment (ISO 8601) in the clinic's time: '23 Nov 2026, 4:05 pm'; an unreadable one as it came. */
export function formatInstant(iso: string): string {
  const moment = new Date(iso);
  return Number.isNaN(moment.getTime()) ? iso : instant.format(moment);
}
