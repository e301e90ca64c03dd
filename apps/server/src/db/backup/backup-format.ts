import * as z from 'zod/mini';

/*
 * The backup file (decision 048): gzip-compressed lines of JSON. The first line is the header;
 * then each table's rows, in an order where every row finds the rows it refers to: a line
 * {"table": name}, then one line per row, an array of the stored columns' values as PostgreSQL's
 * own text (null for NULL), in the header's column order; then the uploaded photos, a line
 * {"file": name, "data": base64} each; last a line {"end": {...}} with the counts. A file without
 * that last line, or whose counts differ from the header's, is incomplete and never restored.
 */

export const BACKUP_FORMAT = 'therapy-booking-backup';
export const BACKUP_FORMAT_VERSION = 1;

/** The secrets sealed with a passphrase (scrypt, then AES-256-GCM), all base64url. */
export const sealedSecretsSchema = z.object({
  kdf: z.literal('scrypt'),
  n: z.int(),
  r: z.int(),
  p: z.int(),
  salt: z.string(),
  iv: z.string(),
  tag: z.string(),
  data: z.string(),
});
export type SealedSecrets = z.infer<typeof sealedSecretsSchema>;

const columnSchema = z.object({ name: z.string(), type: z.string() });

export const backupHeaderSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  format_version: z.int(),
  app_version: z.string(),
  /** ISO 8601 instant the snapshot was taken. */
  created_at: z.string(),
  source: z.enum(['pglite', 'postgres']),
  /** The migrations applied to the backed-up database, in order. */
  migrations: z.array(z.string()),
  tables: z.array(z.object({ name: z.string(), columns: z.array(columnSchema), rows: z.int() })),
  sequences: z.array(z.object({ name: z.string(), last_value: z.string(), is_called: z.boolean() })),
  /** Hashes naming DATA_KEY and JWT_SECRET (never the keys): a restore tells whether they match. */
  data_key_fingerprint: z.nullable(z.string()),
  jwt_secret_fingerprint: z.nullable(z.string()),
  sealed_secrets: z.nullable(sealedSecretsSchema),
});
export type BackupHeader = z.infer<typeof backupHeaderSchema>;

export const trailerSchema = z.object({
  end: z.object({
    tables: z.int(),
    rows: z.int(),
    files: z.int(),
    /** How long the snapshot's transaction lasted (on PGlite, requests waited that long). */
    snapshot_ms: z.number(),
  }),
});
export type BackupTrailer = z.infer<typeof trailerSchema>['end'];

export const fileLineSchema = z.object({ file: z.string(), data: z.string() });

/** Uploaded photos' names: nothing else is written from a backup into the data folder. */
export const BACKUP_FILE_NAME = /^images\/photo-[0-9a-f]{32}\.webp$/;

/** A backup that cannot be made or restored, with the one line that says why. */
export class BackupError extends Error {}
