import { formatsFor } from '@therapy/shared/locale-format';
import { ANSWER_MAX } from '@therapy/shared/measures';
import { INTAKE_TEXT_MAX, type IntakeView, type StoredAnswers } from '@therapy/shared/measures-schemas';
import { normalizeMobile } from '@therapy/shared/mobile-number';
import { type RefObject, useState } from 'react';
import { Button } from '../../components/button';
import { FormField } from '../../components/form-field';
import type { MessageId } from '../../i18n/catalog';
import { useT } from '../../i18n/use-t';
import type { Screen } from './intake-screens';

type HeadingRef = RefObject<HTMLHeadingElement | null>;
const CHOICES = Array.from({ length: ANSWER_MAX + 1 }, (_, value) => value);

/** The words of a scale question (its stem and item) and of its four answers. */
export function scaleWords(
  screen: Screen,
): { stem?: MessageId; item: MessageId; answers: string } | undefined {
  if (screen.kind === 'phq9')
    return {
      stem: 'intake.phq9.stem',
      item: `intake.phq9.${screen.index + 1}` as MessageId,
      answers: 'intake.answer',
    };
  if (screen.kind === 'gad7')
    return {
      stem: 'intake.gad7.stem',
      item: `intake.gad7.${screen.index + 1}` as MessageId,
      answers: 'intake.answer',
    };
  if (screen.kind === 'difficulty')
    return { item: 'intake.difficulty.question', answers: 'intake.difficulty' };
  return undefined;
}

type QuestionProps = {
  headingRef: HeadingRef;
  screen: Screen;
  answers: StoredAnswers;
  consentVersion: IntakeView['consent_version'];
  /** A scale answer: kept and on to the next screen. */
  onAnswer: (next: StoredAnswers) => void;
  /** A text or box: kept, staying here. */
  onKeep: (next: StoredAnswers) => void;
  onNext: () => void;
};

export function QuestionScreen(props: QuestionProps) {
  const words = scaleWords(props.screen);
  if (words) return <ScaleQuestion {...props} words={words} />;
  if (props.screen.kind === 'reason') return <ReasonQuestion {...props} />;
  if (props.screen.kind === 'emergency') return <EmergencyQuestion {...props} />;
  return <ConsentQuestion {...props} />;
}

function currentOf(screen: Screen, answers: StoredAnswers): number | null {
  if (screen.kind === 'phq9') return answers.phq9[screen.index] ?? null;
  if (screen.kind === 'gad7') return answers.gad7[screen.index] ?? null;
  return answers.phq9_difficulty;
}

function withAnswer(screen: Screen, answers: StoredAnswers, value: number): StoredAnswers {
  const set = (list: (number | null)[], index: number) => list.map((old, at) => (at === index ? value : old));
  if (screen.kind === 'phq9') return { ...answers, phq9: set(answers.phq9, screen.index) };
  if (screen.kind === 'gad7') return { ...answers, gad7: set(answers.gad7, screen.index) };
  return { ...answers, phq9_difficulty: value };
}

/** One item: its question as the heading, four answers as large radio choices (a tap answers and moves on). */
function ScaleQuestion({
  headingRef,
  screen,
  answers,
  onAnswer,
  onNext,
  words,
}: QuestionProps & { words: NonNullable<ReturnType<typeof scaleWords>> }) {
  const { t } = useT();
  const current = currentOf(screen, answers);
  const name = `answer-${screen.kind}-${'index' in screen ? screen.index : 0}`;
  return (
    <fieldset className="intake-question">
      <legend className="intake-question__legend">
        {words.stem && <span className="intake-question__stem">{t(words.stem)}</span>}
        <h2 id="intake-heading" ref={headingRef} tabIndex={-1} className="intake-question__item">
          {t(words.item)}
        </h2>
      </legend>
      <div className="intake-choices">
        {CHOICES.map((value) => (
          <label key={value} className={`intake-choice${current === value ? ' intake-choice--chosen' : ''}`}>
            <input
              type="radio"
              name={name}
              value={value}
              checked={current === value}
              onChange={() => onAnswer(withAnswer(screen, answers, value))}
            />
            <span>{t(`${words.answers}.${value}` as MessageId)}</span>
          </label>
        ))}
      </div>
      {current !== null && (
        <Button block onClick={onNext}>
          {t('intake.next')}
        </Button>
      )}
    </fieldset>
  );
}

