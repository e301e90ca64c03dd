import { THERAPY_CONSENT_VERSION } from '@therapy/shared/consent-versions';
import { isRiskAnswer, scoreGad7, scorePhq9 } from '@therapy/shared/measures';
import {
  INTAKE_SECTIONS,
  type IntakeAnswers,
  type IntakeResult,
  type IntakeSaved,
  type IntakeView,
  intakeProblem,
  isIntakeTokenShape,
  REPEAT_SECTIONS,
} from '@therapy/shared/measures-schemas';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { insertAudit } from '../audit/audit-repo.ts';
import type { NoteCipher } from '../bookings/note-cipher.ts';
import { enqueueJob } from '../jobs/jobs-repo.ts';
import { hashIntakeToken } from './measure-links.ts';
import * as repo from './measures-repo.ts';
import { MEASURE_ANSWERS_PURPOSE, mergeAnswers, openAnswers, sealAnswers } from './stored-answers.ts';

export type IntakeDeps = {
  db: Database;
  notes: NoteCipher;
  /** The consent_documents row of THERAPY_CONSENT_VERSION (ensured at start). */
  consentDocumentId: number;
  now?: () => Date;
};

const UNKNOWN_LINK =
  'This questionnaire link is not valid. Please use the link in your e-mail or on your booking page.';
const ALREADY_SENT = 'These answers were already sent to your therapist. Thank you.';
const gone = (message: string) => new AppError(410, message);

/**
 * The client's intake and questionnaires by their link (issue 28, decision 058): the page reads
 * what is asked and answered, saves as it goes (PUT), and sends the whole (POST), scored. A PHQ-9
 * item 9 answer above 0 queues the risk alert at the first save that holds it: never blocked,
 * never waiting for the end. Answers are sealed at rest; every read is audited.
 */
export function createIntakeService({ db, notes, consentDocumentId, now = () => new Date() }: IntakeDeps) {
  const sealer = notes.forPurpose(MEASURE_ANSWERS_PURPOSE);

  async function openForm(tx: Queryable, token: string, lock: boolean) {
    const form = isIntakeTokenShape(token)
      ? await repo.findFormByTokenHash(tx, hashIntakeToken(token), lock)
      : undefined;
    if (!form) throw notFound(UNKNOWN_LINK);
    if (form.submitted_at) throw gone(ALREADY_SENT);
    return form;
  }

  /** Keeps what was sent over what was kept, in one transaction with the alert's job. */
  async function keep(token: string, body: IntakeAnswers) {
    return db.transaction(async (tx) => {
      const form = await openForm(tx, token, true);
      const answers = mergeAnswers(openAnswers(sealer, form.sealed_answers), body, form.kind);
      const risk = isRiskAnswer(answers.phq9);
      const at = now();
      await repo.saveAnswers(tx, form.id, {
        sealedAnswers: sealAnswers(sealer, answers),
        at,
        consentDocumentId: form.kind === 'intake' && answers.consent ? consentDocumentId : null,
        risk,
      });
      if (risk && !form.risk_alerted_at) {
        await enqueueJob(tx, {
          kind: 'measures.risk_alert',
          payload: { form_id: form.id },
          dedupeKey: `measures.risk_alert:${form.id}`,
        });
      }
      return { form, answers, risk, at };
    });
  }

  return {
    async view(token: string): Promise<IntakeView> {
      return db.transaction(async (tx) => {
        const form = await openForm(tx, token, false);
        const session = await repo.findFormSession(tx, form.booking_id);
        if (!session) throw notFound(UNKNOWN_LINK);
        await insertAudit(tx, {
          actorLabel: 'client (questionnaire link)',
          action: 'measures.client_read',
          bookingId: form.booking_id,
          details: { kind: form.kind },
        });
        return {
          kind: form.kind,
          language: session.client_language === 'hi' ? 'hi' : 'en',
          therapist_name: session.therapist_name,
          session_date: session.session_date,
          session_start: session.session_start,
          sections: [...(form.kind === 'intake' ? INTAKE_SECTIONS : REPEAT_SECTIONS)],
          consent_version: {
            version: THERAPY_CONSENT_VERSION.version,
            published: THERAPY_CONSENT_VERSION.published,
          },
          answers: openAnswers(sealer, form.sealed_answers),
        };
      });
    },

    async save(token: string, body: IntakeAnswers): Promise<IntakeSaved> {
      const { risk, at } = await keep(token, body);
      return { saved_at: at.toISOString(), risk };
    },

    /** Kept first (nothing lost), then checked complete (422 naming the first missing item), then scored. */
    async submit(token: string, body: IntakeAnswers): Promise<IntakeResult> {
      const { form, answers, risk } = await keep(token, body);
      const problem = intakeProblem(answers, form.kind);
      if (problem) throw new AppError(422, problem.message);
      const phq9 = scorePhq9(answers.phq9)!;
      const gad7 = scoreGad7(answers.gad7)!;
      if (!(await repo.markSubmitted(db, form.id, now()))) throw gone(ALREADY_SENT);
      return {
        phq9_score: phq9.score,
        phq9_band: phq9.band,
        gad7_score: gad7.score,
        gad7_band: gad7.band,
        risk,
      };
    },
  };
}

export type IntakeService = ReturnType<typeof createIntakeService>;
