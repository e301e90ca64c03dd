import { Suspense } from 'react';
import { ChunkErrorBoundary } from '../../components/chunk-error-boundary';
import { PageLoading } from '../../components/page-loading';
import { StepIndicator } from '../../components/step-indicator';
import { useT } from '../../i18n/use-t';
import { flowOf, STEP_LABELS, type StepKind, stepKindAt } from '../../kit/booking/booking-steps';
import { useBookingDraft } from '../../lib/booking-draft-store';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ConfirmStep, DateTimeStep, DetailsStep, LocationStep, TherapistStep } from './lazy-steps';
import { ProcessingStep } from './processing-step';
import { SessionTypeStep } from './session-type-step';
import { usePassedSteps } from './single-choices';
import { WIZARD_TOP_ID } from './step-heading';
import { useStepInAddress } from './step-navigation';
import './wizard.css';

const STEP_VIEWS = {
  type: SessionTypeStep,
  location: LocationStep,
  therapist: TherapistStep,
  'date-time': DateTimeStep,
  details: DetailsStep,
  payment: ConfirmStep,
  processing: ProcessingStep,
} as const;

export function BookingPage() {
  const { t } = useT();
  useDocumentTitle(t('booking.page.documentTitle'));
  useStepInAddress();
  const currentStep = useBookingDraft((state) => state.currentStep);
  const bookingType = useBookingDraft((state) => state.bookingType);
  const kind = stepKindAt(bookingType, currentStep);
  const StepView = STEP_VIEWS[kind];
  const progress = useProgress(kind);

  return (
    <div className="wizard">
      <header className="page-header wizard__header">
        <h1>{t('booking.page.title')}</h1>
        {/* It introduces the wizard; from step 2 the step's heading and the progress say where one is. */}
        {currentStep === 1 && <p className="page-header__subtitle">{t('booking.page.subtitle')}</p>}
      </header>
      <div id={WIZARD_TOP_ID} className="wizard__progress">
        <StepIndicator
          steps={progress.steps.map((step) => t(STEP_LABELS[step]))}
          current={progress.current}
        />
      </div>
      <div className="card wizard__panel">
        <ChunkErrorBoundary key={kind}>
          <Suspense fallback={<PageLoading />}>
            <StepView />
          </Suspense>
        </ChunkErrorBoundary>
      </div>
    </div>
  );
}

/**
 * The steps the indicator shows: the flow without the steps passed for want of a choice (one
 * centre, one therapist; decision 065), unless the visitor went back to one of them.
 */
function useProgress(kind: StepKind | 'processing') {
  const bookingType = useBookingDraft((state) => state.bookingType);
  const currentStep = useBookingDraft((state) => state.currentStep);
  const passed = usePassedSteps((state) => state.passed);
  const flow = flowOf(bookingType);
  if (kind !== 'processing' && passed.includes(kind)) return { steps: flow, current: currentStep };
  const steps = flow.filter((step) => !passed.includes(step));
  return { steps, current: kind === 'processing' ? steps.length + 1 : steps.indexOf(kind) + 1 };
}
