import { formatsFor } from '@therapy/shared/locale-format';
import type { ClientMeasures, MeasureScore } from '@therapy/shared/measures-schemas';
import { lazy, Suspense, useCallback } from 'react';
import { Link, useParams } from 'wouter';
import { PageLoading } from '../../../components/page-loading';
import { StatePanel } from '../../../components/state-panel';
import type { MessageId } from '../../../i18n/catalog';
import { useT } from '../../../i18n/use-t';
import { afterChartLocaleGuard } from '../../../lib/after-chart-locale-guard';
import { ApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useFetch } from '../../../lib/use-fetch';
import { LoadErrorPanel } from '../ui/load-error-panel';
import { ChartErrorBoundary } from './chart-error-boundary';
import { fetchClientMeasures } from './my-day-api';

// The charting library comes with the chart, only on this screen (decision 058).
const MeasureChart = lazy(
  afterChartLocaleGuard(() => import('./measures-chart').then((m) => ({ default: m.MeasureChart }))),
);

/**
 * /admin/my-day/clients/{client_key} (a therapist's login, decision 058): one client's intake and
 * every PHQ-9 and GAD-7 score, charted on the severity bands and listed in a table. Opening it is
 * audited and clears the client's unseen-risk badge on My day.
 */
export function ClientMeasuresPage() {
  const { t } = useT();
  const { key = '' } = useParams<{ key: string }>();
  const measures = useFetch(`client-measures:${key}`, (signal) => fetchClientMeasures(key, signal));
  useDocumentTitle(t('therapist.measures.open'));
  const back = (
    <Link href="/admin/my-day" className="button button--secondary">
      {t('therapist.measures.back')}
    </Link>
  );
  if (measures.status === 'loading') return <PageLoading label={t('therapist.measures.loading')} />;
  if (measures.status === 'error') {
    if (measures.error instanceof ApiError && measures.error.status === 404)
      return <StatePanel title={t('therapist.measures.notFound')} actions={back} />;
    return (
      <LoadErrorPanel
        title={t('therapist.measures.loadFailed')}
        onRetry={measures.retry}
        retryLabel={t('common.retry')}
      />
    );
  }
  const data = measures.data;
  return (
    <div className="client-measures">
      <p>{back}</p>
      <h1>{t('therapist.measures.title', { name: data.client_name })}</h1>
      {data.scores.some((score) => score.risk) && (
        <p className="alert alert--warning" role="alert">
          {t('therapist.measures.riskSeen')}
        </p>
      )}
      {data.pending > 0 && (
        <p className="muted">{t('therapist.measures.pending', { count: data.pending })}</p>
      )}
      <IntakeSection intake={data.intake} />
      {data.scores.length > 0 && <ScoresSection scores={data.scores} />}
    </div>
  );
}

function IntakeSection({ intake }: { intake: ClientMeasures['intake'] }) {
  const { t } = useT();
  return (
    <section className="card client-measures__intake" aria-labelledby="intake-title">
      <h2 id="intake-title">{t('therapist.measures.intake')}</h2>
      {intake ? (
        <dl className="client-measures__facts">
          <dt>{t('therapist.measures.reason')}</dt>
          <dd className="client-measures__text">{intake.reason || t('therapist.measures.none')}</dd>
          <dt>{t('therapist.measures.emergency')}</dt>
          <dd>
            {intake.emergency_contact ? (
              <>
                {intake.emergency_contact.name},{' '}
                <a href={`tel:${intake.emergency_contact.mobile}`}>{intake.emergency_contact.mobile}</a>
              </>
            ) : (
              t('therapist.measures.none')
            )}
          </dd>
          <dt>{t('therapist.measures.consent')}</dt>
          <dd>
            {intake.consent_version
              ? t('therapist.measures.consentGiven', { version: intake.consent_version })
              : t('therapist.measures.none')}
          </dd>
        </dl>
      ) : (
        <p className="muted">{t('therapist.measures.intakeNone')}</p>
      )}
    </section>
  );
}

function ScoresSection({ scores }: { scores: MeasureScore[] }) {
  const { t, locale } = useT();
  const { longDate: date } = formatsFor(locale);
  const bandLabel = useCallback((band: string) => t(`therapist.band.${band}` as MessageId), [t]);
  const points = (pick: (score: MeasureScore) => number) =>
    scores.map((score) => ({ at: Date.parse(score.submitted_at) / 1000, score: pick(score) }));
  const both = (score: number, band: string) =>
    t('therapist.measures.scoreBand', { score, band: bandLabel(band) });
  return (
    <>
      <section className="card" aria-labelledby="charts-title">
        <h2 id="charts-title">{t('therapist.measures.chartsTitle')}</h2>
        <ChartErrorBoundary fallback={<p className="muted">{t('therapist.measures.chartFailed')}</p>}>
          <Suspense fallback={<p className="muted">{t('therapist.measures.chartLoading')}</p>}>
            <h3 className="client-measures__chart-title">{t('therapist.measures.chartPhq9')}</h3>
            <MeasureChart
              instrument="phq9"
              points={points((s) => s.phq9_score)}
              label={t('therapist.measures.chartPhq9')}
              bandLabel={bandLabel}
            />
            <h3 className="client-measures__chart-title">{t('therapist.measures.chartGad7')}</h3>
            <MeasureChart
              instrument="gad7"
              points={points((s) => s.gad7_score)}
              label={t('therapist.measures.chartGad7')}
              bandLabel={bandLabel}
            />
          </Suspense>
        </ChartErrorBoundary>
      </section>
      <section className="card" aria-labelledby="table-title">
        <h2 id="table-title">{t('therapist.measures.tableTitle')}</h2>
        <div className="table-scroll">
          <table className="client-measures__table">
            <thead>
              <tr>
                <th scope="col">{t('therapist.measures.col.date')}</th>
                <th scope="col">{t('therapist.measures.col.kind')}</th>
                <th scope="col">{t('therapist.measures.col.phq9')}</th>
                <th scope="col">{t('therapist.measures.col.gad7')}</th>
                <th scope="col">{t('therapist.measures.col.difficulty')}</th>
                <th scope="col">{t('therapist.measures.col.item9')}</th>
              </tr>
            </thead>
            <tbody>
              {scores.map((score) => (
                <tr key={score.booking_id}>
                  <td>{date(score.session_date)}</td>
                  <td>{t(`therapist.measures.kind.${score.kind}`)}</td>
                  <td className="tabular-nums">{both(score.phq9_score, score.phq9_band)}</td>
                  <td className="tabular-nums">{both(score.gad7_score, score.gad7_band)}</td>
                  <td>{t(`therapist.difficulty.${score.phq9_difficulty}` as MessageId)}</td>
                  <td className={score.risk ? 'client-measures__risk' : undefined}>
                    {t(`therapist.answer.${score.phq9[8] ?? 0}` as MessageId)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </>
  );
}
