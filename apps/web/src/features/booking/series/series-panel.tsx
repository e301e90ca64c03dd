import { SERIES_DEFAULT_MAX_SESSIONS, SERIES_MIN_SESSIONS } from '@therapy/shared/series-rules';
import { useEffect, useId } from 'react';
import { useStepsCatalogue } from '../../../i18n/steps-area';
import { useT } from '../../../i18n/use-t';
import { loadSeriesMaxSessions } from '../../../kit/series/series-api';
import type { SeriesPattern } from '../../../kit/series/series-rows';
import { useFetch } from '../../../lib/use-fetch';
import { SeriesDates } from './series-dates';
import {
  chooseSeries,
  reportSeriesReady,
  type SlotDraft,
  seriesPatternOf,
  seriesTargetOf,
  storePattern,
  useSeriesDraft,
} from './series-draft';

/**
 * "Make this a standing appointment" (issue 26), under the chosen time: every week or every 2
 * weeks, 2 to SERIES_MAX_SESSIONS sessions, and the exact dates as the server checks them, each
 * taken one left out or moved within its week by the visitor. Loaded only once a time is chosen;
 * it takes the wizard's draft from the step (its own chunk then does not reach for the draft's store).
 */
export function SeriesPanel({ draft }: { draft: SlotDraft }) {
  const { t, locale } = useT();
  useStepsCatalogue(locale);
  const series = useSeriesDraft();
  const hintId = useId();
  const max =
    useFetch('series-max-sessions', loadSeriesMaxSessions, { cached: true }).data ??
    SERIES_DEFAULT_MAX_SESSIONS;
  const pattern = seriesPatternOf(series, draft);

  const change = (next: Partial<SeriesPattern>) => {
    if (!pattern) return;
    // Another frequency or length is another list of dates: earlier drops and moves do not apply.
    storePattern({ ...pattern, ...next, skip: [], moves: [] }, draft);
  };
  const chosen = pattern !== null;
  useEffect(() => {
    if (!chosen) reportSeriesReady(true);
  }, [chosen]);
  // A clinic that allows fewer sessions than the choice kept: the most it allows.
  const tooMany = pattern !== null && pattern.count > max;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the choice goes past the setting
  useEffect(() => {
    if (tooMany) change({ count: max });
  }, [tooMany, max]);
  if (!draft.selectedTimeSlot || !draft.selectedTherapist) return null;

  return (
    <section className="series-panel" aria-label={t('series.title')}>
      <label className="series-option series-panel__toggle">
        <input
          type="checkbox"
          checked={pattern !== null}
          aria-describedby={hintId}
          onChange={(event) => chooseSeries(event.target.checked, draft)}
        />
        <span>{t('series.title')}</span>
      </label>
      <p id={hintId} className="muted series-panel__hint">
        {t('series.hint')}
      </p>
      {pattern && (
        <>
          <fieldset className="series-fieldset">
            <legend>{t('series.frequency')}</legend>
            <div className="series-options">
              {([1, 2] as const).map((every) => (
                <label key={every} className="series-option">
                  <input
                    type="radio"
                    name="series-every"
                    checked={pattern.every_weeks === every}
                    onChange={() => change({ every_weeks: every })}
                  />
                  {t(every === 1 ? 'series.weekly' : 'series.fortnightly')}
                </label>
              ))}
            </div>
          </fieldset>
          <label className="series-count">
            <span>{t('series.count')}</span>
            <select
              value={Math.min(pattern.count, max)}
              onChange={(event) => change({ count: Number(event.target.value) })}
            >
              {Array.from(
                { length: max - SERIES_MIN_SESSIONS + 1 },
                (_, index) => index + SERIES_MIN_SESSIONS,
              ).map((count) => (
                <option key={count} value={count}>
                  {t('series.countOption', { count })}
                </option>
              ))}
            </select>
          </label>
          <SeriesDates
            pattern={pattern}
            target={seriesTargetOf(draft)}
            onChange={(next) => storePattern(next, draft)}
            reportReady={reportSeriesReady}
          />
        </>
      )}
    </section>
  );
}
