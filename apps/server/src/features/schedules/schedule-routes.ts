import { errorResponses } from '@therapy/shared/api-errors';
import {
  holidayParamsSchema,
  holidayRequestSchema,
  holidaySavedSchema,
  holidaySchema,
  outsideSchedulePageSchema,
  outsideScheduleQuerySchema,
  overrideParamsSchema,
  overrideRequestSchema,
  overrideSavedSchema,
  scheduleRequestSchema,
  scheduleSavedSchema,
  scheduleSchema,
  therapistParamsSchema,
  timeOffParamsSchema,
  timeOffRequestSchema,
  timeOffSavedSchema,
} from '@therapy/shared/schedule-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import type { ZodApp } from '../../http/zod-app.ts';
import { requireAdmin } from '../admin-auth/admin-guard.ts';
import { createScheduleService, type ScheduleDeps, type ScheduleService } from './schedule-service.ts';

const tags = ['schedules'];
const errors = errorResponses(400, 401, 403, 404, 409);
const therapist = '/api/admin/therapists/:id';

/**
 * Weekly schedules, date overrides, leave and clinic holidays (superadmins, audited), and the
 * bookings that no longer fit (any admin). The admin guard checks token and role first.
 */
export const scheduleRoutes: FastifyPluginAsyncZod<ScheduleDeps> = async (app, deps) => {
  const schedules = createScheduleService(deps);
  weeklyHoursRoutes(app, schedules);
  timeOffRoutes(app, schedules);
  overrideRoutes(app, schedules);
  holidayRoutes(app, schedules);
  outsideScheduleRoutes(app, schedules);
};

/** A therapist's weekly hours and buffer. */
function weeklyHoursRoutes(app: ZodApp, schedules: ScheduleService) {
  app.get(
    `${therapist}/schedule`,
    {
      access: 'superadmin',
      schema: {
        tags,
        summary: "A therapist's weekly hours and buffer, with upcoming overrides and leave",
        params: therapistParamsSchema,
        response: { 200: scheduleSchema, ...errors },
      },
    },
    (request) => schedules.getSchedule(request.params.id),
  );

  app.put(
    `${therapist}/schedule`,
    {
      access: 'superadmin',
      schema: {
        tags,
        summary:
          "Replaces a therapist's weekly hours and buffer; existing bookings stay (outside_bookings counts those now outside)",
        params: therapistParamsSchema,
        body: scheduleRequestSchema,
        response: { 200: scheduleSavedSchema, ...errors },
      },
    },
    (request) => schedules.saveSchedule(requireAdmin(request), request.params.id, request.body),
  );
}

/** A therapist's leave. */
function timeOffRoutes(app: ZodApp, schedules: ScheduleService) {
  app.post(
    `${therapist}/time-off`,
    {
      access: 'superadmin',
      schema: {
        tags,
        summary: 'Adds leave, both dates included',
        params: therapistParamsSchema,
        body: timeOffRequestSchema,
        response: { 201: timeOffSavedSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await schedules.addTimeOff(requireAdmin(request), request.params.id, request.body)),
  );

  app.delete(
    `${therapist}/time-off/:time_off_id`,
    {
      access: 'superadmin',
      schema: {
        tags,
        summary: 'Removes leave',
        params: timeOffParamsSchema,
        response: { 200: timeOffSavedSchema, ...errors },
      },
    },
    (request) =>
      schedules.deleteTimeOff(requireAdmin(request), request.params.id, request.params.time_off_id),
  );
}

/** A date's own hours for a therapist. */
function overrideRoutes(app: ZodApp, schedules: ScheduleService) {
  app.post(
    `${therapist}/overrides`,
    {
      access: 'superadmin',
      schema: {
        tags,
        summary:
          "Sets a date's hours instead of its weekday's (empty hours: a day off); replaces that date's",
        params: therapistParamsSchema,
        body: overrideRequestSchema,
        response: { 200: overrideSavedSchema, ...errors },
      },
    },
    (request) => schedules.saveOverride(requireAdmin(request), request.params.id, request.body),
  );

  app.delete(
    `${therapist}/overrides/:date`,
    {
      access: 'superadmin',
      schema: {
        tags,
        summary: "Removes a date's override: its weekday's hours apply again",
        params: overrideParamsSchema,
        response: { 200: overrideSavedSchema, ...errors },
      },
    },
    (request) => schedules.deleteOverride(requireAdmin(request), request.params.id, request.params.date),
  );
}

/** Clinic holidays. */
function holidayRoutes(app: ZodApp, schedules: ScheduleService) {
  app.get(
    '/api/admin/holidays',
    {
      access: 'superadmin',
      schema: {
        tags,
        summary: 'Clinic holidays from a year ago on, by date',
        response: { 200: z.array(holidaySchema), ...errors },
      },
    },
    () => schedules.listHolidays(),
  );

  app.post(
    '/api/admin/holidays',
    {
      access: 'superadmin',
      schema: {
        tags,
        summary: 'Adds a clinic holiday: no sessions for anyone that day (409 when it is one already)',
        body: holidayRequestSchema,
        response: { 201: holidaySavedSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await schedules.addHoliday(requireAdmin(request), request.body)),
  );

  app.delete(
    '/api/admin/holidays/:id',
    {
      access: 'superadmin',
      schema: {
        tags,
        summary: 'Removes a clinic holiday',
        params: holidayParamsSchema,
        response: { 200: holidaySavedSchema, ...errors },
      },
    },
    (request) => schedules.deleteHoliday(requireAdmin(request), request.params.id),
  );
}

/** The bookings the schedule no longer fits (any admin). */
function outsideScheduleRoutes(app: ZodApp, schedules: ScheduleService) {
  app.get(
    '/api/admin/bookings/outside-schedule',
    {
      access: 'admin',
      schema: {
        tags,
        summary:
          "Upcoming client bookings that no longer fit their therapist's schedule, with the reason and the client's contact; by date, time and id, next page by cursor=next_cursor",
        querystring: outsideScheduleQuerySchema,
        response: { 200: outsideSchedulePageSchema, ...errors },
      },
    },
    (request) => schedules.outsideSchedule(request.query),
  );
}
