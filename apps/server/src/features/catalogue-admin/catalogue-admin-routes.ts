import { adminIdParamsSchema } from '@therapy/shared/admin-schemas';
import { errorResponses } from '@therapy/shared/api-errors';
import {
  catalogueLocationListSchema,
  catalogueLocationSchema,
  catalogueServiceListSchema,
  catalogueServiceSchema,
  catalogueTherapistListSchema,
  catalogueTherapistSchema,
  locationPatchSchema,
  locationRequestSchema,
  servicePatchSchema,
  serviceRequestSchema,
  therapistPatchSchema,
  therapistRequestSchema,
} from '@therapy/shared/catalogue-admin-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ZodApp } from '../../http/zod-app.ts';
import { requireAdmin } from '../admin-auth/admin-guard.ts';
import type { CatalogueAdminService } from './catalogue-admin-service.ts';

const tags = ['catalogue admin'];
const errors = errorResponses(400, 401, 403, 404, 409);
const access = 'superadmin' as const;

/** Catalogue management (superadmins, audited): centres, services, therapists; inactive ones too. */
export const catalogueAdminRoutes: FastifyPluginAsyncZod<{ catalogue: CatalogueAdminService }> = async (
  app,
  { catalogue },
) => {
  catalogueListRoutes(app, catalogue);
  locationRoutes(app, catalogue);
  serviceRoutes(app, catalogue);
  therapistRoutes(app, catalogue);
};

/** The three lists, inactive entries included. */
function catalogueListRoutes(app: ZodApp, catalogue: CatalogueAdminService) {
  const lists = [
    ['locations', 'centres', catalogueLocationListSchema, catalogue.listLocations],
    ['services', 'services', catalogueServiceListSchema, catalogue.listServices],
    ['therapists', 'therapists', catalogueTherapistListSchema, catalogue.listTherapists],
  ] as const;
  for (const [path, noun, schema, list] of lists) {
    app.get(
      `/api/admin/catalogue/${path}`,
      {
        access,
        schema: {
          tags,
          summary: `Every ${noun.slice(0, -1)}, inactive ones too (at most 1000, by id)`,
          response: { 200: schema, ...errors },
        },
      },
      () => list(),
    );
  }
}

/** Adding and changing a centre. */
function locationRoutes(app: ZodApp, catalogue: CatalogueAdminService) {
  app.post(
    '/api/admin/locations',
    {
      access,
      schema: {
        tags,
        summary: 'Add a centre',
        body: locationRequestSchema,
        response: { 201: catalogueLocationSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await catalogue.createLocation(requireAdmin(request), request.body)),
  );

  app.patch(
    '/api/admin/locations/:id',
    {
      access,
      schema: {
        tags,
        summary: 'Change a centre; is_active false takes it out of the wizard',
        params: adminIdParamsSchema,
        body: locationPatchSchema,
        response: { 200: catalogueLocationSchema, ...errors },
      },
    },
    (request) => catalogue.updateLocation(requireAdmin(request), request.params.id, request.body),
  );
}

/** Adding and changing a service. */
function serviceRoutes(app: ZodApp, catalogue: CatalogueAdminService) {
  app.post(
    '/api/admin/services',
    {
      access,
      schema: {
        tags,
        summary: 'Add a service',
        body: serviceRequestSchema,
        response: { 201: catalogueServiceSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await catalogue.createService(requireAdmin(request), request.body)),
  );

  app.patch(
    '/api/admin/services/:id',
    {
      access,
      schema: {
        tags,
        summary: 'Change a service; is_active false takes it out of the wizard',
        params: adminIdParamsSchema,
        body: servicePatchSchema,
        response: { 200: catalogueServiceSchema, ...errors },
      },
    },
    (request) => catalogue.updateService(requireAdmin(request), request.params.id, request.body),
  );
}

/** Adding and changing a therapist. */
function therapistRoutes(app: ZodApp, catalogue: CatalogueAdminService) {
  app.post(
    '/api/admin/therapists',
    {
      access,
      schema: {
        tags,
        summary: 'Add a therapist (price in rupees; type 1 online, 2 in person, 3 both)',
        body: therapistRequestSchema,
        response: { 201: catalogueTherapistSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await catalogue.createTherapist(requireAdmin(request), request.body)),
  );

  app.patch(
    '/api/admin/therapists/:id',
    {
      access,
      schema: {
        tags,
        summary: 'Change a therapist; is_active false takes them out of the wizard',
        params: adminIdParamsSchema,
        body: therapistPatchSchema,
        response: { 200: catalogueTherapistSchema, ...errors },
      },
    },
    (request) => catalogue.updateTherapist(requireAdmin(request), request.params.id, request.body),
  );
}
