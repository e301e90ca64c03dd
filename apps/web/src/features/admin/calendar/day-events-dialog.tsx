import type { AdminBooking } from '@therapy/shared/admin-schemas';
import type { CalendarDayPage } from '@therapy/shared/admin-slot-schemas';
import { calendarBadge } from '@therapy/shared/booking-badges';
import { isAdminBlock } from '@therapy/shared/booking-states';
import { useState } from 'react';
import { ModalDialog } from '../../../components/modal-dialog';
import { PageLoading } from '../../../components/page-loading';
import { LoadError } from '../../../components/state-panel';
import { therapistDisplayName } from '../../../lib/therapist-display';
import { useFetch } from '../../../lib/use-fetch';
import { loadErrorMessage } from '../admin-http';
import { AttendanceBadge } from '../front-desk/front-desk-row';
import { BookingMessagesSection } from '../messages/booking-messages-section';
import { SeriesPlaceLabel } from '../series/series-place-label';
import { Badge } from '../ui/status-badge';
import { fetchCalendarDay } from './calendar-api';
import { eventTimeRange, formatFullDate, meetingCode } from './calendar-month';

export const DAY_LOAD_FAILED = 'Failed to load the events of this day.';

type DayEventsDialogProps = { date: string; onClose: () => void };

/** The day's events, loaded a page (100) at a time when the day is opened: a busy day has hundreds. */
export function DayEventsDialog({ date, onClose }: DayEventsDialogProps) {
  const first = useFetch<CalendarDayPage>(`calendar-day:${date}`, (signal) =>
    fetchCalendarDay(date, undefined, signal),
  );
  const [more, setMore] = useState<{ events: AdminBooking[]; next: string | null; failed: boolean } | null>(
    null,
  );
  const [busy, setBusy] = useState(false);
  const events = [...(first.data?.items ?? []), ...(more?.events ?? [])];
  const next = more ? more.next : (first.data?.next_cursor ?? null);

  const showMore = async () => {
    if (!next || busy) return;
    setBusy(true);
    try {
      const page = await fetchCalendarDay(date, next);
      setMore({ events: [...(more?.events ?? []), ...page.items], next: page.next_cursor, failed: false });
    } catch {
      setMore({ events: more?.events ?? [], next, failed: true });
    } finally {
      setBusy(false);
    }
  };

  return (
    <ModalDialog title={`Events on ${formatFullDate(date)}`} onClose={onClose}>
      {first.status === 'loading' ? (
        <PageLoading label="Loading events…" />
      ) : first.status === 'error' ? (
        <LoadError message={loadErrorMessage(first.error, DAY_LOAD_FAILED)} onRetry={first.retry} />
      ) : events.length === 0 ? (
        <p className="admin-empty">No events scheduled for this day</p>
      ) : (
        <ul className="admin-day-events">
          {events.map((event) => {
            const badge = calendarBadge(event);
            const online = event.booking_type === 'ONLINE';
            return (
              <li key={event.id} className="admin-day-event">
                <div className="admin-day-event__top">
                  <span className="admin-day-event__time tabular-nums">
                    {eventTimeRange(event)}
                    <SeriesPlaceLabel place={event.series} />
                  </span>
                  <span className="admin-badges">
                    <Badge tone={badge.tone}>{badge.label}</Badge>
                    <AttendanceBadge booking={event} />
                  </span>
                </div>
                <p className="admin-day-event__client">{event.client_full_name ?? 'N/A'}</p>
                <dl className="admin-day-event__details">
                  <dt>Type</dt>
                  <dd>{online ? 'Online' : 'In-Person'}</dd>
                  <dt>Therapist</dt>
                  <dd>Dr. {therapistDisplayName(event.therapist_name)}</dd>
                  {online ? (
                    <>
                      <dt>Meeting code</dt>
                      <dd>{meetingCode(event.google_meet_link)}</dd>
                    </>
                  ) : (
                    <>
                      <dt>Location</dt>
                      <dd>{event.location_name ?? 'N/A'}</dd>
                    </>
                  )}
                  {event.client_note && (
                    <>
                      <dt>Notes</dt>
                      <dd>{event.client_note}</dd>
                    </>
                  )}
                </dl>
                {!isAdminBlock(event) && <EventMessages bookingId={event.id} />}
              </li>
            );
          })}
        </ul>
      )}
      {first.status === 'success' && events.length > 0 && (
        <div className="admin-day-events__more">
          <p className="muted tabular-nums" aria-live="polite">
            {events.length} of {first.data.total} events
          </p>
          {more?.failed && <p role="alert">{DAY_LOAD_FAILED}</p>}
          {next && (
            <button type="button" className="button button--secondary" onClick={showMore} disabled={busy}>
              {busy ? 'Loading…' : 'Show more'}
            </button>
          )}
        </div>
      )}
    </ModalDialog>
  );
}

/** The event's messages to the client, loaded when the admin opens them (a busy day has many events). */
function EventMessages({ bookingId }: { bookingId: number }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="admin-day-event__messages" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>Messages to the client</summary>
      {open && <BookingMessagesSection bookingId={bookingId} />}
    </details>
  );
}
