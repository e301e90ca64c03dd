import {
  adminClientSearchQuerySchema,
  clientBookingPageSchema,
  clientSearchPageSchema,
} from '@therapy/shared/admin-client-schemas';
import {
  adminBookingPageSchema,
  adminBookingSchema,
  adminBookingsQuerySchema,
  adminIdParamsSchema,
  adminLocationSchema,
  adminServiceSchema,
  adminTherapistBookingsQuerySchema,
  adminTherapistSchema,
  OFFSET_REFUSED,
} from '@therapy/shared/admin-schemas';
import {
  adminCalendarQuerySchema,
  adminDaySlotSchema,
  adminSlotsQuerySchema,
  calendarDayPageSchema,
  calendarDayQuerySchema,
  calendarMonthSchema,
} from '@therapy/shared/admin-slot-schemas';
import { errorResponses } from '@therapy/shared/api-errors';
import { auditLogPageSchema, auditLogQuerySchema } from '@therapy/shared/audit-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { badRequest } from '../../http/app-error.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import type { AdminViewsService } from './admin-views-service.ts';

const tags = ['admin'];
const errors = errorResponses(400, 401, 403, 404);

/** The administrators' read-only calls. The admin guard (admin-auth) checks token and role first. */
export const adminViewsRoutes: FastifyPluginAsyncZod<{ views: AdminViewsService }> = async (
  app,
  { views },
) => {
  catalogueListRoutes(app, views);
  bookingListRoutes(app, views);
  calendarRoutes(app, views);
  clientRoutes(app, views);
  auditLogRoutes(app, views);
};

/** Therapists, centres and services, inactive ones too. */
function catalogueListRoutes(app: ZodApp, views: AdminViewsService) {
  app.get(
    '/api/admin/therapists',
    {
      access: 'admin',
      schema: {
        tags,
        summary: 'Every therapist, with e-mail and is_active',
        response: { 200: z.array(adminTherapistSchema), ...errors },
      },
    },
    () => views.listTherapists(),
  );

  app.get(
    '/api/admin/locations',
    {
      access: 'admin',
      schema: {
        tags,
        summary: 'All locations',
        response: { 200: z.array(adminLocationSchema), ...errors },
      },
    },
    () => views.listLocations(),
  );

  app.get(
    '/api/admin/services',
    {
      access: 'admin',
      schema: {
        tags,
        summary: 'All services',
        response: { 200: z.array(adminServiceSchema), ...errors },
      },
    },
    () => views.listServices(),
  );
}

/** Bookings: the paged list, one booking, and one therapist's. */
function bookingListRoutes(app: ZodApp, views: AdminViewsService) {
  app.get(
    '/api/admin/bookings',
    {
      access: 'admin',
      // Before the schema (which drops names it does not know): an old caller's offset is a 400.
      preValidation: async (request) => {
        if (Object.hasOwn(request.query as object, 'offset')) throw badRequest(OFFSET_REFUSED);
      },
      schema: {
        tags,
        summary:
          'Bookings and admin blocks, newest first, filtered and paged by the server (limit 1–100, default 10); ' +
          'next page by cursor=next_cursor',
        querystring: adminBookingsQuerySchema,
        response: { 200: adminBookingPageSchema, ...errors },
      },
    },
    (request) => views.listBookings(request.query),
  );

  app.get(
    '/api/admin/bookings/:id',
    {
      access: 'admin',
      schema: {
        tags,
        summary: 'One booking or admin block, as All Bookings shows it',
        params: adminIdParamsSchema,
        response: { 200: adminBookingSchema, ...errors },
      },
    },
    (request) => views.getBooking(request.params.id),
  );

  app.get(
    '/api/admin/therapists/:id/bookings',
    {
      access: 'admin',
      schema: {
        tags,
        summary: "A therapist's bookings and admin blocks, latest first, one page (limit 1–100, default 10)",
        params: adminIdParamsSchema,
        querystring: adminTherapistBookingsQuerySchema,
        response: { 200: adminBookingPageSchema, ...errors },
      },
    },
    (request) => views.listTherapistBookings(request.params.id, request.query),
  );
}

/** A therapist's day of sessions, the calendar grid and one day of it. */
function calendarRoutes(app: ZodApp, views: AdminViewsService) {
  app.get(
    '/api/admin/therapists/:id/slots',
    {
      access: 'admin',
      schema: {
        tags,
        summary:
          "A therapist's sessions on a date (by the schedule, plus times held off it), with is_booked, admin_blocked and is_past",
        params: adminIdParamsSchema,
        querystring: adminSlotsQuerySchema,
        response: { 200: z.array(adminDaySlotSchema), ...errors },
      },
    },
    (request) => views.listDaySlots(request.params.id, request.query.date),
  );

  app.get(
    '/api/admin/calendar',
    {
      access: 'admin',
      schema: {
        tags,
        summary: 'The calendar grid from..to inclusive: per day with events, how many and the first two',
        querystring: adminCalendarQuerySchema,
        response: { 200: calendarMonthSchema, ...errors },
      },
    },
    (request) => views.listCalendar(request.query.from, request.query.to),
  );

  app.get(
    '/api/admin/calendar/day',
    {
      access: 'admin',
      schema: {
        tags,
        summary: "One day's calendar events by start time, one page (limit 1–200, default 100)",
        querystring: calendarDayQuerySchema,
        response: { 200: calendarDayPageSchema, ...errors },
      },
    },
    (request) => views.listCalendarDay(request.query),
  );
}

/** Clients with their bookings, and the client search. */
function clientRoutes(app: ZodApp, views: AdminViewsService) {
  app.get(
    '/api/admin/clients-with-therapists',
    {
      access: 'admin',
      schema: {
        tags,
        summary:
          "Clients' bookings with therapist and location, newest first, one page; name filters by client name",
        querystring: adminClientSearchQuerySchema,
        response: { 200: clientBookingPageSchema, ...errors },
      },
    },
    (request) => views.listClientBookings(request.query),
  );

  app.get(
    '/api/admin/search-clients',
    {
      access: 'admin',
      schema: {
        tags,
        summary: 'Distinct clients whose name, e-mail or mobile contains name, by name, one page',
        querystring: adminClientSearchQuerySchema,
        response: { 200: clientSearchPageSchema, ...errors },
      },
    },
    (request) => views.searchClients(request.query),
  );
}

/** The audit log (superadmins). */
function auditLogRoutes(app: ZodApp, views: AdminViewsService) {
  app.get(
    '/api/admin/audit-log',
    {
      access: 'superadmin',
      schema: {
        tags,
        summary: 'The audit log, newest first, one page (superadmins)',
        querystring: auditLogQuerySchema,
        response: { 200: auditLogPageSchema, ...errors },
      },
    },
    (request) => views.listAuditLog(request.query),
  );
}
