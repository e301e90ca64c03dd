import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { verifyBackup } from '../../db/backup/read-backup.ts';
import type { BackupFile, WriteBackupOptions } from '../../db/backup/write-backup.ts';
import { type BackupSecrets, fingerprint, sealSecrets } from './backup-secrets.ts';

const packageFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../package.json');

/** This server's version (apps/server/package.json), written into every backup. */
export async function appVersion(): Promise<string> {
  return (JSON.parse(await readFile(packageFile, 'utf8')) as { version: string }).version;
}

/** Uploaded photos (DATA_DIR/images, see catalog/image-store.ts) are named by their content. */
const PHOTO_NAME = /^photo-[0-9a-f]{32}\.webp$/;

/** The uploaded photos of DATA_DIR/images, one file read at a time. */
function photosOf(dataDir: string) {
  return async function* photos(): AsyncGenerator<BackupFile> {
    const folder = path.join(dataDir, 'images');
    const names = (await readdir(folder).catch(() => [] as string[])).filter((name) => PHOTO_NAME.test(name));
    for (const name of names.sort()) {
      const data = await readFile(path.join(folder, name)).catch(() => undefined);
      if (data) yield { name: `images/${name}`, data };
    }
  };
}

/** What a backup of this server carries besides its rows: version, key fingerprints, photos. */
export async function backupOptions({
  dataDir,
  secrets,
  passphrase,
}: {
  dataDir: string;
  secrets: BackupSecrets;
  passphrase?: string;
}): Promise<WriteBackupOptions> {
  return {
    appVersion: await appVersion(),
    dataKeyFingerprint: fingerprint(secrets.dataKey),
    jwtSecretFingerprint: fingerprint(secrets.jwtSecret),
    sealedSecrets: passphrase ? await sealSecrets(passphrase, secrets) : null,
    files: photosOf(dataDir),
  };
}

/** A temporary name beside `file`: the backup appears under its own name only once it is whole. */
export const partialName = (file: string) =>
  `${file}.partial-${process.pid}-${randomBytes(4).toString('hex')}`;

/**
 * Writes a backup file whole or not at all: `produce` writes it under a temporary name (0600:
 * it holds clients' data), it is read back and checked as a restore would, then renamed.
 */
export async function writeBackupFile(file: string, produce: (out: Writable) => Promise<unknown>) {
  const partial = partialName(file);
  try {
    await produce(createWriteStream(partial, { mode: 0o600, flush: true }));
    const verified = await verifyBackup(createReadStream(partial));
    const { size } = await stat(partial);
    await rename(partial, file);
    return { ...verified, bytes: size };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

/**
 * The photos of a restore, put in a folder of their own while it runs and moved into
 * DATA_DIR/images once its transaction has committed (or removed if it failed).
 */
export function createPhotoStager(dataDir: string) {
  const staging = path.join(dataDir, `images.restoring-${process.pid}`);
  const names: string[] = [];
  return {
    async write(name: string, data: Buffer) {
      await mkdir(staging, { recursive: true });
      const base = path.basename(name);
      await writeFile(path.join(staging, base), data);
      names.push(base);
    },
    async commit() {
      if (names.length > 0) await mkdir(path.join(dataDir, 'images'), { recursive: true });
      for (const name of names) await rename(path.join(staging, name), path.join(dataDir, 'images', name));
      await rm(staging, { recursive: true, force: true });
    },
    discard: () => rm(staging, { recursive: true, force: true }),
  };
}
