import { useEffect, useState } from 'react';
import { useT } from '../../i18n/use-t';
import { useFormat } from '../../lib/format';
import { NARROW_SCREEN, useMediaQuery } from '../../lib/use-media-query';

type DateStripProps = {
  dates: readonly string[];
  selected: string | null;
  onSelect: (date: string) => void;
};

/** The dates to choose from: 3 at a time under 768 px, else 5; the arrows shift by one date. */
export function DateStrip({ dates, selected, onSelect }: DateStripProps) {
  const visibleCount = useMediaQuery(NARROW_SCREEN) ? 3 : 5;
  const { t } = useT();
  const { dateParts } = useFormat();
  const [start, setStart] = useState(0);
  const maxStart = Math.max(0, dates.length - visibleCount);
  const first = Math.min(start, maxStart);

  // Keeps the chosen date in view (it may have been chosen before a reload or on a wider window).
  useEffect(() => {
    const index = selected ? dates.indexOf(selected) : -1;
    if (index === -1) return;
    setStart((current) => {
      if (index < current) return index;
      if (index >= current + visibleCount) return index - visibleCount + 1;
      return current;
    });
  }, [selected, dates, visibleCount]);

  const visible = dates.slice(first, first + visibleCount);

  return (
    <div className="date-strip">
      <button
        type="button"
        className="date-strip__arrow"
        aria-label={t('booking.dateTime.earlier')}
        disabled={first === 0}
        onClick={() => setStart(first - 1)}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M15 5l-7 7 7 7" />
        </svg>
      </button>
      <ul
        className="date-strip__list"
        style={{ gridTemplateColumns: `repeat(${visibleCount}, minmax(0, 1fr))` }}
      >
        {visible.map((date) => {
          const parts = dateParts(date);
          return (
            <li key={date}>
              <button
                type="button"
                className="date-strip__date"
                aria-pressed={date === selected}
                onClick={() => onSelect(date)}
              >
                <span className="date-strip__weekday">{parts.weekday}</span>{' '}
                <span className="date-strip__day tabular-nums">{parts.day}</span>{' '}
                <span className="date-strip__month">{parts.month}</span>
              </button>
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        className="date-strip__arrow"
        aria-label={t('booking.dateTime.later')}
        disabled={first >= maxStart}
        onClick={() => setStart(first + 1)}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M9 5l7 7-7 7" />
        </svg>
      </button>
    </div>
  );
}
