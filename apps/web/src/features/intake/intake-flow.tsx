import { formatsFor } from '@therapy/shared/locale-format';
import {
  type IntakeResult,
  type IntakeView,
  intakeProblem,
  type StoredAnswers,
} from '@therapy/shared/measures-schemas';
import { useRef, useState } from 'react';
import { Button } from '../../components/button';
import { translateNotice } from '../../i18n/notice';
import { useT } from '../../i18n/use-t';
import { ApiError } from '../../lib/api-client';
import { saveIntake, sendIntake } from './intake-api';
import { CrisisHelp, DoneScreen, ReviewScreen } from './intake-endings';
import { isQuestion, requestOf, resumeAt, type Screen, screenOfProblem, screensFor } from './intake-screens';
import { QuestionScreen } from './question-screens';

type SaveState = 'idle' | 'saving' | 'saved' | 'failed';

/** The answers kept on the server as they are given: each change is a PUT of the whole so far. */
function useKeptAnswers(token: string, view: IntakeView) {
  const [answers, setAnswers] = useState<StoredAnswers>(view.answers);
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const latest = useRef(answers);
  async function keep(next: StoredAnswers) {
    latest.current = next;
    setAnswers(next);
    setSaveState('saving');
    try {
      await saveIntake(token, requestOf(next, view.kind));
      if (latest.current === next) setSaveState('saved');
    } catch {
      if (latest.current === next) setSaveState('failed');
    }
  }
  return { answers, keep, saveState };
}

/** The questions one screen at a time with progress, the crisis help after item 9 above 0, the review, the thanks. */
export function IntakeFlow({ token, view }: { token: string; view: IntakeView }) {
  const { t } = useT();
  const { answers, keep, saveState } = useKeptAnswers(token, view);
  const screens = screensFor(view.sections, answers);
  const [position, setPosition] = useState(() =>
    resumeAt(screensFor(view.sections, view.answers), view.answers),
  );
  const headingRef = useRef<HTMLHeadingElement>(null);
  const screen: Screen = screens[Math.min(position, screens.length - 1)]!;
  const questions = screens.filter(isQuestion);
  const number = isQuestion(screen) ? questions.indexOf(screen) + 1 : 0;

  function go(to: number) {
    setPosition(Math.max(0, Math.min(to, screens.length - 1)));
    setSendError(null);
    requestAnimationFrame(() => headingRef.current?.focus());
  }
  /** A scale answer: kept, then on to the next screen (the crisis help when item 9 is above 0). */
  const answer = (next: StoredAnswers) => {
    void keep(next);
    go(position + 1);
  };
  const { sent, sending, sendError, setSendError, send } = useSending(token, view, answers, (problem) =>
    go(screenOfProblem(screens, problem)),
  );

  if (sent) return <DoneScreen therapist={view.therapist_name} risk={sent.risk} />;
  const title = t(view.kind === 'intake' ? 'intake.titleIntake' : 'intake.title');
  return (
    <section className="card intake-card" aria-labelledby="intake-heading">
      <p className="intake-card__eyebrow">{title}</p>
      <IntakeProgress number={number} total={questions.length} />
      {position === 0 && <IntakeIntro view={view} />}
      {screen.kind === 'crisis' ? (
        <CrisisHelp headingRef={headingRef} onContinue={() => go(position + 1)} />
      ) : screen.kind === 'review' ? (
        <ReviewScreen
          headingRef={headingRef}
          answers={answers}
          view={view}
          sending={sending}
          error={sendError}
          onGoTo={(problemScreen) => go(problemScreen)}
          screens={screens}
          onSend={() => void send()}
        />
      ) : (
        <QuestionScreen
          key={position}
          screen={screen as Exclude<Screen, { kind: 'crisis' | 'review' }>}
          headingRef={headingRef}
          answers={answers}
          consentVersion={view.consent_version}
          onAnswer={answer}
          onKeep={(next) => void keep(next)}
          onNext={() => go(position + 1)}
        />
      )}
      <IntakeNav onBack={position > 0 ? () => go(position - 1) : undefined} saveState={saveState} />
    </section>
  );
}

/** Send: the shared completeness rule first (to the missing question), then the call; its refusal in words. */
function useSending(
  token: string,
  view: IntakeView,
  answers: StoredAnswers,
  toProblem: (problem: NonNullable<ReturnType<typeof intakeProblem>>) => void,
) {
  const { t } = useT();
  const [sent, setSent] = useState<IntakeResult | null>(null);
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  async function send() {
    const problem = intakeProblem(requestOf(answers, view.kind), view.kind);
    if (problem) return toProblem(problem);
    setSending(true);
    setSendError(null);
    try {
      setSent(await sendIntake(token, requestOf(answers, view.kind)));
    } catch (error) {
      const said = error instanceof ApiError && error.message;
      setSendError(said ? translateNotice(t, said) : t('intake.sendFailed'));
    } finally {
      setSending(false);
    }
  }
  return { sent, sending, sendError, setSendError, send };
}

function IntakeProgress({ number, total }: { number: number; total: number }) {
  const { t } = useT();
  if (number <= 0) return null;
  return (
    <div className="intake-progress">
      <p className="intake-progress__label">{t('intake.progress', { current: number, total })}</p>
      <progress max={total} value={number} aria-hidden="true" />
    </div>
  );
}

function IntakeIntro({ view }: { view: IntakeView }) {
  const { t, locale } = useT();
  const { longDate, time } = formatsFor(locale);
  return (
    <p className="intake-card__intro">
      {t('intake.intro', {
        therapist: view.therapist_name,
        when: `${longDate(view.session_date)}, ${time(view.session_start)}`,
      })}
    </p>
  );
}

/** Back, and whether the last answer is kept (announced politely); a failed save says so. */
function IntakeNav({ onBack, saveState }: { onBack: (() => void) | undefined; saveState: SaveState }) {
  const { t } = useT();
  return (
    <>
      <div className="intake-nav">
        {onBack && (
          <Button variant="secondary" onClick={onBack}>
            {t('intake.back')}
          </Button>
        )}
        <span className="intake-nav__saved" role="status" aria-live="polite">
          {saveState === 'saving' ? t('intake.saving') : saveState === 'saved' ? t('intake.saved') : ''}
        </span>
      </div>
      {saveState === 'failed' && (
        <p className="alert alert--warning" role="alert">
          {t('intake.saveFailed')}
        </p>
      )}
    </>
  );
}
