import type { SeriesClash } from '@therapy/shared/series-schemas';
import { useId } from 'react';
import {
  dropDate,
  moveDate,
  restoreDate,
  type SeriesPattern,
  seriesRows,
  unresolvedRows,
} from '../../../kit/series/series-rows';
import { SeriesSessionList } from '../../../kit/series/series-session-list';
import './admin-series.css';

type SeriesDatesEditorProps = {
  pattern: SeriesPattern;
  clashes: readonly SeriesClash[] | null;
  therapistId: number;
  placeId: number;
  onChange: (pattern: SeriesPattern) => void;
};

/**
 * The front desk's list of a standing appointment's dates, shown the way the wizard shows it:
 * after a refusal, each taken date with its reason, to leave out or move within its week.
 */
export function SeriesDatesEditor({
  pattern,
  clashes,
  therapistId,
  placeId,
  onChange,
}: SeriesDatesEditorProps) {
  const headingId = useId();
  const rows = seriesRows(pattern, { clashes });
  const unresolved = unresolvedRows(rows).length;
  return (
    <div className="admin-series">
      <h3 id={headingId} className="admin-series__title">
        Dates
      </h3>
      {clashes && (
        <p className="admin-alert admin-alert--error" role="alert">
          {unresolved > 0
            ? `Nothing was booked: ${unresolved === 1 ? '1 date is' : `${unresolved} dates are`} not available. Leave each out or choose another time that week, then create again.`
            : 'Nothing was booked yet. Create again with these dates.'}
        </p>
      )}
      <SeriesSessionList
        rows={rows}
        therapistId={therapistId}
        placeId={placeId}
        labelledBy={headingId}
        edits={{
          onDrop: (date) => onChange(dropDate(pattern, date)),
          onRestore: (date) => onChange(restoreDate(pattern, date)),
          onMove: (date, to) => onChange(moveDate(pattern, date, to)),
        }}
      />
    </div>
  );
}
