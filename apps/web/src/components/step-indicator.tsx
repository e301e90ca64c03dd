import { useT } from '../i18n/use-t';

/**
 * Where the visitor is in the wizard: numbered steps on wide screens and 'Step N of M' with a
 * bar under 768 px (specification section 2). Both are rendered; CSS shows one.
 */
export function StepIndicator({ steps, current }: { steps: readonly string[]; current: number }) {
  const { t } = useT();
  const total = steps.length;
  const shown = Math.min(Math.max(current, 1), total);
  const percent = Math.round((Math.min(current, total) / total) * 100);

  return (
    <section className="steps" aria-label={t('common.steps.label')}>
      <ol className="steps__list">
        {steps.map((label, index) => {
          const number = index + 1;
          const state = number < current ? 'done' : number === current ? 'current' : 'upcoming';
          return (
            <li
              key={label}
              className={`steps__item steps__item--${state}`}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className="steps__number tabular-nums" aria-hidden="true">
                {state === 'done' ? '✓' : number}
              </span>
              <span className="steps__label">
                <span className="visually-hidden">{t('common.steps.step', { number })}</span>
                {label}
                {state === 'done' && <span className="visually-hidden">{t('common.steps.completed')}</span>}
              </span>
            </li>
          );
        })}
      </ol>
      <div className="steps__compact">
        <p className="steps__count">
          {t('common.steps.count', { shown, total })}
          <span className="steps__current-label">{steps[shown - 1]}</span>
        </p>
        <div className="steps__bar" aria-hidden="true">
          <div className="steps__bar-fill" style={{ width: `${percent}%` }} />
        </div>
      </div>
    </section>
  );
}
