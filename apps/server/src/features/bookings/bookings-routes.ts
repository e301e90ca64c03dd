import { errorResponses } from '@therapy/shared/api-errors';
import {
  bookingCreatedSchema,
  bookingPayloadSchema,
  paymentDetailsSchema,
} from '@therapy/shared/booking-schemas';
import { dbIdText, safeText } from '@therapy/shared/schema-limits';
import {
  seriesConflictSchema,
  seriesPreviewRequestSchema,
  seriesPreviewSchema,
} from '@therapy/shared/series-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { badRequest } from '../../http/app-error.ts';
import type { RouteRateLimits } from '../rate-limits/register-rate-limits.ts';
import type { BookingsService } from './bookings-service.ts';

const tags = ['bookings'];
const errors = errorResponses(400, 404, 409, 422, 429);
/** A series that could not be booked answers 409 with its clashes (CONTRACT "Standing appointments"). */
const createErrors = { ...errors, 409: seriesConflictSchema };

/** The wizard's calls: create a booking (online or in person) and show its confirmation. */
export const bookingsRoutes: FastifyPluginAsyncZod<{
  bookings: BookingsService;
  rateLimits: RouteRateLimits;
}> = async (app, { bookings, rateLimits }) => {
  app.post(
    '/api/bookings',
    {
      access: 'public',
      config: { rateLimit: rateLimits.bookings },
      schema: {
        tags,
        summary: 'Create a booking from the wizard (online: INITIATED, holding the slot until paid)',
        body: bookingPayloadSchema,
        response: { 201: bookingCreatedSchema, ...createErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await bookings.createBooking(request.body)),
  );

  app.post(
    '/confirm-booking',
    {
      access: 'public',
      config: { rateLimit: rateLimits.bookings },
      schema: {
        tags,
        summary: 'Confirm an in-person booking, paid at the visit (PENDING)',
        body: bookingPayloadSchema,
        response: { 201: bookingCreatedSchema, ...createErrors },
      },
    },
    async (request, reply) => {
      if (request.body.booking_type !== 'OFFLINE') {
        throw badRequest('Online sessions are booked through /api/bookings and paid online.');
      }
      return reply.status(201).send(await bookings.createBooking(request.body));
    },
  );

  app.post(
    '/api/bookings/series-preview',
    {
      access: 'public',
      config: { rateLimit: rateLimits.lookups },
      schema: {
        tags,
        summary: 'The dates of a standing appointment, each open or with why not (nothing is held)',
        body: seriesPreviewRequestSchema,
        response: { 200: seriesPreviewSchema, ...errors },
      },
    },
    async (request) => bookings.previewSeries(request.body),
  );

  app.get(
    '/api/bookings/:id/confirmation',
    {
      access: 'public',
      config: { rateLimit: rateLimits.lookups },
      schema: {
        tags,
        summary: 'The confirmation of a booking, for the visitor holding its confirmation token',
        params: z.object({ id: dbIdText }),
        querystring: z.object({ token: safeText(200).check(z.minLength(1)) }),
        response: { 200: paymentDetailsSchema, ...errors },
      },
    },
    async (request) => bookings.findConfirmation(request.params.id, request.query.token),
  );
};
