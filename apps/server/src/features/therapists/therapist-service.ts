import { isConfirmedSession } from '@therapy/shared/booking-states';
import { addDays } from '@therapy/shared/clinic-time';
import type { AttendanceResult, AttendanceStatus } from '@therapy/shared/front-desk-schemas';
import {
  SESSIONS_RANGE_MAX_DAYS,
  type SessionNote,
  type TherapistSession,
} from '@therapy/shared/therapist-schemas';
import type { Database } from '../../db/database.ts';
import { badRequest, notFound } from '../../http/app-error.ts';
import { recordAttendance } from '../admin/front-desk-service.ts';
import type { AdminPrincipal } from '../admin-auth/admin-guard.ts';
import { insertAudit } from '../audit/audit-repo.ts';
import type { NoteCipher } from '../bookings/note-cipher.ts';
import { toSeriesPlace } from '../bookings/series-repo.ts';
import type { ClientMeasuresService } from '../measures/client-measures-service.ts';
import type { MeetingUrls } from '../meetings/meeting-urls.ts';
import * as notesRepo from './session-notes-repo.ts';
import { withStartSessionLinks } from './start-session-links.ts';
import { findOwnBooking, listTherapistSessions, type SessionRow } from './therapist-repo.ts';

/** Column the session notes' ciphertexts are bound to (decision 038's cipher, another purpose). */
export const SESSION_NOTE_PURPOSE = 'session_notes.sealed_text';
/** The most sessions one answer holds (a therapist's six weeks, with room). */
const SESSIONS_LIMIT = 500;

export type TherapistDeps = {
  db: Database;
  clinicTimeZone: string;
  now?: () => Date;
  notes: NoteCipher;
  /** The Start session links (a moderator's token under jitsi-jwt, decision 053); as stored when absent. */
  meetingUrls?: MeetingUrls;
  /** The clients' latest questionnaire scores on My day (decision 058); none when absent. */
  measures?: Pick<ClientMeasuresService, 'latestFor'>;
};

/** The signed-in therapist, as the guard gave it: its login (for audit) and its therapist. */
export type TherapistActor = { admin: AdminPrincipal; therapistId: number };

function toSession(notes: NoteCipher, row: SessionRow): TherapistSession {
  return {
    booking_id: row.booking_id,
    booking_date: row.booking_date,
    start_time: row.start_time,
    end_time: row.end_time,
    booking_type: row.booking_type === 'ONLINE' ? 'ONLINE' : 'OFFLINE',
    location_id: row.location_id,
    location_name: row.location_name,
    client_name: row.client_full_name ?? '',
    client_note: notes.open(row.client_note),
    first_session: row.earlier_sessions === 0,
    meeting_url: row.booking_type === 'ONLINE' ? row.google_meet_link : null,
    attendance: row.attendance,
    has_note: row.has_note,
    series: toSeriesPlace(row),
  };
}

/**
 * A therapist's own day (issue 25, decision 052): its sessions, attendance by the front desk's rule,
 * and its session notes, sealed with DATA_KEY, kept as versions, each read audited.
 */
export function createTherapistService({
  db,
  clinicTimeZone,
  now = () => new Date(),
  notes,
  meetingUrls,
  measures,
}: TherapistDeps) {
  const sealer = notes.forPurpose(SESSION_NOTE_PURPOSE);

  async function ownSession(therapistId: number, bookingId: number) {
    const booking = await findOwnBooking(db, therapistId, bookingId);
    if (!booking || !isConfirmedSession(booking)) throw notFound(`Session ${bookingId} not found`);
    return booking;
  }

  return {
    async listSessions(therapistId: number, range: { from: string; to: string }) {
      if (range.to < range.from) throw badRequest('"to" must not be before "from"');
      if (addDays(range.from, SESSIONS_RANGE_MAX_DAYS - 1) < range.to) {
        throw badRequest(`At most ${SESSIONS_RANGE_MAX_DAYS} days at a time`);
      }
      const rows = await listTherapistSessions(db, therapistId, range, SESSIONS_LIMIT);
      const confirmed = rows.filter((row) => isConfirmedSession(row));
      const scores = measures ? await measures.latestFor(therapistId, confirmed) : undefined;
      const items = confirmed.map((row) => ({
        ...toSession(notes, row),
        ...(scores ? { measures: scores.get(row.booking_id) ?? null } : {}),
      }));
      return { items: await withStartSessionLinks(db, meetingUrls, therapistId, items) };
    },

    async markAttendance(
      actor: TherapistActor,
      bookingId: number,
      status: AttendanceStatus,
    ): Promise<AttendanceResult> {
      await ownSession(actor.therapistId, bookingId);
      return recordAttendance({ db, clinicTimeZone, now }, actor.admin, bookingId, status);
    },

    /** The latest version of the note, for its author only; the read is audited before it answers. */
    async readNote(actor: TherapistActor, bookingId: number): Promise<SessionNote> {
      await ownSession(actor.therapistId, bookingId);
      return db.transaction(async (tx) => {
        const latest = await notesRepo.findLatestNote(tx, actor.therapistId, bookingId);
        await insertAudit(tx, {
          actorAdminId: actor.admin.id,
          actorLabel: actor.admin.email,
          action: 'session_note.read',
          bookingId,
          therapistId: actor.therapistId,
          details: { version: latest?.version ?? 0 },
        });
        if (!latest) return { text: '', version: 0, saved_at: null };
        return {
          text: sealer.open(latest.sealed_text) ?? '',
          version: latest.version,
          saved_at: new Date(latest.created_at).toISOString(),
        };
      });
    },

    /** A new version of the note (nothing is overwritten), audited without its text. */
    async saveNote(actor: TherapistActor, bookingId: number, text: string): Promise<SessionNote> {
      return db.transaction(async (tx) => {
        const booking = await findOwnBooking(tx, actor.therapistId, bookingId, true);
        if (!booking || !isConfirmedSession(booking)) throw notFound(`Session ${bookingId} not found`);
        const saved = await notesRepo.insertNoteVersion(tx, {
          bookingId,
          therapistId: actor.therapistId,
          authorAdminId: actor.admin.id,
          sealedText: sealer.seal(text) ?? '',
          at: now(),
        });
        await insertAudit(tx, {
          actorAdminId: actor.admin.id,
          actorLabel: actor.admin.email,
          action: 'session_note.save',
          bookingId,
          therapistId: actor.therapistId,
          details: { version: saved.version, length: text.length },
        });
        return { text, version: saved.version, saved_at: new Date(saved.created_at).toISOString() };
      });
    },
  };
}

export type TherapistService = ReturnType<typeof createTherapistService>;
