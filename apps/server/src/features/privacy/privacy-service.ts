import { todayIn } from '@therapy/shared/clinic-time';
import { normalizeMobile } from '@therapy/shared/mobile-number';
import { toRupees } from '@therapy/shared/money';
import {
  PRIVACY_DUE_DAYS,
  type PrivacyExport,
  type PrivacySubject,
  type privacyCorrectBodySchema,
  type privacyEraseBodySchema,
  type privacyExportQuerySchema,
  type privacyRequestBodySchema,
} from '@therapy/shared/privacy-schemas';
import type * as z from 'zod/mini';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError, badRequest, conflict, notFound } from '../../http/app-error.ts';
import type { AdminPrincipal } from '../admin-auth/admin-guard.ts';
import { insertAudit } from '../audit/audit-repo.ts';
import type { NoteCipher } from '../bookings/note-cipher.ts';
import { correctContactDetails } from '../bookings/personal-data.ts';
import { eraseQuestionnaires, exportQuestionnaires } from '../measures/measures-privacy.ts';
import { deleteNotesOfBookings, listNotesOfBookings } from '../therapists/session-notes-repo.ts';
import { SESSION_NOTE_PURPOSE } from '../therapists/therapist-service.ts';
import { eraseWaitlistEntries, loadWaitlistExport } from '../waitlist/waitlist-privacy.ts';
import * as repo from './privacy-repo.ts';
import { monthsBefore } from './retention.ts';

/** A client never has this many bookings; an erasure or correction past it is refused, not cut. */
const MAX_BOOKINGS_PER_REQUEST = 10_000;
const DAY_MS = 24 * 60 * 60 * 1000;

type Kind = 'export' | 'correct' | 'erase';
export type PrivacyDeps = { db: Database; notes: NoteCipher; clinicTimeZone: string; now?: () => Date };

