import { GAD7_ITEMS, PHQ9_ITEMS, PHQ9_RISK_ITEM } from '@therapy/shared/measures';
import type {
  IntakeAnswers,
  IntakeProblem,
  IntakeView,
  StoredAnswers,
} from '@therapy/shared/measures-schemas';

/** One screen of the questionnaire page: one question each, then the crisis help and the review. */
export type Screen =
  | { kind: 'reason' }
  | { kind: 'emergency' }
  | { kind: 'consent' }
  | { kind: 'phq9'; index: number }
  | { kind: 'difficulty' }
  | { kind: 'gad7'; index: number }
  | { kind: 'crisis' }
  | { kind: 'review' };

/**
 * The screens in order for what the link asks; the crisis help comes right after PHQ-9 item 9
 * when it is answered above 0 (issue 28: on the next screen, at once).
 */
export function screensFor(sections: IntakeView['sections'], answers: StoredAnswers): Screen[] {
  const screens: Screen[] = [];
  for (const section of sections) {
    if (section === 'reason' || section === 'emergency_contact' || section === 'consent')
      screens.push({ kind: section === 'emergency_contact' ? 'emergency' : section });
    if (section === 'phq9') {
      for (let index = 0; index < PHQ9_ITEMS; index++) {
        screens.push({ kind: 'phq9', index });
        if (index === PHQ9_RISK_ITEM && (answers.phq9[index] ?? 0) > 0) screens.push({ kind: 'crisis' });
      }
      screens.push({ kind: 'difficulty' });
    }
    if (section === 'gad7')
      for (let index = 0; index < GAD7_ITEMS; index++) screens.push({ kind: 'gad7', index });
  }
  screens.push({ kind: 'review' });
  return screens;
}

/** Whether a screen counts as a question in "Question N of M". */
export const isQuestion = (screen: Screen) => screen.kind !== 'crisis' && screen.kind !== 'review';

/** Whether the screen's question has an answer (the free texts count once visited: they are optional). */
export function isAnswered(screen: Screen, answers: StoredAnswers): boolean {
  switch (screen.kind) {
    case 'phq9':
      return answers.phq9[screen.index] !== null;
    case 'gad7':
      return answers.gad7[screen.index] !== null;
    case 'difficulty':
      return answers.phq9_difficulty !== null;
    case 'consent':
      return answers.consent;
    case 'reason':
      return answers.reason !== null;
    case 'emergency':
      return answers.emergency_contact !== null;
    default:
      return false;
  }
}

/** Where a reopened page resumes: the first scale question still unanswered, or the start. */
export function resumeAt(screens: Screen[], answers: StoredAnswers): number {
  const anyAnswered = screens.some((screen) => isQuestion(screen) && isAnswered(screen, answers));
  if (!anyAnswered) return 0;
  const open = screens.findIndex(
    (screen) =>
      (screen.kind === 'phq9' || screen.kind === 'gad7' || screen.kind === 'difficulty') &&
      !isAnswered(screen, answers),
  );
  return open >= 0 ? open : screens.length - 1;
}

/** The screen a problem (intakeProblem) points at. */
export function screenOfProblem(screens: Screen[], problem: IntakeProblem): number {
  return screens.findIndex((screen) => {
    if (problem.code === 'phq9') return screen.kind === 'phq9' && screen.index === problem.item - 1;
    if (problem.code === 'gad7') return screen.kind === 'gad7' && screen.index === problem.item - 1;
    if (problem.code === 'phq9_difficulty') return screen.kind === 'difficulty';
    if (problem.code === 'consent') return screen.kind === 'consent';
    return screen.kind === 'emergency';
  });
}

/** The answers as the calls take them (unanswered items null; an empty contact none). */
export function requestOf(answers: StoredAnswers, kind: IntakeView['kind']): IntakeAnswers {
  const scales = { phq9: answers.phq9, phq9_difficulty: answers.phq9_difficulty, gad7: answers.gad7 };
  if (kind !== 'intake') return scales;
  return {
    ...scales,
    reason: answers.reason ?? null,
    emergency_contact: answers.emergency_contact,
    consent: answers.consent || null,
  };
}
