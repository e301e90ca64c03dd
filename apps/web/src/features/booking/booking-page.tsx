import { Suspense } from 'react';
import { ChunkErrorBoundary } from '../../components/chunk-error-boundary';
import { PageLoading } from '../../components/page-loading';
import { StepIndicator } from '../../components/step-indicator';
import { useT } from '../../i18n/use-t';
import { flowOf, STEP_LABELS, stepKindAt } from '../../kit/booking/booking-steps';
import { useBookingDraft } from '../../lib/booking-draft-store';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ConfirmStep, DateTimeStep, DetailsStep, LocationStep, TherapistStep } from './lazy-steps';
import { ProcessingStep } from './processing-step';
import { SessionTypeStep } from './session-type-step';
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

  return (
    <div className="wizard">
      <header className="page-header wizard__header">
        <h1>{t('booking.page.title')}</h1>
        <p className="page-header__subtitle">{t('booking.page.subtitle')}</p>
      </header>
      <div id={WIZARD_TOP_ID} className="wizard__progress">
        <StepIndicator
          steps={flowOf(bookingType).map((step) => t(STEP_LABELS[step]))}
          current={currentStep}
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
