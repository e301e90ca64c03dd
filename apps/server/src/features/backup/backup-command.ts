import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { BackupError } from '../../db/backup/backup-format.ts';
import { writeBackup } from '../../db/backup/write-backup.ts';
import type { Database } from '../../db/database.ts';
import { backupOptions, writeBackupFile } from './backup-file.ts';
import type { BackupSecrets } from './backup-secrets.ts';

/** `npm run admin -- backup FILE` and `restore FILE`: their usage, arguments and reports. */
export const BACKUP_USAGE = `  backup FILE [--passphrase-file F]                           write a backup of the whole database to FILE
  restore FILE [--passphrase-file F]                          load a backup into an empty DATA_DIR or database`;

export type BackupRequest = { file: string; passphrase?: string };

/**
 * FILE (relative to where npm was run, not the repository) and the passphrase: the first line of
 * --passphrase-file, else BACKUP_PASSPHRASE.
 */
export async function parseBackupArgs(
  args: string[],
  configured: string | undefined,
): Promise<BackupRequest> {
  const parse = () =>
    parseArgs({
      args,
      options: { 'passphrase-file': { type: 'string' } },
      allowPositionals: true,
      strict: true,
    });
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse();
  } catch (error) {
    throw new BackupError(`${(error as Error).message}\n${BACKUP_USAGE}`);
  }
  if (parsed.positionals.length !== 1) throw new BackupError(`Name one backup file.\n${BACKUP_USAGE}`);
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), parsed.positionals[0]!);
  const passphraseFile = parsed.values['passphrase-file'];
  if (!passphraseFile) return { file, passphrase: configured };
  const text = await readFile(
    path.resolve(process.env.INIT_CWD ?? process.cwd(), passphraseFile),
    'utf8',
  ).catch(() => {
    throw new BackupError(`The passphrase file ${passphraseFile} cannot be read.`);
  });
  return { file, passphrase: text.split(/\r?\n/)[0] };
}

export type WrittenBackup = Awaited<ReturnType<typeof writeBackupFile>>;

/** A backup of `db` into FILE, made by this process (PostgreSQL, or PGlite no server holds). */
export async function backupDatabase(
  db: Database,
  request: BackupRequest,
  { dataDir, secrets }: { dataDir: string; secrets: BackupSecrets },
): Promise<WrittenBackup> {
  const options = await backupOptions({ dataDir, secrets, passphrase: request.passphrase });
  return writeBackupFile(request.file, (out) => writeBackup(db, out, options));
}

/** A backup the running server streams (it holds the embedded database), saved into FILE. */
export function saveStreamedBackup(body: Readable, file: string): Promise<WrittenBackup> {
  return writeBackupFile(file, async (out: Writable) => {
    try {
      await pipeline(body, out);
    } catch {
      throw new BackupError(
        'The server stopped sending the backup before its end (its log says why); no file was written.',
      );
    }
  });
}

const inWords = (count: number, one: string) =>
  `${count.toLocaleString('en')} ${one}${count === 1 ? '' : 's'}`;

/** What the operator reads once the file is written: what it holds, and what to keep with it. */
export function backupReport(backup: WrittenBackup, { file, dataDir }: { file: string; dataDir: string }) {
  const { header, end } = backup;
  const held = (end.snapshot_ms / 1000).toFixed(1);
  const lines = [
    `Backup written to ${file}: ${inWords(end.rows, 'row')} in ${inWords(end.tables, 'table')}, ${inWords(end.files, 'photo')} (${(backup.bytes / 1024).toFixed(0)} kB).`,
    header.source === 'pglite'
      ? `It was read in one snapshot of ${held} s; the embedded database answered no other request meanwhile.`
      : `It was read in one snapshot of ${held} s while the server went on serving.`,
  ];
  if (header.sealed_secrets && header.data_key_fingerprint) {
    lines.push(
      'DATA_KEY and JWT_SECRET are sealed in it with your passphrase: keep the passphrase safe, apart from the file; without it, restore brings the data but not the keys.',
    );
  } else {
    lines.push(
      `Keep DATA_KEY and JWT_SECRET with it (stored apart from it): the files ${path.join(dataDir, 'secrets', 'data-key')} and jwt-secret beside it, or the DATA_KEY and JWT_SECRET variables if you set them. Without DATA_KEY the client notes in the backup cannot be read. Or give --passphrase-file F (or BACKUP_PASSPHRASE) to seal them in the backup.`,
    );
  }
  if (!header.data_key_fingerprint) {
    lines.push(
      'Note: no DATA_KEY was found here, so the backup cannot tell a restore which key its notes need.',
    );
  }
  return lines;
}
