import type { SeriesPlace } from '@therapy/shared/series-schemas';

/**
 * "3 of 8" beside a session of a standing appointment, in the admin's lists and cards (issue 26,
 * the answer's `series`, decision 056); nothing for a single booking.
 */
export function SeriesPlaceLabel({ place }: { place: SeriesPlace | undefined }) {
  if (!place) return null;
  return (
    <span className="series-place tabular-nums">
      <span className="visually-hidden">Standing appointment, session </span>
      {`${place.position} of ${place.count}`}
    </span>
  );
}
