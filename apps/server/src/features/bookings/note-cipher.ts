import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/database.ts';

/**
 * Client notes encrypted at rest (issue 14, decision 038): AES-256-GCM under a key derived from
 * DATA_KEY (or the one generated into DATA_DIR/secrets). A sealed note is stored as
 * `v1.<base64url(iv ‖ tag ‖ ciphertext)>` in the same column; anything else is a note written
 * before encryption, read as it is until `sealPlainNotes` seals it at start.
 */
export type NoteCipher = {
  seal(note: string | null | undefined): string | null;
  open(stored: string | null | undefined): string | null;
  /** The same key for another column: its ciphertexts open only there (a therapist's session notes). */
  forPurpose(purpose: string): NoteCipher;
};

const PREFIX = 'v1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Binds each ciphertext to its purpose: a sealed note pasted into another column will not open. */
const CLIENT_NOTE_PURPOSE = 'bookings.client_note';
/** What an admin sees for a note sealed under another key (DATA_KEY changed or lost). */
export const UNREADABLE_NOTE = '[This note cannot be read with the current DATA_KEY.]';

export function createNoteCipher(secret: string): NoteCipher {
  const key = Buffer.from(hkdfSync('sha256', secret, 'therapy-booking', 'client notes v1', 32));
  return cipherFor(key, CLIENT_NOTE_PURPOSE);
}

function cipherFor(key: Buffer, purpose: string): NoteCipher {
  const aad = Buffer.from(purpose);
  return {
    forPurpose: (other) => cipherFor(key, other),
    seal(note) {
      if (!note) return null;
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(aad);
      const sealed = Buffer.concat([cipher.update(note, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
    },
    open(stored) {
      if (stored === null || stored === undefined || !stored.startsWith(PREFIX)) return stored ?? null;
      const bytes = Buffer.from(stored.slice(PREFIX.length), 'base64url');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES)).setAAD(aad);
        decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        return Buffer.concat([
          decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        return UNREADABLE_NOTE;
      }
    },
  };
}

/** Rows with their notes opened for an admin's screen or a message. */
export function openNotes<T extends { client_note: string | null }>(notes: NoteCipher, rows: T[]): T[] {
  return rows.map((row) => (row.client_note ? { ...row, client_note: notes.open(row.client_note) } : row));
}

/**
 * Seals the notes written before encryption, a batch at a time (bounded: at most `maxBatches`
 * batches of `batchSize`). Safe with several instances starting at once: each row is updated
 * only while it is still plain text. Answers how many it sealed.
 */
export async function sealPlainNotes(
  db: Queryable,
  notes: NoteCipher,
  { batchSize = 500, maxBatches = 10_000 } = {},
): Promise<number> {
  let sealed = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    const { rows } = await db.query<{ id: number; client_note: string }>(
      `SELECT id, client_note FROM bookings
       WHERE client_note IS NOT NULL AND client_note <> '' AND left(client_note, 3) <> $1
       ORDER BY id LIMIT $2`,
      [PREFIX, batchSize],
    );
    if (rows.length === 0) break;
    for (const row of rows) {
      const { rows: updated } = await db.query(
        'UPDATE bookings SET client_note = $1 WHERE id = $2 AND client_note = $3 RETURNING id',
        [notes.seal(row.client_note), row.id, row.client_note],
      );
      sealed += updated.length;
    }
  }
  return sealed;
}
