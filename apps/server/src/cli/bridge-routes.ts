import { timingSafeEqual } from 'node:crypto';
import { PassThrough } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { BackupError } from '../db/backup/backup-format.ts';
import { writeBackup } from '../db/backup/write-backup.ts';
import type { Database } from '../db/database.ts';
import { runAdminCommand } from '../features/admin-auth/admin-cli-commands.ts';
import type { AdminUsersService } from '../features/admin-auth/admin-users-service.ts';
import { backupOptions } from '../features/backup/backup-file.ts';
import type { BackupSecrets } from '../features/backup/backup-secrets.ts';
import { backfillReceipts, parseBackfillArgs } from '../features/receipts/backfill-receipts.ts';
import { AppError, badRequest } from '../http/app-error.ts';
import { sanitizeErrorForLog } from '../http/log-redaction.ts';

/**
 * While the server owns the embedded database, the admin CLI sends its commands here (see
 * reach-database.ts). Only a caller on this machine holding the token of DATA_DIR/owner.json
 * gets through.
 */
export const cliBridgeRoutes: FastifyPluginAsyncZod<{
  token: string;
  adminUsers: AdminUsersService;
  db: Database;
  dataDir: string;
  secrets: BackupSecrets;
  clinicTimeZone: string;
}> = async (app, { token, adminUsers, db, dataDir, secrets, clinicTimeZone }) => {
  const expected = Buffer.from(token);
  const checkCaller = (request: FastifyRequest) => {
    const given = Buffer.from(String(request.headers['x-admin-cli-token'] ?? ''));
    const loopback = ['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(request.socket.remoteAddress ?? '');
    if (!loopback || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new AppError(403, 'Forbidden');
    }
  };
  // Not the guard's: the handlers check their own token and the loopback address.
  const bridge = { access: 'public' as const };

  app.post(
    '/internal/admin-cli',
    { ...bridge, schema: { hide: true, body: z.object({ command: z.string(), args: z.array(z.string()) }) } },
    async (request) => {
      checkCaller(request);
      return { lines: await runAdminCommand(adminUsers, request.body) };
    },
  );

  app.post(
    '/internal/admin-cli/receipts',
    { ...bridge, schema: { hide: true, body: z.object({ args: z.array(z.string()) }) } },
    async (request) => {
      checkCaller(request);
      const backfill = parseBackfillArgs(request.body.args);
      return { lines: await backfillReceipts(db, backfill, clinicTimeZone) };
    },
  );

  // The backup, streamed as it is written: the CLI saves it (and checks it) on its side.
  app.post(
    '/internal/admin-cli/backup',
    { ...bridge, schema: { hide: true, body: z.object({ passphrase: z.optional(z.string()) }) } },
    async (request, reply) => {
      checkCaller(request);
      const options = await backupOptions({ dataDir, secrets, passphrase: request.body.passphrase }).catch(
        (error: unknown) => {
          throw error instanceof BackupError ? badRequest(error.message) : error;
        },
      );
      const out = new PassThrough();
      writeBackup(db, out, options).then(
        (summary) =>
          request.log.info({ rows: summary.rows, snapshotMs: Math.round(summary.snapshotMs) }, 'backup sent'),
        (error: unknown) => request.log.error({ err: sanitizeErrorForLog(error) }, 'backup failed'),
      );
      return reply.type('application/gzip').send(out);
    },
  );
};
