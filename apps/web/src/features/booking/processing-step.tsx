import { STEP_HEADING_ID, StepHeading } from './step-heading';

/** The step past the last: the browser is on its way to the payment page. */
export function ProcessingStep() {
  return (
    <section aria-labelledby={STEP_HEADING_ID} className="processing">
      <StepHeading>Payment</StepHeading>
      <div className="loading loading--now" role="status">
        <span className="spinner" aria-hidden="true" />
        <span>Processing payment and redirecting...</span>
      </div>
    </section>
  );
}
