import type { SeriesClash } from '@therapy/shared/series-schemas';
import { useMemo } from 'react';
import { previewSeries } from '../../../kit/series/series-api';
import {
  repeatOf,
  type SeriesPattern,
  type SeriesRow,
  seriesRows,
  unresolvedRows,
} from '../../../kit/series/series-rows';
import { ApiError } from '../../../lib/api-client';
import { useFetch } from '../../../lib/use-fetch';

export type SeriesTarget = { therapistId: number; online: boolean; placeId: number };

/**
 * The series' dates as the server sees them now (POST /api/bookings/series-preview, re-asked at
 * every change of the list), with the clashes of a refused booking laid over them.
 */
export function useSeriesCheck(
  pattern: SeriesPattern,
  target: SeriesTarget,
  clashes: readonly SeriesClash[] | null = null,
) {
  const body = {
    therapist_id: target.therapistId,
    booking_type: target.online ? ('ONLINE' as const) : ('OFFLINE' as const),
    location_id: target.placeId,
    booking_date: pattern.first,
    booking_time_slot_start: pattern.start.slice(0, 5),
    repeat: repeatOf(pattern),
  };
  const key = `series-preview:${JSON.stringify(body)}`;
  const preview = useFetch(key, () => previewSeries(body));
  const rows: SeriesRow[] = useMemo(
    () => seriesRows(pattern, { preview: preview.data ?? null, clashes }),
    [pattern, preview.data, clashes],
  );
  const unresolved = unresolvedRows(rows);
  const kept = rows.filter((row) => row.state !== 'dropped').length;
  const error =
    preview.status === 'error'
      ? preview.error instanceof ApiError
        ? (preview.error.serverMessage ?? null)
        : null
      : null;
  const ready = preview.status === 'success' && !preview.refreshing && unresolved.length === 0 && kept >= 2;
  return { rows, unresolved, kept, preview, error, ready };
}
