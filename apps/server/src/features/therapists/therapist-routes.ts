import { errorResponses } from '@therapy/shared/api-errors';
import { therapistMeSchema } from '@therapy/shared/therapist-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.ts';
import { requireTherapist } from '../admin-auth/admin-guard.ts';
import { findTherapistLogin } from './therapist-repo.ts';

const tags = ['therapist'];

/** A therapist's own calls (decision 052): each declares access 'therapist'. */
export const therapistRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/therapist/me',
    {
      access: 'therapist',
      schema: {
        tags,
        summary: "The signed-in therapist's login and the therapist it is tied to",
        response: { 200: therapistMeSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const { adminId, therapistId } = requireTherapist(request);
      const login = (await findTherapistLogin(db, adminId, therapistId))!;
      return { username: login.email, therapist_id: therapistId, therapist_name: login.name };
    },
  );
};
