import { scoreGad7, scorePhq9 } from '@therapy/shared/measures';
import type { ClientMeasures, MeasureScore, SessionMeasures } from '@therapy/shared/measures-schemas';
import type { Database } from '../../db/database.ts';
import { notFound } from '../../http/app-error.ts';
import type { AdminPrincipal } from '../admin-auth/admin-guard.ts';
import { insertAudit } from '../audit/audit-repo.ts';
import type { NoteCipher } from '../bookings/note-cipher.ts';
import { clientKeyOf, type MeasureLinkKey } from './measure-links.ts';
import * as repo from './measures-repo.ts';
import { MEASURE_ANSWERS_PURPOSE, openAnswers } from './stored-answers.ts';

/** The most forms one client's answer holds (a weekly client for several years). */
const FORMS_LIMIT = 500;

export type ClientMeasuresDeps = { db: Database; notes: NoteCipher; key: MeasureLinkKey };

/** A sent-in form's scores (none for a form not sent in, or one whose answers no longer open). */
function scoreOf(
  form: repo.MeasureFormRow & { session_date: string },
  answers: ReturnType<typeof openAnswers>,
) {
  const phq9 = scorePhq9(answers.phq9);
  const gad7 = scoreGad7(answers.gad7);
  if (!form.submitted_at || !phq9 || !gad7 || answers.phq9_difficulty === null) return undefined;
  return { phq9, gad7, difficulty: answers.phq9_difficulty };
}

/**
 * What a therapist reads of its clients' questionnaires (issue 28, decision 058): one client's
 * intake and scores over time (audited, and it clears the unseen-risk badge), and the latest
 * scores of the clients on My day. Only the client's own therapist: the key is the therapist's.
 */
export function createClientMeasuresService({ db, notes, key }: ClientMeasuresDeps) {
  const sealer = notes.forPurpose(MEASURE_ANSWERS_PURPOSE);

  return {
    async read(
      actor: { admin: AdminPrincipal; therapistId: number },
      clientKey: string,
    ): Promise<ClientMeasures> {
      return db.transaction(async (tx) => {
        const forms = await repo.listFormsOfClient(tx, actor.therapistId, clientKey, FORMS_LIMIT);
        if (forms.length === 0) throw notFound('Client not found');
        const unseen = (await repo.markRiskSeen(tx, actor.therapistId, clientKey)) > 0;
        await insertAudit(tx, {
          actorAdminId: actor.admin.id,
          actorLabel: actor.admin.email,
          action: 'measures.read',
          therapistId: actor.therapistId,
          details: { forms: forms.length, risk_seen: unseen },
        });
        const scores: MeasureScore[] = [];
        let intake: ClientMeasures['intake'] = null;
        for (const form of forms) {
          const answers = openAnswers(sealer, form.sealed_answers);
          const scored = scoreOf(form, answers);
          if (form.kind === 'intake' && form.submitted_at)
            intake = {
              submitted_at: form.submitted_at.toISOString(),
              reason: answers.reason,
              emergency_contact: answers.emergency_contact,
              consent_version: form.consent_version,
            };
          if (!scored) continue;
          scores.push({
            kind: form.kind,
            booking_id: form.booking_id,
            session_date: form.session_date,
            submitted_at: new Date(form.submitted_at!).toISOString(),
            phq9_score: scored.phq9.score,
            phq9_band: scored.phq9.band,
            gad7_score: scored.gad7.score,
            gad7_band: scored.gad7.band,
            phq9_difficulty: scored.difficulty,
            phq9: answers.phq9 as number[],
            gad7: answers.gad7 as number[],
            risk: form.risk_alerted_at !== null,
          });
        }
        return {
          client_key: clientKey,
          client_name: forms.at(-1)?.client_full_name ?? '',
          intake,
          pending: forms.filter((form) => !form.submitted_at).length,
          scores,
          unseen_risk: unseen,
        };
      });
    },

    /**
     * The latest scores and unseen risk of each session's client, by booking (My day: its read is
     * audited as the sessions' view); null for a client with no questionnaire yet.
     */
    async latestFor(
      therapistId: number,
      sessions: readonly { booking_id: number; client_email: string | null }[],
    ): Promise<Map<number, SessionMeasures | null>> {
      const keyOf = new Map<number, string>();
      for (const session of sessions)
        if (session.client_email)
          keyOf.set(session.booking_id, clientKeyOf(key, therapistId, session.client_email));
      const rows = await repo.listLatestOfClients(db, therapistId, [...new Set(keyOf.values())]);
      const byClient = new Map<string, SessionMeasures>();
      for (const row of rows) {
        const entry = byClient.get(row.client_key) ?? {
          client_key: row.client_key,
          latest: null,
          unseen_risk: false,
        };
        entry.unseen_risk ||= row.risk_unseen;
        const scored = entry.latest ? undefined : scoreOf(row, openAnswers(sealer, row.sealed_answers));
        if (scored)
          entry.latest = {
            phq9_score: scored.phq9.score,
            phq9_band: scored.phq9.band,
            gad7_score: scored.gad7.score,
            gad7_band: scored.gad7.band,
            submitted_at: new Date(row.submitted_at!).toISOString(),
          };
        byClient.set(row.client_key, entry);
      }
      // A client without any questionnaire link yet has nothing to open: null.
      const answer = new Map<number, SessionMeasures | null>();
      for (const [bookingId, clientKey] of keyOf) answer.set(bookingId, byClient.get(clientKey) ?? null);
      return answer;
    },
  };
}

export type ClientMeasuresService = ReturnType<typeof createClientMeasuresService>;
