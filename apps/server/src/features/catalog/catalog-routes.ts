import { errorResponses } from '@therapy/shared/api-errors';
import {
  availabilitySlotSchema,
  availabilitySlotsQuerySchema,
  bookedSlotSchema,
  bookedSlotsQuerySchema,
  locationImageParamsSchema,
  locationSchema,
  serviceSchema,
  specificImageParamsSchema,
  therapistSchema,
} from '@therapy/shared/catalog-schemas';
import { openSlotSchema, openSlotsQuerySchema } from '@therapy/shared/schedule-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import type { ZodApp } from '../../http/zod-app.ts';
import type { CatalogService } from './catalog-service.ts';
import { sendAnswer } from './catalogue-cache.ts';
import type { ImageStore, StoredImage } from './image-store.ts';

const errors = errorResponses(400, 404);
const tags = ['catalogue'];

/** The public catalogue calls of the specification, section 7. */
export const catalogRoutes: FastifyPluginAsyncZod<{ catalog: CatalogService; images: ImageStore }> = async (
  app,
  { catalog, images },
) => {
  catalogueListRoutes(app, catalog);
  slotRoutes(app, catalog);
  imageRoutes(app, catalog, images);
};

/** Centres, services and therapists, as the wizard offers them. */
function catalogueListRoutes(app: ZodApp, catalog: CatalogService) {
  app.get(
    '/locations',
    {
      access: 'public',
      schema: { tags, summary: 'All locations', response: { 200: z.array(locationSchema) } },
    },
    (request, reply) => sendAnswer(request, reply, catalog.locations()),
  );

  app.get(
    '/services',
    {
      access: 'public',
      schema: { tags, summary: 'All services', response: { 200: z.array(serviceSchema) } },
    },
    (request, reply) => sendAnswer(request, reply, catalog.services()),
  );

  app.get(
    '/therapists',
    {
      access: 'public',
      schema: {
        tags,
        summary: 'All active therapists; the wizard filters by type and location',
        response: { 200: z.array(therapistSchema) },
      },
    },
    (request, reply) => sendAnswer(request, reply, catalog.therapists()),
  );
}

/** When a therapist works, what is held, and what is open. */
function slotRoutes(app: ZodApp, catalog: CatalogService) {
  app.get(
    '/availability-slots',
    {
      access: 'public',
      schema: {
        tags,
        summary: 'Daily slot templates (cut from weekly hours), of one therapist or of all',
        querystring: availabilitySlotsQuerySchema,
        response: { 200: z.array(availabilitySlotSchema), ...errors },
      },
    },
    (request, reply) => sendAnswer(request, reply, catalog.availabilitySlots(request.query.therapist_id)),
  );

  app.get(
    '/booked-slots',
    {
      access: 'public',
      schema: {
        tags,
        summary: "A therapist's held slots from today on (bookings and admin blocks)",
        querystring: bookedSlotsQuerySchema,
        response: { 200: z.array(bookedSlotSchema), ...errors },
      },
    },
    (request, reply) => sendAnswer(request, reply, catalog.bookedSlots(request.query.therapist_id)),
  );

  app.get(
    '/api/open-slots',
    {
      access: 'public',
      schema: {
        tags,
        summary:
          "A therapist's open slots by date (not booked, blocked, past or outside the schedule); by default the 15-day booking window",
        querystring: openSlotsQuerySchema,
        response: { 200: z.array(openSlotSchema), ...errors },
      },
    },
    (request, reply) => sendAnswer(request, reply, catalog.openSlots(request.query)),
  );
}

/** Centres' images and therapists' photos. */
function imageRoutes(app: ZodApp, catalog: CatalogService, images: ImageStore) {
  app.get(
    '/get_location_image/:id.png',
    {
      access: 'public',
      schema: { tags, summary: "A location's image (PNG or WebP)", params: locationImageParamsSchema },
    },
    async (request, reply) => {
      const file = await catalog.findLocationImageFile(request.params.id);
      // The URL stays when the photo changes: never cached for good, whatever the file's name.
      const image = { ...(await images.load(file)), immutable: false };
      return sendImage(request.headers['if-none-match'], reply, image);
    },
  );

  app.get(
    '/get_specific_image/:image_url',
    {
      access: 'public',
      schema: { tags, summary: "A therapist's photo (PNG or WebP)", params: specificImageParamsSchema },
    },
    async (request, reply) =>
      sendImage(request.headers['if-none-match'], reply, await images.load(request.params.image_url)),
  );
}

/**
 * An image with its own content type and an ETag (a matching If-None-Match answers 304).
 * Content-hashed names are cached for good; a centre's image URL keeps its name when the photo
 * changes, so it is checked again after a few minutes.
 */
function sendImage(
  ifNoneMatch: string | undefined,
  reply: {
    header(name: string, value: string): unknown;
    status(code: number): { send(body?: Buffer): unknown };
  },
  image: StoredImage,
) {
  reply.header('content-type', image.contentType);
  reply.header('etag', image.etag);
  reply.header(
    'cache-control',
    image.immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
  );
  if (ifNoneMatch?.split(',').some((tag) => tag.trim() === image.etag)) return reply.status(304).send();
  return reply.status(200).send(image.body);
}
