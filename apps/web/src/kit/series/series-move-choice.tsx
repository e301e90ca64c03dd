import { normalizeTime } from '@therapy/shared/clinic-time';
import { PageLoading } from '../../components/page-loading';
import { LoadError } from '../../components/state-panel';
import { useT } from '../../i18n/use-t';
import { useFormat } from '../../lib/format';
import { useFetch } from '../../lib/use-fetch';
import { openTimesByDate } from '../booking/open-times';
import { loadWeekSlots } from './series-api';
import type { SeriesRow } from './series-rows';

type SeriesMoveChoiceProps = {
  therapistId: number;
  placeId: number;
  row: SeriesRow;
  onChoose: (to: { date: string; start: string }) => void;
};

/** The other open times of a session's Monday-to-Sunday week, as buttons; one moves it there. */
export function SeriesMoveChoice({ therapistId, placeId, row, onChoose }: SeriesMoveChoiceProps) {
  const { t } = useT();
  const { longDate, time } = useFormat();
  const slots = useFetch(`series-week:${therapistId}:${row.patternDate}`, (signal) =>
    loadWeekSlots(therapistId, row.patternDate, signal),
  );
  if (slots.status === 'error') return <LoadError message={t('series.weekFailed')} onRetry={slots.retry} />;
  if (!slots.data) return <PageLoading label={t('series.weekLoading')} />;
  const here = `${row.booking_date} ${normalizeTime(row.booking_time_slot_start)}`;
  const byDate = openTimesByDate(slots.data, placeId);
  const choices = [...byDate.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([date, times]) => [...times.keys()].sort().map((start) => ({ date, start })))
    .filter((choice) => `${choice.date} ${choice.start}` !== here);
  return (
    <fieldset className="series-move series-fieldset">
      <legend className="series-move__title">{t('series.moveTitle')}</legend>
      {choices.length === 0 ? (
        <p className="muted">{t('series.noOtherTimes')}</p>
      ) : (
        <ul className="series-move__times">
          {choices.map((choice) => (
            <li key={`${choice.date} ${choice.start}`}>
              <button type="button" className="button button--secondary" onClick={() => onChoose(choice)}>
                {t('series.when', { date: longDate(choice.date), time: time(choice.start) })}
              </button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
