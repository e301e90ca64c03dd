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

/**
 * An iCalendar invite (RFC 5545) for one session, in the clinic's zone. The VTIMEZONE states the
 * zone's offset at the session, which is all a calendar needs for a single event.
 */
export function createCalendarInvite(event: InviteEvent): string {
  const offset = ICAL.UtcOffset.fromString(utcOffset(event.timeZone, event.date, event.startTime));
  const calendar = new ICAL.Component(['vcalendar', [], []]);
  calendar.addPropertyWithValue('prodid', '-//Therapy booking//Sessions//EN');
  calendar.addPropertyWithValue('version', '2.0');
  calendar.addPropertyWithValue('calscale', 'GREGORIAN');
  calendar.addPropertyWithValue('method', event.cancelled ? 'CANCEL' : 'REQUEST');

  const zone = new ICAL.Component('vtimezone');
  zone.addPropertyWithValue('tzid', event.timeZone);
  const standard = new ICAL.Component('standard');
  standard.addPropertyWithValue('dtstart', ICAL.Time.fromDateTimeString('1970-01-01T00:00:00'));
  standard.addPropertyWithValue('tzoffsetfrom', offset);
  standard.addPropertyWithValue('tzoffsetto', offset);
  zone.addSubcomponent(standard);
  calendar.addSubcomponent(zone);

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
  calendar.addSubcomponent(vevent);
  return calendar.toString();
}
