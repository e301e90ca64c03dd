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
  const [, navigate] = useLocation();
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [clashes, setClashes] = useState<SeriesClash[] | null>(null);
  const offline = draft.bookingType === 'offline';
  const pattern = seriesPatternOf(series, draft);
  if (!pattern) return null;
  const sessions = keptRows(seriesRows(pattern)).length;
  const price = rupees(draft.selectedTherapist.price);
  const payNow = !offline && series.pay === 'all';
  const heading = t(offline ? 'booking.confirm.offlineHeading' : 'booking.confirm.onlineHeading');
  const busyLabel = t(payNow ? 'booking.confirm.redirecting' : 'booking.confirm.confirming');

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
  const submit = async () => {
    setBusy(true);
    setError(null);
    setClashes(null);
    follow(await submitSeries(draft, { pattern, pay: series.pay }, make));
  };
  const frequency = t(pattern.every_weeks === 1 ? 'series.weekly' : 'series.fortnightly');

  return (
    <section aria-labelledby={STEP_HEADING_ID}>
      <StepHeading lead={t('booking.confirm.lead')}>{heading}</StepHeading>
      {summary}
      <SummaryList>
        <SummaryRow term={t('series.summaryTerm')}>
          {t('series.summary', { count: sessions, frequency: frequency.toLowerCase() })}
        </SummaryRow>
      </SummaryList>
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
      {offline ? (
        <p className="notice-panel">{t('series.offlinePay', { price })}</p>
      ) : (
        <fieldset className="series-fieldset notice-panel">
          <legend className="notice-panel__title">{t('series.payTitle')}</legend>
          {(['all', 'each'] as const).map((pay) => (
            <label key={pay} className="series-option">
              <input
                type="radio"
                name="series-pay"
                checked={series.pay === pay}
                onChange={() => series.set({ pay })}
              />
              {pay === 'all'
                ? t('series.payAll', {
                    count: sessions,
                    total: rupees(draft.selectedTherapist.price * sessions),
                  })
                : t('series.payEach', { price })}
            </label>
          ))}
        </fieldset>
      )}
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
        <Button busy={busy} busyLabel={busyLabel} disabled={!ready && !busy} onClick={submit}>
          {t(payNow ? 'booking.confirm.payNow' : 'booking.confirm.offlineHeading')}
        </Button>
      </StepActions>
    </section>
  );
}
