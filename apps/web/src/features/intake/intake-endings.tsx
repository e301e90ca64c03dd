import { EMERGENCY, TELE_MANAS, TELE_MANAS_TOLL_FREE } from '@therapy/shared/crisis-help';
import { type IntakeView, intakeProblem, type StoredAnswers } from '@therapy/shared/measures-schemas';
import type { RefObject } from 'react';
import { Button } from '../../components/button';
import { Trans, useT } from '../../i18n/use-t';
import { requestOf, type Screen, screenOfProblem } from './intake-screens';
import { scaleWords } from './question-screens';

type HeadingRef = RefObject<HTMLHeadingElement | null>;

const NUMBERS = {
  // biome-ignore lint/a11y/useAnchorContent: Trans fills in the number
  0: <a href={`tel:${TELE_MANAS.dial}`} />,
  // biome-ignore lint/a11y/useAnchorContent: Trans fills in the number
  1: <a href={`tel:${TELE_MANAS_TOLL_FREE.dial}`} />,
  // biome-ignore lint/a11y/useAnchorContent: Trans fills in the number
  2: <a href={`tel:${EMERGENCY.dial}`} />,
};
const EMERGENCY_LINK = { 0: NUMBERS[2] };
const DONE_LINKS = { 0: NUMBERS[0], 1: NUMBERS[2] };
const NUMBER_VALUES = {
  teleManas: TELE_MANAS.label,
  tollFree: TELE_MANAS_TOLL_FREE.label,
  emergency: EMERGENCY.label,
};

/** The crisis help, on the screen after PHQ-9 item 9 answered above 0: calm words, the lines to call. */
export function CrisisHelp({ headingRef, onContinue }: { headingRef: HeadingRef; onContinue: () => void }) {
  const { t } = useT();
  return (
    <section className="intake-crisis" aria-labelledby="intake-heading">
      <h2 id="intake-heading" ref={headingRef} tabIndex={-1} className="intake-question__item">
        {t('intake.crisis.title')}
      </h2>
      <p>{t('intake.crisis.lead')}</p>
      <p className="intake-crisis__line">
        <Trans id="intake.crisis.teleManas" values={NUMBER_VALUES} components={NUMBERS} />
      </p>
      <p className="intake-crisis__line">
        <Trans id="intake.crisis.emergency" values={NUMBER_VALUES} components={EMERGENCY_LINK} />
      </p>
      <p>{t('intake.crisis.therapist')}</p>
      <Button block onClick={onContinue}>
        {t('intake.crisis.continue')}
      </Button>
    </section>
  );
}

type ReviewProps = {
  headingRef: HeadingRef;
  answers: StoredAnswers;
  view: IntakeView;
  screens: Screen[];
  sending: boolean;
  error: string | null;
  onGoTo: (screen: number) => void;
  onSend: () => void;
};

/** The last screen: what is still missing (with the way to it), and Send. */
export function ReviewScreen({
  headingRef,
  answers,
  view,
  screens,
  sending,
  error,
  onGoTo,
  onSend,
}: ReviewProps) {
  const { t } = useT();
  const problem = intakeProblem(requestOf(answers, view.kind), view.kind);
  const missingScreen = problem ? screens[screenOfProblem(screens, problem)] : undefined;
  const words = missingScreen && scaleWords(missingScreen);
  return (
    <div className="intake-question">
      <h2 id="intake-heading" ref={headingRef} tabIndex={-1} className="intake-question__item">
        {t('intake.review.title')}
      </h2>
      <p>{t('intake.review.text')}</p>
      {problem && (
        <div className="alert alert--warning" role="alert">
          <p>
            {problem.code === 'consent'
              ? t('intake.consent.missing')
              : problem.code === 'emergency_name'
                ? t('intake.emergency.nameMissing')
                : problem.code === 'emergency_mobile'
                  ? t('intake.emergency.mobileInvalid')
                  : t('intake.review.missing', { question: words ? t(words.item) : '' })}
          </p>
          <Button variant="secondary" onClick={() => onGoTo(screenOfProblem(screens, problem))}>
            {t('intake.review.goTo')}
          </Button>
        </div>
      )}
      {error && (
        <p className="alert alert--warning" role="alert">
          {error}
        </p>
      )}
      <Button
        block
        busy={sending}
        busyLabel={t('intake.sending')}
        onClick={onSend}
        disabled={problem !== undefined}
      >
        {t('intake.send')}
      </Button>
    </div>
  );
}

/** Sent: thanks, and the crisis lines again when item 9 was above 0. */
export function DoneScreen({ therapist, risk }: { therapist: string; risk: boolean }) {
  const { t } = useT();
  return (
    <section className="card intake-card" aria-labelledby="intake-done">
      <h2 id="intake-done" className="intake-question__item">
        {t('intake.done.title')}
      </h2>
      <p role="status">{t('intake.done.text', { therapist })}</p>
      {risk && (
        <p className="intake-crisis__line">
          <Trans id="intake.done.crisis" values={NUMBER_VALUES} components={DONE_LINKS} />
        </p>
      )}
    </section>
  );
}
