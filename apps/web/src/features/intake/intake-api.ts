import {
  type IntakeAnswers,
  type IntakeResult,
  type IntakeSaved,
  type IntakeView,
  intakeResultSchema,
  intakeSavedSchema,
  intakeViewSchema,
} from '@therapy/shared/measures-schemas';
import { getJson, postJson, request } from '../../lib/api-client';

/** The questionnaire link's calls (decision 058); the token is the whole authority, only in the path. */
const base = (token: string) => `/api/intake/${encodeURIComponent(token)}`;

export const loadIntake = (token: string, signal?: AbortSignal): Promise<IntakeView> =>
  getJson(base(token), signal, intakeViewSchema);

export const saveIntake = (token: string, answers: IntakeAnswers): Promise<IntakeSaved> =>
  request(base(token), { method: 'PUT', json: answers, schema: intakeSavedSchema });

export const sendIntake = (token: string, answers: IntakeAnswers): Promise<IntakeResult> =>
  postJson(base(token), answers, intakeResultSchema);
