import { seriesPlaceOf } from '@therapy/shared/series-place';

/**
 * "3 of 8" beside a session of a standing appointment, in the admin's lists and cards (issue 26),
 * read from the answer's `series` when the server sends it; nothing for a single booking.
 */
export function SeriesPlaceLabel({ row }: { row: object }) {
  const place = seriesPlaceOf(row);
  if (!place) return null;
  return (
    <span className="series-place tabular-nums">
      <span className="visually-hidden">Standing appointment, session </span>
      {`${place.position} of ${place.count}`}
    </span>
  );
}
