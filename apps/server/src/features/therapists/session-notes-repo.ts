import type { Queryable } from '../../db/database.ts';

/** The session_notes table's SQL: versions of a therapist's note on one booking, never updated. */

export type SessionNoteRow = { version: number; sealed_text: string; created_at: Date };

/** The latest version of the therapist's note on the booking. */
export async function findLatestNote(
  db: Queryable,
  therapistId: number,
  bookingId: number,
): Promise<SessionNoteRow | undefined> {
  const { rows } = await db.query<SessionNoteRow>(
    `SELECT version, sealed_text, created_at FROM session_notes
      WHERE booking_id = $1 AND therapist_id = $2 ORDER BY version DESC LIMIT 1`,
    [bookingId, therapistId],
  );
  return rows[0];
}

/** A new version (the next number, under the booking's lock the caller holds). */
export async function insertNoteVersion(
  db: Queryable,
  note: { bookingId: number; therapistId: number; authorAdminId: number; sealedText: string; at: Date },
): Promise<SessionNoteRow> {
  const { rows } = await db.query<SessionNoteRow>(
    `INSERT INTO session_notes (booking_id, therapist_id, author_admin_id, version, sealed_text, created_at)
     SELECT $1, $2, $3, coalesce(max(version), 0) + 1, $4, $5 FROM session_notes
      WHERE booking_id = $1 AND therapist_id = $2
     RETURNING version, sealed_text, created_at`,
    [note.bookingId, note.therapistId, note.authorAdminId, note.sealedText, note.at],
  );
  return rows[0]!;
}

/** Every version of the notes on these bookings (the Privacy Desk's export), oldest first. */
export async function listNotesOfBookings(
  db: Queryable,
  bookingIds: readonly number[],
): Promise<(SessionNoteRow & { booking_id: number; therapist_id: number })[]> {
  if (bookingIds.length === 0) return [];
  const { rows } = await db.query<SessionNoteRow & { booking_id: number; therapist_id: number }>(
    `SELECT booking_id, therapist_id, version, sealed_text, created_at FROM session_notes
      WHERE booking_id = ANY($1::integer[]) ORDER BY booking_id, therapist_id, version`,
    [bookingIds],
  );
  return rows;
}

/** Erases every version of the notes on these bookings (the Privacy Desk's erasure): how many. */
export async function deleteNotesOfBookings(db: Queryable, bookingIds: readonly number[]): Promise<number> {
  if (bookingIds.length === 0) return 0;
  const { rows } = await db.query<{ count: number }>(
    `WITH gone AS (DELETE FROM session_notes WHERE booking_id = ANY($1::integer[]) RETURNING 1)
     SELECT count(*)::integer AS count FROM gone`,
    [bookingIds],
  );
  return rows[0]?.count ?? 0;
}
