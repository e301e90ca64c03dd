import { CALENDAR_EVENTS_PER_DAY, type CalendarMonth } from '@therapy/shared/admin-slot-schemas';
import type { CSSProperties } from 'react';
import { eventMeta, formatFullDate, monthOf, WEEKDAYS } from './calendar-month';

/** Up to 2 bookings per day cell, then '+N more' (specification section 9); the server sends no more. */
const SHOWN_PER_DAY = CALENDAR_EVENTS_PER_DAY;

export type CalendarDay = CalendarMonth['days'][number];

type CalendarGridProps = {
  month: string;
  days: readonly string[];
  today: string;
  daysByDate: ReadonlyMap<string, CalendarDay>;
  onOpenDay: (date: string) => void;
};

export function CalendarGrid({ month, days, today, daysByDate, onOpenDay }: CalendarGridProps) {
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
              const day = daysByDate.get(date);
              const events = day?.events ?? [];
              const total = day?.total ?? 0;
              const outside = monthOf(date) !== month;
              const classes = [
                'admin-calendar__day',
                outside && 'admin-calendar__day--outside',
                date === today && 'admin-calendar__day--today',
              ].filter(Boolean);
              const count = total === 1 ? '1 booking' : `${total} bookings`;
              return (
                <td key={date} className={classes.join(' ')}>
                  <button
                    type="button"
                    className="admin-calendar__open"
                    onClick={() => onOpenDay(date)}
                    aria-label={`${formatFullDate(date)}, ${total ? count : 'no bookings'}`}
                    aria-current={date === today ? 'date' : undefined}
                  >
                    <span className="admin-calendar__number tabular-nums">{Number(date.slice(8))}</span>
                  </button>
                  {/* Outside the button, so that its visible text (the day) is part of its name (WCAG 2.5.3). */}
                  {total > 0 && (
                    <span className="admin-calendar__count" aria-hidden="true">
                      {total}
                    </span>
                  )}
                  <ul className="admin-calendar__events" aria-hidden="true">
                    {events.slice(0, SHOWN_PER_DAY).map((event) => (
                      <li
                        key={event.id}
                        className={`admin-calendar__event admin-calendar__event--${event.booking_type.toLowerCase()}`}
                      >
                        <span className="admin-calendar__event-name">{event.client_full_name ?? 'N/A'}</span>
                        <span className="admin-calendar__event-meta">{eventMeta(event)}</span>
                      </li>
                    ))}
                    {total > SHOWN_PER_DAY && (
                      <li className="admin-calendar__more">+{total - SHOWN_PER_DAY} more</li>
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
