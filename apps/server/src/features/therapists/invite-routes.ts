import { adminIdParamsSchema } from '@therapy/shared/admin-schemas';
import { errorResponses } from '@therapy/shared/api-errors';
import {
  acceptInviteRequestSchema,
  acceptInviteResultSchema,
  inviteTokenParamsSchema,
  therapistInviteResultSchema,
} from '@therapy/shared/therapist-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '../admin-auth/admin-guard.ts';
import type { TherapistInvites } from '../admin-auth/therapist-invites.ts';

const tags = ['therapist'];

/** A therapist's invitation: sent by a superadmin, followed by the therapist (decision 052). */
export const inviteRoutes: FastifyPluginAsyncZod<{ invites: TherapistInvites }> = async (
  app,
  { invites },
) => {
  app.post(
    '/api/admin/therapists/:id/invite',
    {
      access: 'superadmin',
      schema: {
        tags,
        summary: 'E-mail the therapist a one-time link (72 hours) that sets the password of its own login',
        params: adminIdParamsSchema,
        response: { 201: therapistInviteResultSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return invites.invite(requireAdmin(request), request.params.id);
    },
  );

  app.post(
    '/api/admin/invites/:token',
    {
      access: 'public',
      schema: {
        tags,
        summary:
          "Set the password of the therapist's login from the invitation's link; the link then stops working",
        params: inviteTokenParamsSchema,
        body: acceptInviteRequestSchema,
        response: { 201: acceptInviteResultSchema, ...errorResponses(400, 404, 409, 410) },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return invites.accept(request.params.token, request.body.password);
    },
  );
};
