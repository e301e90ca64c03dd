import { calendarDayPageSchema, calendarMonthSchema } from '@therapy/shared/admin-slot-schemas';
import { queryString } from '../../../lib/api-client';
import { adminRequest } from '../admin-http';

/** The month grid: per day with events, how many and the first two. */
export const fetchCalendarMonth = (from: string, to: string, signal?: AbortSignal) =>
  adminRequest(`/api/admin/calendar${queryString({ from, to })}`, { signal, schema: calendarMonthSchema });

/** One page of a day's events, by start time. */
export const fetchCalendarDay = (date: string, cursor: string | undefined, signal?: AbortSignal) =>
  adminRequest(`/api/admin/calendar/day${queryString({ date, cursor })}`, {
    signal,
    schema: calendarDayPageSchema,
  });
