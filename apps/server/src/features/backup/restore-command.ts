import { createReadStream } from 'node:fs';
import { BackupError, type BackupHeader } from '../../db/backup/backup-format.ts';
import { openBackup } from '../../db/backup/read-backup.ts';
import { checkMigrations, restoreBackup, TargetNotEmptyError } from '../../db/backup/restore-backup.ts';
import type { Database } from '../../db/database.ts';
import { knownMigrations } from '../../db/migrate.ts';
import type { BackupRequest } from './backup-command.ts';
import { createPhotoStager } from './backup-file.ts';
import {
  type BackupSecrets,
  fingerprint,
  openSealedSecrets,
  readBackupSecrets,
  writeRestoredSecrets,
} from './backup-secrets.ts';

export type RestoreTarget = {
  /** Opens the empty database to restore into (PGlite makes its folder if there is none). */
  open: () => Promise<Database>;
  /** The target in words: "the embedded database in /srv/clinic", "the database clinic on db.local". */
  description: string;
  dataDir: string;
  configured: { dataKey?: string; jwtSecret?: string };
};

/** The secrets sealed in the backup, opened with the passphrase, or a line saying why not. */
async function sealedSecretsOf(header: BackupHeader, passphrase: string | undefined) {
  if (!header.sealed_secrets) {
    return {
      lines: passphrase ? ['The backup holds no sealed secrets: the passphrase was not needed.'] : [],
    };
  }
  if (!passphrase) {
    return {
      lines: [
        'The backup holds DATA_KEY and JWT_SECRET sealed with a passphrase: give --passphrase-file F (or BACKUP_PASSPHRASE) to restore them too.',
      ],
    };
  }
  return { secrets: await openSealedSecrets(passphrase, header.sealed_secrets), lines: [] };
}

/** Whether the keys the restored server will use are the ones the backup names. */
function keyLines(header: BackupHeader, here: BackupSecrets, dataDir: string): string[] {
  const lines: string[] = [];
  const dataKey = fingerprint(here.dataKey);
  if (!header.data_key_fingerprint) {
    lines.push('The backup does not name its DATA_KEY: check that client notes open once the server runs.');
  } else if (!dataKey) {
    lines.push(
      `Warning: there is no DATA_KEY here yet. Before starting the server, copy data-key from the backed-up server's DATA_DIR/secrets to ${dataDir}/secrets/data-key (or set DATA_KEY): without it a new key is made and the client notes cannot be read.`,
    );
  } else if (dataKey !== header.data_key_fingerprint) {
    lines.push(
      `Warning: the DATA_KEY here is not the one the backup's client notes were sealed with: they will not open. Put the backed-up server's key in ${dataDir}/secrets/data-key (or DATA_KEY) before starting the server.`,
    );
  } else {
    lines.push('DATA_KEY matches the backup’s: client notes will open.');
  }
  const jwt = fingerprint(here.jwtSecret);
  if (header.jwt_secret_fingerprint && jwt !== header.jwt_secret_fingerprint) {
    lines.push(
      'Note: JWT_SECRET is not the backup’s: admins sign in again, and the manage and waitlist links already e-mailed to clients stop working (copy jwt-secret as data-key to keep them).',
    );
  }
  return lines;
}

/** A failed restore in the operator's words: it left the target as it was. */
function explained(error: unknown, target: RestoreTarget) {
  if (error instanceof TargetNotEmptyError) {
    return new BackupError(
      `Refusing to restore: ${target.description} already holds data (${error.tables} tables). Restore into an empty data folder or an empty database.`,
    );
  }
  if (error instanceof BackupError) return new BackupError(`${error.message} Nothing was restored.`);
  return error;
}

/**
 * `npm run admin -- restore FILE`: the backup into an empty database, in one transaction. A file
 * that is not a backup, comes from a newer version, or has the wrong passphrase is refused
 * before the database is opened; a non-empty target, or a file found incomplete, leaves the
 * target as it was.
 */
export async function restoreFile(target: RestoreTarget, request: BackupRequest): Promise<string[]> {
  const backup = await openBackup(createReadStream(request.file)).catch((error: NodeJS.ErrnoException) => {
    throw error.code === 'ENOENT'
      ? new BackupError(`There is no file ${request.file}.`)
      : explained(error, target);
  });
  try {
    try {
      checkMigrations(backup.header, await knownMigrations());
    } catch (error) {
      throw explained(error, target);
    }
    const sealed = await sealedSecretsOf(backup.header, request.passphrase);
    const photos = createPhotoStager(target.dataDir);
    const db = await target.open();
    let summary: Awaited<ReturnType<typeof restoreBackup>>;
    try {
      summary = await restoreBackup(db, backup, { known: await knownMigrations(), onFile: photos.write });
    } catch (error) {
      await photos.discard();
      throw explained(error, target);
    } finally {
      await db.close();
    }
    await photos.commit();
    const written = sealed.secrets ? await writeRestoredSecrets(target.dataDir, sealed.secrets) : [];
    const here = await readBackupSecrets(target.dataDir, target.configured);
    const { header } = backup;
    const later = summary.laterMigrations.length;
    return [
      `Restored ${request.file} (made ${header.created_at} by version ${header.app_version}) into ${target.description}: ${summary.rows.toLocaleString('en')} rows, ${summary.files} photos${later > 0 ? `; then ${later} newer migrations applied` : ''}.`,
      ...sealed.lines,
      ...written,
      ...keyLines(header, here, target.dataDir),
    ];
  } finally {
    await backup.events.return(undefined as never);
  }
}
