import type { ManageView } from '@therapy/shared/manage-schemas';
import type { ManagedBookingRow, SeriesSessionRow } from './manage-repo.ts';

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

/**
 * The sessions "this and every later one" cancels beside the link's own: those after it in time
 * that still hold their slot (all of them, not only the next).
 */
export function laterSessions(
  sessions: readonly SeriesSessionRow[],
  booking: Pick<ManagedBookingRow, 'booking_id' | 'booking_date' | 'booking_time_slot_start'>,
): SeriesSessionRow[] {
  const at = `${booking.booking_date} ${booking.booking_time_slot_start}`;
  return sessions.filter(
    (session) =>
      session.booking_id !== booking.booking_id &&
      !session.cancelled &&
      `${session.booking_date} ${session.booking_time_slot_start}` > at,
  );
}
