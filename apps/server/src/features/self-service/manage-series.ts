import type { ManageView } from '@therapy/shared/manage-schemas';
import type { SeriesSessionRow } from '../bookings/series-repo.ts';

/** What the manage page shows of a standing appointment (decision 055): its sessions, by date. */
export function seriesView(sessions: readonly SeriesSessionRow[]): ManageView['series'] {
  const first = sessions[0];
  if (!first) return null;
  return {
    series_id: first.series_id,
    count: sessions.length,
    sessions: sessions.map(({ series_id: _, ...session }) => session),
  };
}
