import type { AdminBooking } from '@therapy/shared/admin-schemas';
import type { CSSProperties } from 'react';
import { formatTime12 } from '../../../lib/format';
import { formatFullDate, monthOf, WEEKDAYS } from './calendar-month';

/** Up to 2 bookings per day cell, then '+N more' (specification section 9). */
const SHOWN_PER_DAY = 2;

type CalendarGridProps = {
  month: string;
  days: readonly string[];
  today: string;
  eventsByDate: ReadonlyMap<string, AdminBooking[]>;
  onOpenDay: (date: string) => void;
};

export function CalendarGrid({ month, days, today, eventsByDate, onOpenDay }: CalendarGridProps) {
  const weeks: string[][] = [];
  for (let index = 0; index < days.length; index += 7) weeks.push(days.slice(index, index + 7));

  return (
    <table className="admin-calendar" style={{ '--weeks': weeks.length } as CSSProperties}>
      <thead>
        <tr>
          {WEEKDAYS.map(([short, long]) => (
            <th key={short} scope="col" className="admin-calendar__weekday">
              <abbr title={long}>{short}</abbr>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week[0]}>
            {week.map((date) => {
              const events = eventsByDate.get(date) ?? [];
              const outside = monthOf(date) !== month;
              const classes = [
                'admin-calendar__day',
                outside && 'admin-calendar__day--outside',
                date === today && 'admin-calendar__day--today',
              ].filter(Boolean);
              const count = events.length === 1 ? '1 booking' : `${events.length} bookings`;
              return (
                <td key={date} className={classes.join(' ')}>
                  <button
                    type="button"
                    className="admin-calendar__open"
                    onClick={() => onOpenDay(date)}
                    aria-label={`${formatFullDate(date)}, ${events.length ? count : 'no bookings'}`}
                    aria-current={date === today ? 'date' : undefined}
                  >
                    <span className="admin-calendar__number tabular-nums">{Number(date.slice(8))}</span>
                  </button>
                  {/* Outside the button, so that its visible text (the day) is part of its name (WCAG 2.5.3). */}
                  {events.length > 0 && (
                    <span className="admin-calendar__count" aria-hidden="true">
                      {events.length}
                    </span>
                  )}
                  <ul className="admin-calendar__events" aria-hidden="true">
                    {events.slice(0, SHOWN_PER_DAY).map((event) => (
                      <li
                        key={event.id}
                        className={`admin-calendar__event admin-calendar__event--${event.booking_type.toLowerCase()}`}
                      >
                        <span className="admin-calendar__event-name">{event.client_full_name ?? 'N/A'}</span>
                        <span className="admin-calendar__event-meta">
                          {formatTime12(event.booking_time_slot_start)} ·{' '}
                          {event.booking_type === 'ONLINE' ? 'Online' : 'In-Person'}
                        </span>
                      </li>
                    ))}
                    {events.length > SHOWN_PER_DAY && (
                      <li className="admin-calendar__more">+{events.length - SHOWN_PER_DAY} more</li>
                    )}
                  </ul>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
