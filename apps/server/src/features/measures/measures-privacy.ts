import type { PrivacyExport } from '@therapy/shared/privacy-schemas';
import type { Queryable } from '../../db/database.ts';
import type { NoteCipher } from '../bookings/note-cipher.ts';
import { deleteFormsOfBookings, listFormsOfBookings } from './measures-repo.ts';
import { MEASURE_ANSWERS_PURPOSE, openAnswers } from './stored-answers.ts';

/** The Privacy Desk's part of the questionnaires (decision 058): every form of the client's bookings, opened. */
export async function exportQuestionnaires(
  db: Queryable,
  notes: NoteCipher,
  bookingIds: readonly number[],
): Promise<NonNullable<PrivacyExport['questionnaires']>> {
  const sealer = notes.forPurpose(MEASURE_ANSWERS_PURPOSE);
  const iso = (at: Date | null) => (at ? new Date(at).toISOString() : null);
  return (await listFormsOfBookings(db, bookingIds)).map((form) => ({
    booking_id: form.booking_id,
    kind: form.kind,
    saved_at: iso(form.saved_at),
    submitted_at: iso(form.submitted_at),
    consent_version: form.consent_version,
    answers: openAnswers(sealer, form.sealed_answers),
  }));
}

/** Erasure and retention: the forms of these bookings go with the client's data; how many. */
export const eraseQuestionnaires = (db: Queryable, bookingIds: readonly number[]) =>
  deleteFormsOfBookings(db, bookingIds);
