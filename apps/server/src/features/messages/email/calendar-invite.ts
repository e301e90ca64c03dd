import ICAL from 'ical.js';

export type InviteEvent = {
  uid: string;
  /** Clinic-local date and times. */
  date: string;
  startTime: string;
  endTime: string;
  timeZone: string;
  summary: string;
  description: string;
  location: string;
  organizerEmail: string;
  attendee: { name: string; email: string };
  sequence?: number;
  cancelled?: boolean;
};

// One formatter per zone, made once: building one costs about a millisecond.
const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC at that local date and time, e.g. '+05:30'. */
function utcOffset(timeZone: string, date: string, time: string): string {
  const guess = new Date(`${date}T${time}Z`);
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    offsetFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(guess);
  const name = parts.find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = name.match(/GMT([+-]\d{2}):?(\d{2})?/);
  return match ? `${match[1]}:${match[2] ?? '00'}` : '+00:00';
}

/** One session as a VEVENT, its times in the clinic's zone. */
function veventOf(event: InviteEvent): ICAL.Component {
  const vevent = new ICAL.Component('vevent');
  vevent.addPropertyWithValue('uid', event.uid);
  vevent.addPropertyWithValue('dtstamp', ICAL.Time.fromJSDate(new Date(), true));
  vevent.addPropertyWithValue('sequence', event.sequence ?? 0);
  for (const [name, time] of [
    ['dtstart', event.startTime],
    ['dtend', event.endTime],
  ] as const) {
    const property = new ICAL.Property(name);
    property.setParameter('tzid', event.timeZone);
    property.setValue(ICAL.Time.fromDateTimeString(`${event.date}T${time.slice(0, 8)}`));
    vevent.addProperty(property);
  }
  vevent.addPropertyWithValue('summary', event.summary);
  vevent.addPropertyWithValue('description', event.description);
  vevent.addPropertyWithValue('location', event.location);
  vevent.addPropertyWithValue('status', event.cancelled ? 'CANCELLED' : 'CONFIRMED');
  vevent.addPropertyWithValue('organizer', `mailto:${event.organizerEmail}`);
  const attendee = new ICAL.Property('attendee');
  attendee.setParameter('cn', event.attendee.name);
  attendee.setParameter('role', 'REQ-PARTICIPANT');
  attendee.setValue(`mailto:${event.attendee.email}`);
  vevent.addProperty(attendee);
  return vevent;
}

/**
 * An iCalendar invite (RFC 5545) for one session, or for the sessions of a standing appointment
 * (one VEVENT each, every one with its session's own UID, so a later change of one session
 * updates that event alone), in the clinic's zone. The VTIMEZONE states the zone's offset at the
 * first session: the clinic's zone (India) keeps one offset all year.
 */
export function createCalendarInvite(event: InviteEvent | readonly InviteEvent[]): string {
  const events = Array.isArray(event) ? (event as readonly InviteEvent[]) : [event as InviteEvent];
  const first = events[0]!;
  const offset = ICAL.UtcOffset.fromString(utcOffset(first.timeZone, first.date, first.startTime));
  const calendar = new ICAL.Component(['vcalendar', [], []]);
  calendar.addPropertyWithValue('prodid', '-//Therapy booking//Sessions//EN');
  calendar.addPropertyWithValue('version', '2.0');
  calendar.addPropertyWithValue('calscale', 'GREGORIAN');
  calendar.addPropertyWithValue('method', first.cancelled ? 'CANCEL' : 'REQUEST');

  const zone = new ICAL.Component('vtimezone');
  zone.addPropertyWithValue('tzid', first.timeZone);
  const standard = new ICAL.Component('standard');
  standard.addPropertyWithValue('dtstart', ICAL.Time.fromDateTimeString('1970-01-01T00:00:00'));
  standard.addPropertyWithValue('tzoffsetfrom', offset);
  standard.addPropertyWithValue('tzoffsetto', offset);
  zone.addSubcomponent(standard);
  calendar.addSubcomponent(zone);
  for (const one of events) calendar.addSubcomponent(veventOf(one));
  return calendar.toString();
}
