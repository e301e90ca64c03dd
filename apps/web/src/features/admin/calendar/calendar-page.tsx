import type { CalendarMonth } from '@therapy/shared/admin-slot-schemas';
import { useMemo, useState } from 'react';
import { PageLoading } from '../../../components/page-loading';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useFetch } from '../../../lib/use-fetch';
import { clinicToday } from '../admin-format';
import { loadErrorMessage } from '../admin-http';
import { AdminPageHeader } from '../ui/admin-page-header';
import { LoadErrorPanel } from '../ui/load-error-panel';
import { useLogout } from '../use-logout';
import { fetchCalendarMonth } from './calendar-api';
import { CalendarGrid } from './calendar-grid';
import { formatMonthTitle, monthGrid, monthOf, shiftMonth } from './calendar-month';
import { DayEventsDialog } from './day-events-dialog';
import './calendar.css';

export const CALENDAR_LOAD_FAILED = 'Failed to load booking events.';

export function CalendarPage() {
  useDocumentTitle('Booking Calendar');
  const logout = useLogout();
  const today = clinicToday();
  const [month, setMonth] = useState(() => monthOf(today));
  const [openDay, setOpenDay] = useState<string | null>(null);
  const days = useMemo(() => monthGrid(month), [month]);
  const from = days[0]!;
  const to = days[days.length - 1]!;

  const events = useFetch<CalendarMonth>(`calendar:${from}:${to}`, (signal) =>
    fetchCalendarMonth(from, to, signal),
  );
  const daysByDate = useMemo(
    () => new Map((events.data?.days ?? []).map((day) => [day.date, day])),
    [events.data],
  );
  const title = formatMonthTitle(month);

  return (
    <div className="admin-page">
      <AdminPageHeader title="Booking Calendar" subtitle="View all confirmed and pending bookings." />

      <section className="admin-panel" aria-labelledby="calendar-title">
        <MonthToolbar
          title={title}
          onPrevious={() => setMonth(shiftMonth(month, -1))}
          onToday={() => setMonth(monthOf(today))}
          onNext={() => setMonth(shiftMonth(month, 1))}
        />

        {events.status === 'loading' && <PageLoading label="Loading booking calendar..." />}
        {events.status === 'error' && (
          <LoadErrorPanel
            title="Error Loading Calendar"
            message={loadErrorMessage(events.error, CALENDAR_LOAD_FAILED)}
            onRetry={events.retry}
            onLogout={logout}
          />
        )}
        {events.status === 'success' && (
          <CalendarGrid
            month={month}
            days={days}
            today={today}
            daysByDate={daysByDate}
            onOpenDay={setOpenDay}
          />
        )}
      </section>

      {openDay && <DayEventsDialog date={openDay} onClose={() => setOpenDay(null)} />}
    </div>
  );
}

type ToolbarProps = { title: string; onPrevious: () => void; onToday: () => void; onNext: () => void };

/** The month shown, and the buttons that page through the months. */
function MonthToolbar({ title, onPrevious, onToday, onNext }: ToolbarProps) {
  return (
    <div className="admin-calendar-toolbar">
      <h2 id="calendar-title" className="admin-calendar-toolbar__title" aria-live="polite">
        {title}
      </h2>
      <div className="admin-calendar-toolbar__buttons">
        <button
          type="button"
          className="button button--secondary admin-button--small"
          onClick={onPrevious}
          aria-label="Previous month"
        >
          <span aria-hidden="true">‹</span>
        </button>
        <button type="button" className="button button--secondary admin-button--small" onClick={onToday}>
          Today
        </button>
        <button
          type="button"
          className="button button--secondary admin-button--small"
          onClick={onNext}
          aria-label="Next month"
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
    </div>
  );
}
