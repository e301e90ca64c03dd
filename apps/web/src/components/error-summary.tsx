import type { Ref } from 'react';
import { translateNotice } from '../i18n/notice';
import { useT } from '../i18n/use-t';

export type SummaryError = { fieldId: string; message: string };

/** The GOV.UK error summary: the form's problems at the top, each a link to its field. */
export function ErrorSummary({
  errors,
  ref,
}: {
  errors: readonly SummaryError[];
  ref?: Ref<HTMLDivElement>;
}) {
  const { t } = useT();
  if (errors.length === 0) return null;
  return (
    <div className="error-summary" role="alert" tabIndex={-1} ref={ref} aria-labelledby="error-summary-title">
      <h3 id="error-summary-title" className="error-summary__title">
        {t('common.errorSummary.title')}
      </h3>
      <ul className="error-summary__list">
        {errors.map((error) => (
          <li key={error.fieldId}>
            <a
              href={`#${error.fieldId}`}
              onClick={(event) => {
                // Focusing (not only scrolling to) the field lets the visitor correct it at once.
                event.preventDefault();
                document.getElementById(error.fieldId)?.focus();
              }}
            >
              {translateNotice(t, error.message)}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
