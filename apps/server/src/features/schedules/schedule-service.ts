import { SESSION_MINUTES } from '@therapy/shared/booking-rules';
import { todayIn } from '@therapy/shared/clinic-time';
import type {
  DateOverride,
  Holiday,
  HolidayRequest,
  HolidaySaved,
  OutsideScheduleQuery,
  OverrideRequest,
  OverrideSaved,
  Schedule,
  ScheduleRequest,
  ScheduleSaved,
  TimeOffRequest,
  TimeOffSaved,
} from '@therapy/shared/schedule-schemas';
import { OUTSIDE_SCHEDULE_DEFAULT_LIMIT, SCHEDULE_LIST_LIMIT } from '@therapy/shared/schedule-schemas';
import type { Database, Queryable } from '../../db/database.ts';
import { notFound } from '../../http/app-error.ts';
import type { AdminPrincipal } from '../admin-auth/admin-guard.ts';
import { insertAudit } from '../audit/audit-repo.ts';
import * as leave from './leave-and-holidays.ts';
import { countOutside, pageOutside } from './outside-schedule.ts';
import {
  deleteOverride,
  findTherapistForSchedule,
  saveOverride,
  saveWeeklySchedule,
} from './schedule-writes.ts';

export type ScheduleDeps = { db: Database; clinicTimeZone: string; now?: () => Date };

/**
 * Weekly hours, overrides, leave and holidays (superadmins): each write one transaction with its
 * audit entry, answered with the stored object and how many upcoming bookings now fall outside
 * the schedule. No write ever cancels or moves a booking.
 */
