import {
  type Holiday,
  type HolidayRequest,
  holidaySchema,
  type OutsideSchedulePage,
  type OverrideRequest,
  outsideSchedulePageSchema,
  type ScheduleRequest,
  scheduleSchema,
  type TimeOffRequest,
} from '@therapy/shared/schedule-schemas';
import * as z from 'zod/mini';
import { adminRequest, pathId } from '../admin-http';

/**
 * The schedule calls (CONTRACT.md "Running the practice"): weekly hours, date overrides, leave and
 * clinic holidays (superadmins), and the bookings that no longer fit a schedule (admins). Loads
 * and the schedule's save are parsed by the shared shapes; deletes answer nothing the screen needs.
 */

/** A saved schedule; a save also says how many bookings now fall outside it. */
export const savedScheduleSchema = z.extend(scheduleSchema, {
  outside_bookings: z.optional(z.int()),
});
export type SavedSchedule = z.infer<typeof savedScheduleSchema>;

export type OutsideScheduleAnswer = OutsideSchedulePage;

export const holidayListSchema = z.array(holidaySchema);

const therapistPath = (therapistId: number) => `/api/admin/therapists/${pathId(therapistId)}`;

export const fetchSchedule = (therapistId: number, signal?: AbortSignal) =>
  adminRequest(`${therapistPath(therapistId)}/schedule`, { signal, schema: savedScheduleSchema });

export const saveSchedule = (therapistId: number, body: ScheduleRequest) =>
  adminRequest(`${therapistPath(therapistId)}/schedule`, {
    method: 'PUT',
    json: body,
    schema: savedScheduleSchema,
  });

/**
 * What a schedule write's answer says of the bookings it leaves outside the schedule (none is
 * moved or cancelled), for the success message: ' 2 bookings now fall outside …' or ''.
 */
export function outsideNote(answer: unknown): string {
  const count = (answer as { outside_bookings?: unknown } | null)?.outside_bookings;
  if (typeof count !== 'number' || count < 1) return '';
  const bookings = count === 1 ? '1 booking now falls' : `${count} bookings now fall`;
  return ` ${bookings} outside the schedule: see Outside schedule.`;
}

export const addTimeOff = (therapistId: number, body: TimeOffRequest) =>
  adminRequest<unknown>(`${therapistPath(therapistId)}/time-off`, { method: 'POST', json: body });

export const deleteTimeOff = (therapistId: number, timeOffId: number) =>
  adminRequest<unknown>(`${therapistPath(therapistId)}/time-off/${pathId(timeOffId)}`, { method: 'DELETE' });

export const addOverride = (therapistId: number, body: OverrideRequest) =>
  adminRequest<unknown>(`${therapistPath(therapistId)}/overrides`, { method: 'POST', json: body });

export const deleteOverride = (therapistId: number, date: string) =>
  adminRequest<unknown>(`${therapistPath(therapistId)}/overrides/${pathId(date)}`, { method: 'DELETE' });

export const fetchHolidays = (signal?: AbortSignal): Promise<Holiday[]> =>
  adminRequest('/api/admin/holidays', { signal, schema: holidayListSchema });

export const addHoliday = (body: HolidayRequest) =>
  adminRequest<unknown>('/api/admin/holidays', { method: 'POST', json: body });

export const deleteHoliday = (holidayId: number) =>
  adminRequest<unknown>(`/api/admin/holidays/${pathId(holidayId)}`, { method: 'DELETE' });

/** GET /api/admin/bookings/outside-schedule: `limit` per page, `cursor` the last page's `next_cursor`. */
export const fetchOutsideSchedule = (limit: number, cursor?: string | null, signal?: AbortSignal) => {
  const query = new URLSearchParams({ limit: String(limit) });
  if (cursor) query.set('cursor', cursor);
  return adminRequest(`/api/admin/bookings/outside-schedule?${query}`, {
    signal,
    schema: outsideSchedulePageSchema,
  });
};