function ReasonQuestion({ headingRef, answers, onKeep, onNext }: QuestionProps) {
  const { t } = useT();
  const [text, setText] = useState(answers.reason ?? '');
  const tooLong = text.length > INTAKE_TEXT_MAX;
  const next = () => {
    if (tooLong) return;
    onKeep({ ...answers, reason: text.trim() || '' });
    onNext();
  };
  return (
    <div className="intake-question">
      <h2 id="intake-heading" ref={headingRef} tabIndex={-1} className="intake-question__item">
        {t('intake.reason.label')}
      </h2>
      <FormField
        id="intake-reason"
        label={t('intake.reason.label')}
        hint={t('intake.reason.hint')}
        error={tooLong ? t('intake.reason.tooLong') : undefined}
      >
        {(control) => (
          <textarea
            {...control}
            className="input intake-textarea"
            rows={6}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        )}
      </FormField>
      <p className="muted">{t('intake.reason.count', { count: text.length })}</p>
      <Button block onClick={next}>
        {t('intake.next')}
      </Button>
    </div>
  );
}

function EmergencyQuestion({ headingRef, answers, onKeep, onNext }: QuestionProps) {
  const { t } = useT();
  const [name, setName] = useState(answers.emergency_contact?.name ?? '');
  const [mobile, setMobile] = useState(answers.emergency_contact?.mobile ?? '');
  const [checked, setChecked] = useState(false);
  const given = name.trim() !== '' || mobile.trim() !== '';
  const nameError = checked && given && !name.trim() ? t('intake.emergency.nameMissing') : undefined;
  const mobileError =
    checked && given && !normalizeMobile(mobile) ? t('intake.emergency.mobileInvalid') : undefined;
  const next = () => {
    setChecked(true);
    if (given && (!name.trim() || !normalizeMobile(mobile))) return;
    onKeep({ ...answers, emergency_contact: given ? { name: name.trim(), mobile: mobile.trim() } : null });
    onNext();
  };
  return (
    <div className="intake-question">
      <h2 id="intake-heading" ref={headingRef} tabIndex={-1} className="intake-question__item">
        {t('intake.emergency.title')}
      </h2>
      <p className="muted">{t('intake.emergency.hint')}</p>
      <FormField id="intake-contact-name" label={t('intake.emergency.name')} error={nameError}>
        {(control) => (
          <input
            {...control}
            className="input"
            autoComplete="off"
            value={name}
            maxLength={200}
            onChange={(event) => setName(event.target.value)}
          />
        )}
      </FormField>
      <FormField id="intake-contact-mobile" label={t('intake.emergency.mobile')} error={mobileError}>
        {(control) => (
          <input
            {...control}
            className="input"
            type="tel"
            inputMode="tel"
            autoComplete="off"
            maxLength={20}
            value={mobile}
            onChange={(event) => setMobile(event.target.value)}
          />
        )}
      </FormField>
      <Button block onClick={next}>
        {t('intake.next')}
      </Button>
    </div>
  );
}

function ConsentQuestion({ headingRef, answers, consentVersion, onKeep, onNext }: QuestionProps) {
  const { t, locale } = useT();
  const { longDate: date } = formatsFor(locale);
  const [missing, setMissing] = useState(false);
  return (
    <div className="intake-question">
      <h2 id="intake-heading" ref={headingRef} tabIndex={-1} className="intake-question__item">
        {t('intake.consent.title')}
      </h2>
      <p className="muted">
        {t('intake.consent.version', {
          version: consentVersion.version,
          date: date(consentVersion.published),
        })}
      </p>
      <p>{t('intake.consent.text1')}</p>
      <p>{t('intake.consent.text2')}</p>
      <p>{t('intake.consent.text3')}</p>
      <label className="intake-consent">
        <input
          type="checkbox"
          checked={answers.consent}
          disabled={answers.consent}
          aria-describedby={missing ? 'intake-consent-error' : undefined}
          onChange={(event) => event.target.checked && onKeep({ ...answers, consent: true })}
        />
        <span>{t('intake.consent.checkbox')}</span>
      </label>
      {missing && !answers.consent && (
        <p className="field__error" id="intake-consent-error">
          {t('intake.consent.missing')}
        </p>
      )}
      <Button block onClick={() => (answers.consent ? onNext() : setMissing(true))}>
        {t('intake.next')}
      </Button>
    </div>
  );
}
