import {
  adminClientSearchQuerySchema,
  clientBookingSchema,
  clientSearchResultSchema,
} from '@therapy/shared/admin-client-schemas';
import {
  adminBookingPageSchema,
  adminBookingSchema,
  adminBookingsQuerySchema,
  adminIdParamsSchema,
  adminLocationSchema,
  adminServiceSchema,
  adminTherapistSchema,
} from '@therapy/shared/admin-schemas';
import {
  adminCalendarQuerySchema,
  adminDaySlotSchema,
  adminSlotsQuerySchema,
} from '@therapy/shared/admin-slot-schemas';
import { errorResponses } from '@therapy/shared/api-errors';
import { auditEntrySchema, auditLogQuerySchema } from '@therapy/shared/audit-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import type { AdminViewsService } from './admin-views-service.ts';

const tags = ['admin'];
const errors = errorResponses(400, 401, 403, 404);

/** The administrators' read-only calls. The admin guard (admin-auth) checks token and role first. */
export const adminViewsRoutes: FastifyPluginAsyncZod<{ views: AdminViewsService }> = async (
  app,
  { views },
) => {
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

  app.get(
    '/api/admin/bookings',
    {
      access: 'admin',
      schema: {
        tags,
        summary:
          'Bookings and admin blocks, newest first: every one (a plain array) with no parameter or with offset; ' +
          'otherwise filtered and paged by the server, next page by cursor=next_cursor',
        querystring: adminBookingsQuerySchema,
        response: { 200: z.union([z.array(adminBookingSchema), adminBookingPageSchema]), ...errors },
      },
    },
    (request) => views.listBookings(request.query),
  );

  app.get(
    '/api/admin/therapists/:id/bookings',
    {
      access: 'admin',
      schema: {
        tags,
        summary: "A therapist's bookings and admin blocks, latest date first",
        params: adminIdParamsSchema,
        response: { 200: z.array(adminBookingSchema), ...errors },
      },
    },
    (request) => views.listTherapistBookings(request.params.id),
  );

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
        summary: 'Calendar events: bookings not cancelled, failed or blocked, from..to inclusive',
        querystring: adminCalendarQuerySchema,
        response: { 200: z.array(adminBookingSchema), ...errors },
      },
    },
    (request) => views.listCalendar(request.query.from, request.query.to),
  );

  app.get(
    '/api/admin/clients-with-therapists',
    {
      access: 'admin',
      schema: {
        tags,
        summary: "Clients' bookings with therapist and location; name filters by client name",
        querystring: adminClientSearchQuerySchema,
        response: { 200: z.array(clientBookingSchema), ...errors },
      },
    },
    (request) => views.listClientBookings(request.query.name),
  );

  app.get(
    '/api/admin/search-clients',
    {
      access: 'admin',
      schema: {
        tags,
        summary: 'Distinct clients whose name, e-mail or mobile contains name',
        querystring: adminClientSearchQuerySchema,
        response: { 200: z.array(clientSearchResultSchema), ...errors },
      },
    },
    (request) => views.searchClients(request.query.name),
  );

  app.get(
    '/api/admin/audit-log',
    {
      access: 'superadmin',
      schema: {
        tags,
        summary: 'The audit log, newest first (superadmins)',
        querystring: auditLogQuerySchema,
        response: { 200: z.array(auditEntrySchema), ...errors },
      },
    },
    (request) => views.listAuditLog(request.query.limit),
  );
};
