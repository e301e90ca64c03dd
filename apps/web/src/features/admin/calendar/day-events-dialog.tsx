import type { AdminBooking } from '@therapy/shared/admin-schemas';
import { calendarBadge } from '@therapy/shared/booking-badges';
import { useState } from 'react';
import { ModalDialog } from '../../../components/modal-dialog';
import { therapistDisplayName } from '../../../lib/therapist-display';
import { AttendanceBadge } from '../front-desk/front-desk-row';
import { BookingMessagesSection } from '../messages/booking-messages-section';
import { Badge } from '../ui/status-badge';
import { eventTimeRange, formatFullDate, meetingCode } from './calendar-month';

type DayEventsDialogProps = { date: string; events: readonly AdminBooking[]; onClose: () => void };

export function DayEventsDialog({ date, events, onClose }: DayEventsDialogProps) {
  return (
    <ModalDialog title={`Events on ${formatFullDate(date)}`} onClose={onClose}>
      {events.length === 0 ? (
        <p className="admin-empty">No events scheduled for this day</p>
      ) : (
        <ul className="admin-day-events">
          {events.map((event) => {
            const badge = calendarBadge(event);
            const online = event.booking_type === 'ONLINE';
            return (
              <li key={event.id} className="admin-day-event">
                <div className="admin-day-event__top">
                  <span className="admin-day-event__time tabular-nums">{eventTimeRange(event)}</span>
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
                {event.payment_status !== 'BLOCKED' && <EventMessages bookingId={event.id} />}
              </li>
            );
          })}
        </ul>
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
