import { Readable } from 'node:stream';
import type { ReadableStream } from 'node:stream/web';
import { type AppConfig, ConfigError, loadConfig } from '../config.ts';
import { BackupError } from '../db/backup/backup-format.ts';
import { migrate } from '../db/migrate.ts';
import { openDatabase } from '../db/open-database.ts';
import {
  ADMIN_USER_COMMANDS,
  ADMIN_USER_USAGE,
  type AdminCliRequest,
  runAdminCommand,
} from '../features/admin-auth/admin-cli-commands.ts';
import { createAdminUsersService } from '../features/admin-auth/admin-users-service.ts';
import {
  BACKUP_USAGE,
  backupDatabase,
  backupReport,
  parseBackupArgs,
  saveStreamedBackup,
} from '../features/backup/backup-command.ts';
import { readBackupSecrets } from '../features/backup/backup-secrets.ts';
import { restoreFile } from '../features/backup/restore-command.ts';
import {
  backfillReceipts,
  parseBackfillArgs,
  RECEIPTS_USAGE,
} from '../features/receipts/backfill-receipts.ts';
import { AppError } from '../http/app-error.ts';
import { askServer, CommandError, openExistingDatabase, reachDatabase } from './reach-database.ts';

/**
 * `npm run admin -- <command>`: admin users (features/admin-auth), backup and restore
 * (features/backup), the receipts' backfill (features/receipts), with the server running or not: on the embedded database a running server
 * runs the command for the CLI (see reach-database.ts and bridge-routes.ts).
 */
const USAGE = `Usage: npm run admin -- <command>\n${ADMIN_USER_USAGE}\n${BACKUP_USAGE}\n${RECEIPTS_USAGE}`;

function userCommand(config: AppConfig, request: AdminCliRequest): Promise<string[]> {
  return reachDatabase(config, {
    async direct() {
      const db = await openDatabase(config);
      try {
        await migrate(db);
        return await runAdminCommand(createAdminUsersService(db), request);
      } finally {
        await db.close();
      }
    },
    async server(server) {
      const response = await askServer(server, '/internal/admin-cli', request, 30_000);
      return ((await response.json()) as { lines: string[] }).lines;
    },
  });
}

async function backupCommand(config: AppConfig, args: string[]): Promise<string[]> {
  const request = await parseBackupArgs(args, config.backup.passphrase);
  const written = await reachDatabase(config, {
    async direct() {
      const db = await openExistingDatabase(config);
      try {
        const secrets = await readBackupSecrets(config.dataDir, config);
        return await backupDatabase(db, request, { dataDir: config.dataDir, secrets });
      } finally {
        await db.close();
      }
    },
    async server(server) {
      const response = await askServer(server, '/internal/admin-cli/backup', {
        passphrase: request.passphrase,
      });
      return saveStreamedBackup(Readable.fromWeb(response.body as ReadableStream), request.file);
    },
  });
  return backupReport(written, { file: request.file, dataDir: config.dataDir });
}

/** The receipts' backfill: on the database itself, or by the server that holds it. */
function receiptsCommand(config: AppConfig, args: string[]): Promise<string[]> {
  const request = parseBackfillArgs(args);
  return reachDatabase(config, {
    async direct() {
      const db = await openDatabase(config);
      try {
        await migrate(db);
        return await backfillReceipts(db, request, config.clinicTimeZone);
      } finally {
        await db.close();
      }
    },
    async server(server) {
      const response = await askServer(server, '/internal/admin-cli/receipts', { args }, 30 * 60_000);
      return ((await response.json()) as { lines: string[] }).lines;
    },
  });
}

/** The restore's target in words, without the URL's password. */
function describeTarget(config: AppConfig) {
  if (!config.databaseUrl) return `the embedded database in ${config.dataDir}`;
  const url = new URL(config.databaseUrl);
  return `the database ${decodeURIComponent(url.pathname.slice(1))} on ${url.hostname}`;
}

async function restoreCommand(config: AppConfig, args: string[]): Promise<string[]> {
  const request = await parseBackupArgs(args, config.backup.passphrase);
  const target = {
    open: () => openDatabase(config),
    description: describeTarget(config),
    dataDir: config.dataDir,
    configured: { dataKey: config.dataKey, jwtSecret: config.jwtSecret },
  };
  return reachDatabase(config, {
    direct: () => restoreFile(target, request),
    server(server) {
      throw new CommandError(
        `Refusing to restore: a server (process ${server.pid}) is using ${target.description}. Restore into an empty data folder (another DATA_DIR) that no server uses.`,
      );
    },
  });
}

async function main(argv: string[]) {
  const [command, ...args] = argv;
  if (!command || command === '--help' || command === 'help') {
    console.log(USAGE);
    return command ? 0 : 1;
  }
  if (!['backup', 'restore', 'receipts'].includes(command) && !ADMIN_USER_COMMANDS.includes(command)) {
    throw new CommandError(`Unknown command "${command}"\n${USAGE}`);
  }
  const config = loadConfig();
  const run: Record<string, () => Promise<string[]>> = {
    backup: () => backupCommand(config, args),
    restore: () => restoreCommand(config, args),
    receipts: () => receiptsCommand(config, args),
  };
  const lines = await (run[command] ?? (() => userCommand(config, { command, args })))();
  for (const line of lines) console.log(line);
  return 0;
}

const expected = [ConfigError, AppError, BackupError, CommandError];

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(expected.some((kind) => error instanceof kind) ? (error as Error).message : error);
    process.exitCode = 1;
  },
);
