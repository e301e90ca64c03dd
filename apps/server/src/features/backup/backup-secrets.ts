import { createCipheriv, createDecipheriv, createHash, randomBytes, scrypt } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { BackupError, type SealedSecrets } from '../../db/backup/backup-format.ts';
import { readSecret } from '../../secrets.ts';

/**
 * DATA_KEY and JWT_SECRET beside a backup (decision 048). A backup names them by fingerprint
 * only; with a passphrase it carries them sealed: a key made from the passphrase with scrypt,
 * the secrets under it with AES-256-GCM. A restore with the same passphrase writes them into
 * the new DATA_DIR/secrets.
 */
export type BackupSecrets = { dataKey?: string; jwtSecret?: string };

/** The files of DATA_DIR/secrets that loadDataKey and loadJwtSecret (secrets.ts) read. */
export const SECRET_FILES = { dataKey: 'data-key', jwtSecret: 'jwt-secret' } as const;

/** A passphrase shorter than this seals nothing. */
export const MIN_PASSPHRASE_CHARS = 12;

const SCRYPT = { n: 2 ** 15, r: 8, p: 1 };
/** A backup's scrypt cost is its own: bounded, so that a crafted file cannot exhaust memory. */
const MAX_SCRYPT_N = 2 ** 20;
const PURPOSE = Buffer.from('therapy-booking backup secrets v1');

/** Names a secret without telling it: 16 hex digits of a labelled SHA-256. */
export function fingerprint(secret: string | undefined): string | null {
  if (!secret) return null;
  return createHash('sha256')
    .update(`therapy-booking secret fingerprint v1\n${secret}`)
    .digest('hex')
    .slice(0, 16);
}

/** DATA_KEY and JWT_SECRET as configured or kept in DATA_DIR/secrets, never generated. */
export async function readBackupSecrets(
  dataDir: string,
  configured: { dataKey?: string; jwtSecret?: string },
): Promise<BackupSecrets> {
  return {
    dataKey: await readSecret(dataDir, SECRET_FILES.dataKey, configured.dataKey),
    jwtSecret: await readSecret(dataDir, SECRET_FILES.jwtSecret, configured.jwtSecret),
  };
}

function deriveKey(passphrase: string, salt: Buffer, cost: { n: number; r: number; p: number }) {
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(
      passphrase,
      salt,
      32,
      { N: cost.n, r: cost.r, p: cost.p, maxmem: 256 * cost.n * cost.r + 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  );
}

export async function sealSecrets(passphrase: string, secrets: BackupSecrets): Promise<SealedSecrets> {
  if (passphrase.length < MIN_PASSPHRASE_CHARS) {
    throw new BackupError(`The passphrase must be at least ${MIN_PASSPHRASE_CHARS} characters.`);
  }
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await deriveKey(passphrase, salt, SCRYPT), iv).setAAD(PURPOSE);
  const plain = JSON.stringify({ data_key: secrets.dataKey ?? null, jwt_secret: secrets.jwtSecret ?? null });
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return {
    kdf: 'scrypt',
    ...SCRYPT,
    salt: salt.toString('base64url'),
    iv: iv.toString('base64url'),
    tag: cipher.getAuthTag().toString('base64url'),
    data: data.toString('base64url'),
  };
}

export async function openSealedSecrets(passphrase: string, sealed: SealedSecrets): Promise<BackupSecrets> {
  if (sealed.n > MAX_SCRYPT_N || sealed.r > 32 || sealed.p > 16) {
    throw new BackupError('The backup’s sealed secrets ask for more work than this app allows.');
  }
  const key = await deriveKey(passphrase, Buffer.from(sealed.salt, 'base64url'), sealed);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64url')).setAAD(
      PURPOSE,
    );
    decipher.setAuthTag(Buffer.from(sealed.tag, 'base64url'));
    const plain = Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64url')), decipher.final()]);
    const opened = JSON.parse(plain.toString('utf8')) as {
      data_key: string | null;
      jwt_secret: string | null;
    };
    return { dataKey: opened.data_key ?? undefined, jwtSecret: opened.jwt_secret ?? undefined };
  } catch {
    throw new BackupError('The passphrase does not open the secrets sealed in this backup.');
  }
}

/**
 * Writes restored secrets into DATA_DIR/secrets (0600). A different one already there is kept
 * aside as `<name>.before-restore`. Answers a line per secret written.
 */
export async function writeRestoredSecrets(dataDir: string, secrets: BackupSecrets): Promise<string[]> {
  const folder = path.join(dataDir, 'secrets');
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const lines: string[] = [];
  for (const [field, name] of Object.entries(SECRET_FILES) as [keyof BackupSecrets, string][]) {
    const secret = secrets[field];
    if (!secret) continue;
    const file = path.join(folder, name);
    const present = await readFile(file, 'utf8').catch(() => undefined);
    if (present?.trim() === secret) continue;
    if (present !== undefined) await rename(file, `${file}.before-restore`);
    await writeFile(file, secret, { mode: 0o600 });
    lines.push(
      `Wrote the backup’s ${name} to ${file}${present !== undefined ? ` (the one there before is now ${name}.before-restore)` : ''}.`,
    );
  }
  return lines;
}
