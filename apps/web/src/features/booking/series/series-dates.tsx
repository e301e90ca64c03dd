import type { SeriesClash } from '@therapy/shared/series-schemas';
import { useEffect, useId } from 'react';
import { PageLoading } from '../../../components/page-loading';
import { LoadError } from '../../../components/state-panel';
import { translateNotice } from '../../../i18n/notice';
import { useT } from '../../../i18n/use-t';
import { dropDate, moveDate, restoreDate, type SeriesPattern } from '../../../kit/series/series-rows';
import { SeriesSessionList } from '../../../kit/series/series-session-list';
import { type SeriesTarget, useSeriesCheck } from './use-series-check';

type SeriesDatesProps = {
  pattern: SeriesPattern;
  /** The therapist and place the series repeats. */
  target: SeriesTarget;
  onChange: (pattern: SeriesPattern) => void;
  /** Whether every kept date is free now (the step may go on). */
  reportReady: (ready: boolean) => void;
  /** The dates a refused booking named as taken. */
  clashes?: readonly SeriesClash[] | null;
};

/** The series' dates as checked now, each unavailable one with its reason and the visitor's choices. */
export function SeriesDates({ pattern, target, onChange, reportReady, clashes = null }: SeriesDatesProps) {
  const { t } = useT();
  const headingId = useId();
  const check = useSeriesCheck(pattern, target, clashes);
  useEffect(() => reportReady(check.ready), [check.ready, reportReady]);

  return (
    <div className="series-dates">
      <h3 id={headingId} className="series-dates__title">
        {t('series.datesTitle')}
      </h3>
      {check.preview.status === 'error' ? (
        <LoadError
          message={check.error ? translateNotice(t, check.error) : t('series.checkFailed')}
          onRetry={check.preview.retry}
        />
      ) : (
        <>
          <p className="visually-hidden" role="status">
            {check.preview.status === 'loading' ? t('series.checking') : ''}
          </p>
          {check.preview.status === 'loading' && !check.rows.length && (
            <PageLoading label={t('series.checking')} />
          )}
          <SeriesSessionList
            rows={check.rows}
            therapistId={target.therapistId}
            placeId={target.placeId}
            labelledBy={headingId}
            edits={{
              onDrop: (date) => onChange(dropDate(pattern, date)),
              onRestore: (date) => onChange(restoreDate(pattern, date)),
              onMove: (date, to) => onChange(moveDate(pattern, date, to)),
            }}
          />
          {check.unresolved.length > 0 && (
            <p className="alert alert--warning" role="alert">
              {t('series.unresolved', { count: check.unresolved.length })}
            </p>
          )}
          {check.unresolved.length === 0 && check.kept < 2 && (
            <p className="alert alert--warning" role="alert">
              {t('series.tooFew')}
            </p>
          )}
        </>
      )}
    </div>
  );
}
