import { adminIdParamsSchema } from '@therapy/shared/admin-schemas';
import { errorResponses } from '@therapy/shared/api-errors';
import {
  catalogueLocationSchema,
  catalogueTherapistSchema,
  MAX_PHOTO_BYTES,
  PHOTO_TYPES,
} from '@therapy/shared/catalogue-admin-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '../admin-auth/admin-guard.ts';
import type { ImageStore } from '../catalog/image-store.ts';
import type { PhotoService } from './photo-service.ts';

const tags = ['catalogue admin'];
const errors = errorResponses(400, 401, 403, 404, 413, 415);

/**
 * Photo uploads (superadmins): the image itself as the body. Only these routes take image
 * bodies, up to MAX_PHOTO_BYTES (the app's other bodies stay small).
 */
export const photoRoutes: FastifyPluginAsyncZod<{ photos: PhotoService; images: ImageStore }> = async (
  app,
  { photos },
) => {
  app.addContentTypeParser(
    [...PHOTO_TYPES],
    { parseAs: 'buffer', bodyLimit: MAX_PHOTO_BYTES },
    (_request, body, done) => done(null, body),
  );

  const targets = [
    ['therapists', 'therapist', catalogueTherapistSchema],
    ['locations', 'centre', catalogueLocationSchema],
  ] as const;
  for (const [path, noun, schema] of targets) {
    app.put(
      `/api/admin/${path}/:id/photo`,
      {
        access: 'superadmin',
        bodyLimit: MAX_PHOTO_BYTES,
        schema: {
          tags,
          summary: `Upload a ${noun}'s photo: PNG, JPEG or WebP, at most 5 MB, 200×200 to 6000×6000 pixels`,
          params: adminIdParamsSchema,
          response: { 200: schema, ...errors },
        },
      },
      async (request) => {
        const admin = requireAdmin(request);
        const type = request.headers['content-type'];
        return path === 'therapists'
          ? photos.setTherapistPhoto(admin, request.params.id, request.body, type)
          : photos.setLocationPhoto(admin, request.params.id, request.body, type);
      },
    );
  }
};