/** The client privacy desk (issue 14, decision 039): every call a superadmin's, audited, logged. */
export function createPrivacyService({ db, notes, clinicTimeZone, now = () => new Date() }: PrivacyDeps) {
  const sessionNotes = notes.forPurpose(SESSION_NOTE_PURPOSE);
  const actor = (admin: AdminPrincipal) => ({ actorAdminId: admin.id, actorLabel: admin.email });

  /** The request this call answers: the logged one named, or one received and answered now. */
  async function requestFor(
    tx: Queryable,
    kind: Kind,
    subject: PrivacySubject,
    requestId: number | undefined,
    at: Date,
  ) {
    if (requestId === undefined) {
      return repo.insertRequest(tx, {
        kind,
        subject,
        receivedAt: at,
        dueAt: new Date(at.getTime() + PRIVACY_DUE_DAYS * DAY_MS),
      });
    }
    const logged = await repo.findOpenRequest(tx, requestId, kind, subject);
    if (!logged) throw notFound(`No ${kind} request ${requestId} for this client`);
    if (logged.answered_at) throw conflict(`Request ${requestId} was answered already.`);
    return logged.id;
  }

  async function clientBookings(subject: PrivacySubject) {
    const ids = await repo.findBookingIds(db, subject, MAX_BOOKINGS_PER_REQUEST + 1);
    if (ids.length > MAX_BOOKINGS_PER_REQUEST) {
      throw new AppError(
        422,
        `This client has more than ${MAX_BOOKINGS_PER_REQUEST} bookings; ask the developers.`,
      );
    }
    return ids;
  }

  return {
    /** Logs a request as received now: due in PRIVACY_DUE_DAYS, shown until it is answered. */
    async receive(body: z.infer<typeof privacyRequestBodySchema>, admin: AdminPrincipal) {
      const at = now();
      return db.transaction(async (tx) => {
        const id = await requestFor(tx, body.kind, body, undefined, at);
        await insertAudit(tx, {
          ...actor(admin),
          action: 'privacy.request_received',
          details: { request_id: id, kind: body.kind },
        });
        return (await repo.findRequest(tx, id))!;
      });
    },

    async export(
      query: z.infer<typeof privacyExportQuerySchema>,
      admin: AdminPrincipal,
    ): Promise<PrivacyExport> {
      const subject: PrivacySubject =
        query.email !== undefined ? { email: query.email } : { mobile: query.mobile };
      const at = now();
      const held = await repo.loadExport(db, subject);
      const waitlistEntries = await loadWaitlistExport(db, subject);
      const erasures = await repo.listErasures(db, subject);
      const noteRows = await listNotesOfBookings(
        db,
        held.bookings.map((row) => row.booking_id),
      );
      const questionnaires = await exportQuestionnaires(
        db,
        notes,
        held.bookings.map((row) => row.booking_id),
      );
      // Answering a logged request files it; a look-up by the desk is audited, not logged as one.
      const requestId = await db.transaction(async (tx) => {
        const id =
          query.request_id === undefined
            ? null
            : await requestFor(tx, 'export', subject, query.request_id, at);
        if (id !== null) await repo.answerRequest(tx, id, admin.id, held.bookings.length, at);
        // Every view of a client's data is audited: ids and counts only, never the data.
        await insertAudit(tx, {
          ...actor(admin),
          action: 'privacy.export',
          details: {
            request_id: id,
            bookings: held.bookings.length,
            waitlist_entries: waitlistEntries.length,
            session_notes: noteRows.length,
            questionnaires: questionnaires.length,
          },
        });
        return id;
      });
      return {
        request_id: requestId,
        generated_at: at.toISOString(),
        subject,
        bookings: held.bookings.map(
          ({
            amount_paise,
            terms_accepted,
            whatsapp_consent,
            client_language,
            guardian_consent,
            ...row
          }) => ({
            ...row,
            client_note: notes.open(row.client_note),
            amount: toRupees(amount_paise),
          }),
        ),
        consents: held.bookings.map((row) => ({
          booking_id: row.booking_id,
          terms_accepted: row.terms_accepted,
          whatsapp_consent: row.whatsapp_consent,
          client_language: row.client_language,
          guardian_consent: row.guardian_consent,
          terms_version: row.terms_version,
          notice_version: row.notice_version,
          given_at: row.consented_at ?? row.created_at,
        })),
        messages: held.messages,
        payments: held.payments.map(({ amount_paise, ...row }) => ({
          ...row,
          amount: toRupees(amount_paise),
        })),
        waitlist_entries: waitlistEntries,
        session_notes: noteRows.map((row) => ({
          booking_id: row.booking_id,
          version: row.version,
          text: sessionNotes.open(row.sealed_text) ?? '',
          saved_at: new Date(row.created_at).toISOString(),
        })),
        questionnaires,
        open_requests: await repo.listOpenRequestsOf(db, subject),
        erasures,
        truncated: held.truncated,
      };
    },

    async erase(body: z.infer<typeof privacyEraseBodySchema>, admin: AdminPrincipal) {
      const at = now();
      const ids = await clientBookings(body);
      const upcoming = await repo.upcomingSessions(db, ids, todayIn(clinicTimeZone, at));
      if (upcoming.length > 0) {
        const dates = upcoming
          .slice(0, 5)
          .map((row) => row.booking_date)
          .join(', ');
        throw conflict(
          `This client has ${upcoming.length} upcoming session${upcoming.length === 1 ? '' : 's'} (${dates}). Cancel them before erasing the client's data.`,
        );
      }
      return db.transaction(async (tx) => {
        const id = await requestFor(tx, 'erase', body, body.request_id, at);
        await repo.keyErasure(tx, id, ids);
        const erased = await repo.eraseBookings(tx, ids, at);
        const erasedEntries = await eraseWaitlistEntries(tx, body, at);
        const erasedNotes = await deleteNotesOfBookings(tx, ids);
        const erasedQuestionnaires = await eraseQuestionnaires(tx, ids);
        await repo.answerRequest(tx, id, admin.id, erased, at);
        await insertAudit(tx, {
          ...actor(admin),
          action: 'privacy.erase',
          details: {
            request_id: id,
            bookings: erased,
            waitlist_entries: erasedEntries,
            session_notes: erasedNotes,
            questionnaires: erasedQuestionnaires,
          },
        });
        return { request_id: id, erased_bookings: erased, erased_waitlist_entries: erasedEntries };
      });
    },

    async correct(body: z.infer<typeof privacyCorrectBodySchema>, admin: AdminPrincipal) {
      const change = {
        fullName: body.full_name?.trim(),
        email: body.new_email?.trim(),
        mobile: body.new_mobile === undefined ? undefined : normalizeMobile(body.new_mobile),
      };
      if (!change.fullName && !change.email && !change.mobile) {
        throw badRequest('Give at least one corrected detail: full_name, new_email or new_mobile.');
      }
      const at = now();
      await clientBookings(body);
      return db.transaction(async (tx) => {
        const id = await requestFor(tx, 'correct', body, body.request_id, at);
        const corrected = await correctContactDetails(tx, body, change);
        await repo.answerRequest(tx, id, admin.id, corrected, at);
        await insertAudit(tx, {
          ...actor(admin),
          action: 'privacy.correct',
          details: {
            request_id: id,
            bookings: corrected,
            fields: Object.keys(change).filter((key) => change[key as keyof typeof change]),
          },
        });
        return { request_id: id, bookings_affected: corrected };
      });
    },

    async listRequests(page: { limit?: number; cursor?: string; open?: 'true' | 'false' }) {
      const limit = page.limit ?? 20;
      const afterId = page.cursor === undefined ? undefined : Number(page.cursor);
      if (afterId !== undefined && !(Number.isSafeInteger(afterId) && afterId > 0))
        throw badRequest('"cursor" is not one this server wrote');
      const rows = await repo.listRequests(db, {
        limit,
        afterId,
        open: page.open === undefined ? undefined : page.open === 'true',
      });
      const items = rows.slice(0, limit);
      return { items, limit, next_cursor: rows.length > limit ? String(items.at(-1)!.id) : null };
    },

    /** When the retention job last ran, and what it did. */
    async retentionStatus(retentionMonths: number) {
      const { rows } = await db.query<{
        run_date: string;
        cutoff_date: string;
        started_at: string;
        finished_at: string | null;
        erased_bookings: number;
      }>(
        `SELECT to_char(run_date, 'YYYY-MM-DD') AS run_date, to_char(cutoff_date, 'YYYY-MM-DD') AS cutoff_date,
           started_at::text AS started_at, finished_at::text AS finished_at, erased_bookings
         FROM retention_runs ORDER BY run_date DESC LIMIT 1`,
      );
      // Sessions before this date have (or, after the next run, will have) no personal data.
      const cutoff = monthsBefore(todayIn(clinicTimeZone, now()), retentionMonths);
      return { retention_months: retentionMonths, cutoff_date: cutoff, last_run: rows[0] ?? null };
    },
  };
}

export type PrivacyService = ReturnType<typeof createPrivacyService>;
