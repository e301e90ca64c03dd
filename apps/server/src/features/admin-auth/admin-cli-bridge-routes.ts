import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { AppError } from '../../http/app-error.ts';
import { runAdminCommand } from './admin-cli-commands.ts';
import type { AdminUsersService } from './admin-users-service.ts';

/**
 * While the server owns the embedded database, the admin CLI sends its command here. Only a
 * caller on this machine holding the token of DATA_DIR/owner.json gets through.
 */
export const adminCliBridgeRoutes: FastifyPluginAsyncZod<{
  token: string;
  adminUsers: AdminUsersService;
}> = async (app, { token, adminUsers }) => {
  const expected = Buffer.from(token);
  app.post(
    '/internal/admin-cli',
    {
      // Not the guard's: the handler checks its own token and the loopback address.
      access: 'public',
      schema: {
        hide: true,
        body: z.object({ command: z.string(), args: z.array(z.string()) }),
      },
    },
    async (request) => {
      const given = Buffer.from(String(request.headers['x-admin-cli-token'] ?? ''));
      const loopback = ['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(request.socket.remoteAddress ?? '');
      if (!loopback || given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new AppError(403, 'Forbidden');
      }
      return { lines: await runAdminCommand(adminUsers, request.body) };
    },
  );
};
