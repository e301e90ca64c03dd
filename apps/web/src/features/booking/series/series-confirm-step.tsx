import type { SeriesClash } from '@therapy/shared/series-schemas';
import { type ReactNode, useState } from 'react';
import { useLocation } from 'wouter';
import { Button } from '../../../components/button';
import { SummaryList, SummaryRow } from '../../../components/summary-list';
import { translateNotice } from '../../../i18n/notice';
import { useStepsCatalogue } from '../../../i18n/steps-area';
import { useT } from '../../../i18n/use-t';
import { lastStepOf, stepNumberOf } from '../../../kit/booking/booking-steps';
import { keptRows, seriesRows } from '../../../kit/series/series-rows';
import { useFormat } from '../../../lib/format';
import { STEP_HEADING_ID, StepActions, StepHeading } from '../step-heading';
import { markPaymentRedirect, useGoToStep } from '../step-navigation';
import type { CompleteDraft } from '../submit-booking';
import { SeriesDates } from './series-dates';
import { seriesPatternOf, seriesTargetOf, storePattern, useSeriesDraft } from './series-draft';
import { type SeriesOutcome, type SeriesRequestMakers, submitSeries } from './submit-series';
import '../../../kit/series/series.css';

/**
 * The confirm step of a standing appointment: the summary, the exact dates as the server checks
 * them now, and (online) how to pay. Confirming books every date or none; dates taken meanwhile
 * come back marked, to be left out or moved, with the rest of the booking kept. Its own chunk
 * takes the confirm step's pieces as props, so that chunk keeps its one export.
 */
type SeriesConfirmStepProps = {
  draft: CompleteDraft;
  /** The booking's summary, as the single booking's confirm step shows it. */
  summary: ReactNode;
  make: SeriesRequestMakers;
};

export function SeriesConfirmStep({ draft, summary, make }: SeriesConfirmStepProps) {
  const { t, locale } = useT();
  useStepsCatalogue(locale);
  const { rupees } = useFormat();
  const series = useSeriesDraft();
  const goToStep = useGoToStep();
  const [ready, setReady] = useState(false);
  const { busy, error, clashes, submit } = useSeriesSubmit(draft, make);
  const offline = draft.bookingType === 'offline';
  const pattern = seriesPatternOf(series, draft);
  if (!pattern) return null;
  const sessions = keptRows(seriesRows(pattern)).length;
  const price = rupees(draft.selectedTherapist.price);
  // Online, either choice pays now: the whole series, or its first session.
  const payNow = !offline;
  const heading = t(offline ? 'booking.confirm.offlineHeading' : 'booking.confirm.onlineHeading');
  const busyLabel = t(payNow ? 'booking.confirm.redirecting' : 'booking.confirm.confirming');

  return (
    <section aria-labelledby={STEP_HEADING_ID}>
      <StepHeading>{heading}</StepHeading>
      {summary}
      <SeriesSummary everyWeeks={pattern.every_weeks} sessions={sessions} />
      {clashes && (
        <p className="alert alert--warning" role="alert">
          {t('series.taken')}
        </p>
      )}
      <SeriesDates
        pattern={pattern}
        target={seriesTargetOf(draft)}
        clashes={clashes}
        onChange={(next) => storePattern(next, draft)}
        reportReady={setReady}
      />
      <SeriesPayment
        offline={offline}
        price={price}
        total={rupees(draft.selectedTherapist.price * sessions)}
        sessions={sessions}
      />
      {error && (
        <div className="alert alert--error" role="alert">
          {translateNotice(t, error)}
        </div>
      )}
      <p className="visually-hidden" role="status">
        {busy ? busyLabel : ''}
      </p>
      <ConfirmActions
        busy={busy}
        busyLabel={busyLabel}
        ready={ready}
        confirmLabel={t(payNow ? 'booking.confirm.payNow' : 'booking.confirm.offlineHeading')}
        onBack={() => goToStep(stepNumberOf(draft.bookingType, 'details'))}
        onConfirm={() => submit({ pattern, pay: series.pay })}
      />
    </section>
  );
}

type SeriesPaymentProps = { offline: boolean; price: string; total: string; sessions: number };

/** How a series is paid: in person at each visit; online, all now or each before it (`pay`). */
function SeriesPayment({ offline, price, total, sessions }: SeriesPaymentProps) {
  const { t } = useT();
  const pay = useSeriesDraft((state) => state.pay);
  if (offline) return <p className="notice-panel">{t('series.offlinePay', { price })}</p>;
  return (
    <fieldset className="series-fieldset notice-panel">
      <legend className="notice-panel__title">{t('series.payTitle')}</legend>
      {(['all', 'each'] as const).map((choice) => (
        <label key={choice} className="series-option">
          <input
            type="radio"
            name="series-pay"
            checked={pay === choice}
            onChange={() => useSeriesDraft.getState().set({ pay: choice })}
          />
          {choice === 'all' ? t('series.payAll', { count: sessions, total }) : t('series.payEach', { price })}
        </label>
      ))}
    </fieldset>
  );
}

/** Confirming: the booking's outcome followed (payment page, status page), or the dates taken, or an error. */
function useSeriesSubmit(draft: CompleteDraft, make: SeriesRequestMakers) {
  const goToStep = useGoToStep();
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [clashes, setClashes] = useState<SeriesClash[] | null>(null);
  const follow = (outcome: SeriesOutcome) => {
    switch (outcome.kind) {
      case 'payment-page':
        markPaymentRedirect(true);
        goToStep(lastStepOf(draft.bookingType) + 1, { replace: true });
        window.location.assign(outcome.url);
        return;
      case 'status-page':
        navigate(outcome.path);
        return;
      case 'dates-taken':
        setClashes(outcome.clashes);
        setBusy(false);
        return;
      case 'failed':
        setError(outcome.message);
        setBusy(false);
    }
  };
  const submit = async (choice: Parameters<typeof submitSeries>[1]) => {
    setBusy(true);
    setError(null);
    setClashes(null);
    follow(await submitSeries(draft, choice, make));
  };
  return { busy, error, clashes, submit };
}

/** "8 sessions, every week". */
function SeriesSummary({ everyWeeks, sessions }: { everyWeeks: 1 | 2; sessions: number }) {
  const { t } = useT();
  const frequency = t(everyWeeks === 1 ? 'series.weekly' : 'series.fortnightly');
  return (
    <SummaryList>
      <SummaryRow term={t('series.summaryTerm')}>
        {t('series.summary', { count: sessions, frequency: frequency.toLowerCase() })}
      </SummaryRow>
    </SummaryList>
  );
}

type ConfirmActionsProps = {
  busy: boolean;
  busyLabel: string;
  /** Every kept date is free now. */
  ready: boolean;
  confirmLabel: string;
  onBack: () => void;
  onConfirm: () => void;
};

/** Back, and Confirm Booking (or Pay Now) once the dates are ready. */
function ConfirmActions({ busy, busyLabel, ready, confirmLabel, onBack, onConfirm }: ConfirmActionsProps) {
  const { t } = useT();
  return (
    <StepActions>
      <Button variant="secondary" disabled={busy} onClick={onBack}>
        {t('booking.back')}
      </Button>
      <Button busy={busy} busyLabel={busyLabel} disabled={!ready && !busy} onClick={onConfirm}>
        {confirmLabel}
      </Button>
    </StepActions>
  );
}
