import type { SeriesClash } from '@therapy/shared/series-schemas';
import { useId } from 'react';
import {
  dropDate,
  moveDate,
  repeatOf,
  restoreDate,
  type SeriesPattern,
  seriesRows,
  unresolvedRows,
} from '../../../kit/series/series-rows';
import { SeriesSessionList } from '../../../kit/series/series-session-list';
import { useFetch } from '../../../lib/use-fetch';
import { previewAdminSeries } from './series-admin-api';
import './admin-series.css';

type SeriesDatesEditorProps = {
  pattern: SeriesPattern;
  clashes: readonly SeriesClash[] | null;
  therapistId: number;
  /** 0 for an online session. */
  placeId: number;
  online: boolean;
  onChange: (pattern: SeriesPattern) => void;
};

/**
 * The front desk's list of a standing appointment's dates, shown the way the wizard shows it:
 * checked before Create (each date taken shown with its reason), and after a refusal the dates
 * the server named, to leave out or move within its week.
 */
export function SeriesDatesEditor({
  pattern,
  clashes,
  therapistId,
  placeId,
  online,
  onChange,
}: SeriesDatesEditorProps) {
  const headingId = useId();
  const body = {
    therapist_id: therapistId,
    booking_type: online ? ('ONLINE' as const) : ('OFFLINE' as const),
    location_id: placeId,
    booking_date: pattern.first,
    booking_time_slot_start: pattern.start.slice(0, 5),
    repeat: repeatOf(pattern),
  };
  const preview = useFetch(`admin-series-preview:${JSON.stringify(body)}`, (signal) =>
    previewAdminSeries(body, signal),
  );
  const rows = seriesRows(pattern, { preview: preview.data ?? null, clashes });
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
      {!clashes && unresolved > 0 && (
        <p className="admin-alert admin-alert--warning" role="status">
          {`${unresolved === 1 ? '1 date is' : `${unresolved} dates are`} not available. Leave each out or choose another time that week before you create.`}
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
