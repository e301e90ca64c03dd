import { adminLoginFormSchema, adminMeSchema, adminSessionSchema } from '@therapy/shared/admin-schemas';
import { errorBodySchema } from '@therapy/shared/api-errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.ts';
import { requireAdmin } from './admin-guard.ts';
import { type AdminLoginService, LoginThrottledError } from './admin-login-service.ts';
import { roleOf } from './admin-role.ts';
import { findAdminById } from './admin-users-repo.ts';

const tags = ['admin'];

/** POST /api/admin/login (form-encoded, as the specification says) and GET /api/admin/me. */
export const adminAuthRoutes: FastifyPluginAsyncZod<{ db: Database; login: AdminLoginService }> = async (
  app,
  { db, login },
) => {
  app.post(
    '/api/admin/login',
    {
      access: 'public',
      schema: {
        tags,
        summary: 'Sign in: form-encoded username (e-mail) and password; returns a bearer token',
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: adminLoginFormSchema,
        response: {
          200: adminSessionSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      try {
        return await login.login({ ...request.body, address: request.ip });
      } catch (error) {
        if (error instanceof LoginThrottledError) {
          reply.header('retry-after', String(error.retryAfterSeconds));
          request.log.warn({ retryAfter: error.retryAfterSeconds }, 'admin sign-in rate limited');
        }
        throw error;
      }
    },
  );

  app.get(
    '/api/admin/me',
    {
      access: 'admin',
      schema: {
        tags,
        summary: 'The signed-in administrator',
        response: { 200: adminMeSchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      const user = (await findAdminById(db, requireAdmin(request).id))!;
      return {
        username: user.email,
        is_superadmin: user.is_superadmin,
        is_admin: user.is_admin,
        is_active: user.is_active,
        role: roleOf(user),
        therapist_id: user.therapist_id,
      };
    },
  );
};
