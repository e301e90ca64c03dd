import { validateClientDetails } from '@therapy/shared/client-details-rules';
import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'wouter';
import { Button } from '../../components/button';
import { PageLoading } from '../../components/page-loading';
import { StatePanel } from '../../components/state-panel';
import { translateNotice } from '../../i18n/notice';
import { useStepsCatalogue } from '../../i18n/steps-area';
import { Trans, useT } from '../../i18n/use-t';
import { lastStepOf, stepNumberOf } from '../../kit/booking/booking-steps';
import { type BookingDraftState, useBookingDraft } from '../../lib/booking-draft-store';
import { useFormat } from '../../lib/format';
import { BookingSummary } from './booking-summary';
import { seriesPatternOf, useSeriesDraft } from './series/series-draft';
import { STEP_HEADING_ID, StepActions, StepHeading } from './step-heading';
import { markPaymentRedirect, useGoToStep } from './step-navigation';
import {
  bookingPayload,
  type CompleteDraft,
  confirmOfflineBooking,
  paymentLinkRequest,
  type SubmitOutcome,
  startOnlinePayment,
} from './submit-booking';
import './confirm-step.css';

function completeDraft(draft: BookingDraftState): CompleteDraft | null {
  const { bookingType, selectedTherapist, selectedTimeSlot, clientInfo } = draft;
  if (!bookingType || !selectedTherapist || !selectedTimeSlot) return null;
  if (bookingType === 'offline' && !draft.selectedLocation) return null;
  if (Object.keys(validateClientDetails(clientInfo, bookingType)).length > 0) return null;
  return { ...draft, bookingType, selectedTherapist, selectedTimeSlot };
}

// A standing appointment's confirmation (issue 26) comes in its own chunk.
const SeriesConfirmStep = lazy(() =>
  import('./series/series-confirm-step').then((m) => ({ default: m.SeriesConfirmStep })),
);

// The amount stands out inside the sentence, in either language.
const AMOUNT = { 0: <strong className="tabular-nums" /> };

export function ConfirmStep() {
  const draftState = useBookingDraft();
  const draft = completeDraft(draftState);
  const goToStep = useGoToStep();
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const offline = draftState.bookingType === 'offline';
  const seriesOn = useSeriesDraft((state) => seriesPatternOf(state, draftState) !== null);
  const { t, locale } = useT();
  useStepsCatalogue(locale);
  const { rupees } = useFormat();
  const heading = t(offline ? 'booking.confirm.offlineHeading' : 'booking.confirm.onlineHeading');

  if (!draft) return <MissingDraft heading={heading} />;
  if (seriesOn) return <SeriesConfirm draft={draft} />;

  const follow = (outcome: SubmitOutcome) => {
    switch (outcome.kind) {
      case 'payment-page':
        markPaymentRedirect(true);
        goToStep(lastStepOf(draft.bookingType) + 1, { replace: true });
        window.location.assign(outcome.url);
        return;
      case 'status-page':
        navigate(outcome.path);
        return;
      case 'slot-taken':
        draftState.clearTimeSlot(outcome.message);
        goToStep(stepNumberOf(draft.bookingType, 'date-time'));
        return;
      case 'failed':
        setError(outcome.message);
        setBusy(false);
    }
  };

  const submit = async () => {
    setBusy(true);
    setError(null);
    follow(
      offline
        ? await confirmOfflineBooking(draft)
        : await startOnlinePayment(draft, {
            pendingPayment: draftState.pendingPayment,
            rememberPayment: draftState.setPendingPayment,
          }),
    );
  };

  const total = rupees(draft.selectedTherapist.price);
  const busyLabel = t(offline ? 'booking.confirm.confirming' : 'booking.confirm.redirecting');

  return (
    <section aria-labelledby={STEP_HEADING_ID}>
      <StepHeading>{heading}</StepHeading>
      <BookingSummary draft={draft} />
      <PaymentNotice offline={offline} total={total} />
      {error && (
        <div className="alert alert--error" role="alert">
          {translateNotice(t, error)}
        </div>
      )}
      <p className="visually-hidden" role="status">
        {busy ? busyLabel : ''}
      </p>
      <StepActions>
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() => goToStep(stepNumberOf(draft.bookingType, 'details'))}
        >
          {t('booking.back')}
        </Button>
        <Button busy={busy} busyLabel={busyLabel} onClick={submit}>
          {t(offline ? 'booking.confirm.offlineHeading' : 'booking.confirm.payNow')}
        </Button>
      </StepActions>
    </section>
  );
}

/** Some choice or detail is missing (a link straight to this step): Start Over. */
function MissingDraft({ heading }: { heading: string }) {
  const goToStep = useGoToStep();
  const { t } = useT();
  return (
    <section aria-labelledby={STEP_HEADING_ID}>
      <StepHeading>{heading}</StepHeading>
      <StatePanel
        title={t('booking.confirm.missing.title')}
        actions={<Button onClick={() => goToStep(1)}>{t('booking.confirm.startOver')}</Button>}
      >
        <p>{t('booking.confirm.missing.text')}</p>
      </StatePanel>
    </section>
  );
}

/** A standing appointment's confirmation, with this step's summary and requests. */
function SeriesConfirm({ draft }: { draft: CompleteDraft }) {
  return (
    <Suspense fallback={<PageLoading />}>
      <SeriesConfirmStep
        draft={draft}
        summary={<BookingSummary draft={draft} />}
        make={{ payload: bookingPayload, linkRequest: paymentLinkRequest }}
      />
    </Suspense>
  );
}

/** What happens to the money: paid at the centre, or paid now on the secure payment page. */
function PaymentNotice({ offline, total }: { offline: boolean; total: string }) {
  const { t } = useT();
  return offline ? (
    <div className="notice-panel">
      <h3 className="notice-panel__title">{t('booking.confirm.offlineTitle')}</h3>
      <p>
        <Trans id="booking.confirm.offlineText" values={{ total }} components={AMOUNT} />
      </p>
    </div>
  ) : (
    <div className="notice-panel">
      <h3 className="notice-panel__title">
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M6 10V7a6 6 0 1 1 12 0v3h1a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V11a1 1 0 0 1 1-1zm2 0h8V7a4 4 0 1 0-8 0z" />
        </svg>
        {t('booking.confirm.securePayment')}
      </h3>
      <p>
        <Trans id="booking.confirm.onlineText" values={{ total }} components={AMOUNT} />
      </p>
    </div>
  );
}