export function createScheduleService({ db, clinicTimeZone, now = () => new Date() }: ScheduleDeps) {
  const today = () => todayIn(clinicTimeZone, now());
  const actorOf = (admin: AdminPrincipal) => ({ actorAdminId: admin.id, actorLabel: admin.email });
  const outsideFor = (therapistId: number) => countOutside(db, { today: today(), therapistId });

  async function readSchedule(q: Queryable, therapistId: number): Promise<Schedule> {
    const from = today();
    const [weekly, buffer, overrides, timeOff] = await Promise.all([
      q.query<Schedule['weekly'][number]>(
        `SELECT weekday, to_char(start_time, 'HH24:MI') AS start, to_char(end_time, 'HH24:MI') AS "end",
           COALESCE(location_id, 0) AS location_id
         FROM weekly_hours WHERE therapist_id = $1 ORDER BY weekday, start_time, id`,
        [therapistId],
      ),
      q.query<{ buffer_minutes: number }>(
        'SELECT buffer_minutes FROM therapist_schedules WHERE therapist_id = $1',
        [therapistId],
      ),
      q.query<DateOverride>(
        `SELECT therapist_id, to_char(override_date, 'YYYY-MM-DD') AS date, hours FROM date_overrides
         WHERE therapist_id = $1 AND override_date >= $2::date ORDER BY override_date LIMIT $3`,
        [therapistId, from, SCHEDULE_LIST_LIMIT],
      ),
      leave.listTimeOff(q, therapistId, from),
    ]);
    return {
      therapist_id: therapistId,
      weekly: weekly.rows,
      buffer_minutes: buffer.rows[0]?.buffer_minutes ?? 0,
      session_minutes: SESSION_MINUTES,
      overrides: overrides.rows,
      time_off: timeOff,
    };
  }

  return {
    async getSchedule(therapistId: number): Promise<Schedule> {
      await findTherapistForSchedule(db, therapistId);
      return readSchedule(db, therapistId);
    },

    /** Replaces the week and buffer in one transaction. */
    async saveSchedule(
      admin: AdminPrincipal,
      therapistId: number,
      request: ScheduleRequest,
    ): Promise<ScheduleSaved> {
      await db.transaction(async (tx) => {
        await saveWeeklySchedule(tx, therapistId, request);
        await insertAudit(tx, {
          ...actorOf(admin),
          therapistId,
          action: 'schedule.update',
          details: { weekly: request.weekly, buffer_minutes: request.buffer_minutes },
        });
      });
      const schedule = await readSchedule(db, therapistId);
      return { ...schedule, outside_bookings: await outsideFor(therapistId) };
    },

    async addTimeOff(
      admin: AdminPrincipal,
      therapistId: number,
      request: TimeOffRequest,
    ): Promise<TimeOffSaved> {
      const stored = await db.transaction(async (tx) => {
        await findTherapistForSchedule(tx, therapistId);
        const stored = await leave.addTimeOff(tx, therapistId, request);
        await insertAudit(tx, {
          ...actorOf(admin),
          therapistId,
          action: 'time_off.create',
          details: { time_off_id: stored.id, from: stored.from, to: stored.to },
        });
        return stored;
      });
      return { ...stored, outside_bookings: await outsideFor(therapistId) };
    },

    async deleteTimeOff(
      admin: AdminPrincipal,
      therapistId: number,
      timeOffId: number,
    ): Promise<TimeOffSaved> {
      const removed = await db.transaction(async (tx) => {
        await findTherapistForSchedule(tx, therapistId);
        const removed = await leave.deleteTimeOff(tx, therapistId, timeOffId);
        if (!removed) throw notFound(`Therapist ${therapistId} has no leave ${timeOffId}`);
        await insertAudit(tx, {
          ...actorOf(admin),
          therapistId,
          action: 'time_off.delete',
          details: { time_off_id: removed.id, from: removed.from, to: removed.to },
        });
        return removed;
      });
      return { ...removed, outside_bookings: await outsideFor(therapistId) };
    },

    /** Sets (or replaces) that date's hours. */
    async saveOverride(
      admin: AdminPrincipal,
      therapistId: number,
      request: OverrideRequest,
    ): Promise<OverrideSaved> {
      const override = await db.transaction(async (tx) => {
        const { override } = await saveOverride(tx, therapistId, request);
        await insertAudit(tx, {
          ...actorOf(admin),
          therapistId,
          action: 'override.save',
          details: { date: override.date, hours: override.hours },
        });
        return override;
      });
      return { ...override, outside_bookings: await outsideFor(therapistId) };
    },

    async deleteOverride(admin: AdminPrincipal, therapistId: number, date: string): Promise<OverrideSaved> {
      const removed = await db.transaction(async (tx) => {
        await findTherapistForSchedule(tx, therapistId);
        const removed = await deleteOverride(tx, therapistId, date);
        if (!removed) throw notFound(`Therapist ${therapistId} has no override on ${date}`);
        await insertAudit(tx, {
          ...actorOf(admin),
          therapistId,
          action: 'override.delete',
          details: { date, hours: removed.hours },
        });
        return removed;
      });
      return { ...removed, outside_bookings: await outsideFor(therapistId) };
    },

    listHolidays: (): Promise<Holiday[]> => leave.listHolidays(db, today()),

    async addHoliday(admin: AdminPrincipal, request: HolidayRequest): Promise<HolidaySaved> {
      const stored = await db.transaction(async (tx) => {
        const stored = await leave.addHoliday(tx, request);
        await insertAudit(tx, {
          ...actorOf(admin),
          action: 'holiday.create',
          details: { holiday_id: stored.id, date: stored.date, name: stored.name },
        });
        return stored;
      });
      return { ...stored, outside_bookings: await countOutside(db, { today: today(), date: stored.date }) };
    },

    async deleteHoliday(admin: AdminPrincipal, id: number): Promise<HolidaySaved> {
      const removed = await db.transaction(async (tx) => {
        const removed = await leave.deleteHoliday(tx, id);
        if (!removed) throw notFound(`Holiday ${id} not found`);
        await insertAudit(tx, {
          ...actorOf(admin),
          action: 'holiday.delete',
          details: { holiday_id: removed.id, date: removed.date, name: removed.name },
        });
        return removed;
      });
      return { ...removed, outside_bookings: await countOutside(db, { today: today(), date: removed.date }) };
    },

    outsideSchedule: (query: OutsideScheduleQuery) =>
      pageOutside(
        db,
        { today: today(), therapistId: query.therapist_id },
        { limit: query.limit ?? OUTSIDE_SCHEDULE_DEFAULT_LIMIT, cursor: query.cursor },
      ),
  };
}

export type ScheduleService = ReturnType<typeof createScheduleService>;
