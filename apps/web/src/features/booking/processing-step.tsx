import { useT } from '../../i18n/use-t';
import { STEP_HEADING_ID, StepHeading } from './step-heading';

/** The step past the last: the browser is on its way to the payment page. */
export function ProcessingStep() {
  const { t } = useT();
  return (
    <section aria-labelledby={STEP_HEADING_ID} className="processing">
      <StepHeading>{t('booking.step.payment')}</StepHeading>
      <div className="loading loading--now" role="status">
        <span className="spinner" aria-hidden="true" />
        <span>{t('booking.processing')}</span>
      </div>
    </section>
  );
}
