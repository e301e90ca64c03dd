import { clinicInstant } from '@therapy/shared/clinic-time';
import ICAL from 'ical.js';
import type { FeedSession } from './calendar-feed-repo.ts';

/** What the feed says besides the sessions. */
export type FeedCalendar = {
  /** The host of PUBLIC_URL: the events' UIDs end in it. */
  host: string;
  timeZone: string;
  clinicName: string;
  /** Where the therapist opens a session (My day). */
  dayUrl: string;
  now: Date;
};

const utc = (date: Date) => ICAL.Time.fromJSDate(date, true);

/**
 * The therapist's sessions as an iCalendar subscription (RFC 5545, through ical.js, which folds
 * and escapes). One event per booking with a UID that never changes (`therapist-session-{id}@
 * host`, apart from the client's invite's); its SEQUENCE is the booking's invite_sequence, which
 * each move and the cancellation raise, so a calendar replaces what it holds; a cancelled
 * session stays in the feed with STATUS:CANCELLED. Times in UTC, so no VTIMEZONE is needed.
 * The title holds the client's first name and the booking reference only: no note, no contact.
 */
export function renderCalendarFeed(sessions: readonly FeedSession[], calendar: FeedCalendar): string {
  const root = new ICAL.Component(['vcalendar', [], []]);
  root.addPropertyWithValue('prodid', '-//Therapy booking//Therapist sessions//EN');
  root.addPropertyWithValue('version', '2.0');
  root.addPropertyWithValue('calscale', 'GREGORIAN');
  root.addPropertyWithValue('method', 'PUBLISH');
  root.addPropertyWithValue('name', `${calendar.clinicName}: sessions`);
  root.addPropertyWithValue('x-wr-calname', `${calendar.clinicName}: sessions`);
  // Ask calendars to look again every hour (RFC 7986 and the older Microsoft property).
  const refresh = new ICAL.Property('refresh-interval');
  refresh.setParameter('value', 'DURATION');
  refresh.setValue(ICAL.Duration.fromString('PT1H'));
  root.addProperty(refresh);
  root.addPropertyWithValue('x-published-ttl', 'PT1H');
  for (const session of sessions) root.addSubcomponent(sessionEvent(session, calendar));
  return root.toString();
}

function sessionEvent(session: FeedSession, calendar: FeedCalendar) {
  const event = new ICAL.Component('vevent');
  const at = (time: string) => clinicInstant(calendar.timeZone, session.booking_date, time);
  const online = session.booking_type === 'ONLINE';
  const firstName = /^[[(]?erased/i.test(session.client_first_name) ? '' : session.client_first_name;
  event.addPropertyWithValue('uid', `therapist-session-${session.booking_id}@${calendar.host}`);
  event.addPropertyWithValue('dtstamp', utc(calendar.now));
  event.addPropertyWithValue('last-modified', utc(new Date(session.updated_at)));
  event.addPropertyWithValue('sequence', session.invite_sequence);
  event.addPropertyWithValue('dtstart', utc(at(session.start_time)));
  event.addPropertyWithValue('dtend', utc(at(session.end_time)));
  event.addPropertyWithValue(
    'summary',
    `${firstName || 'Client'} · booking ${session.booking_id}${session.cancelled ? ' (cancelled)' : ''}`,
  );
  event.addPropertyWithValue('location', online ? 'Online session' : (session.location_name ?? 'Centre'));
  event.addPropertyWithValue(
    'description',
    `Booking ${session.booking_id}, ${online ? 'online' : 'at the centre'}. ${online ? 'Start the session' : 'Details'}: ${calendar.dayUrl}`,
  );
  event.addPropertyWithValue('status', session.cancelled ? 'CANCELLED' : 'CONFIRMED');
  event.addPropertyWithValue('transp', session.cancelled ? 'TRANSPARENT' : 'OPAQUE');
  event.addPropertyWithValue('class', 'PRIVATE');
  return event;
}
