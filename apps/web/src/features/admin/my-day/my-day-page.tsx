import { addDays, todayIn } from '@therapy/shared/clinic-time';
import { formatsFor } from '@therapy/shared/locale-format';
import type { TherapistSession } from '@therapy/shared/therapist-schemas';
import { useState } from 'react';
import { PageLoading } from '../../../components/page-loading';
import { StatePanel } from '../../../components/state-panel';
import { type Translate, useT } from '../../../i18n/use-t';
import { clinicTimeZone } from '../../../lib/clinic';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useFetch } from '../../../lib/use-fetch';
import { useLiveVersion } from '../../../lib/use-live-version';
import { LoadErrorPanel } from '../ui/load-error-panel';
import { fetchSessions } from './my-day-api';
import { SessionCard } from './session-card';

type View = 'today' | 'week' | 'next14';
const VIEW_DAYS: Record<View, number> = { today: 1, week: 7, next14: 14 };
const VIEWS: View[] = ['today', 'week', 'next14'];
const VIEW_LABEL = {
  today: 'therapist.view.today',
  week: 'therapist.view.week',
  next14: 'therapist.view.next14',
} as const;

/** The sessions of the days shown, by clinic date, in order. */
function byDate(items: readonly TherapistSession[], from: string, days: number) {
  const to = addDays(from, days - 1);
  const groups = new Map<string, TherapistSession[]>();
  for (const item of items) {
    if (item.booking_date < from || item.booking_date > to) continue;
    groups.set(item.booking_date, [...(groups.get(item.booking_date) ?? []), item]);
  }
  return [...groups.entries()];
}

/**
 * /admin/my-day (a therapist's login, decision 052): today's sessions in order, the week and the
 * next 14 days; it reads them again every half minute while in view (and when the tab comes
 * back), so a booking made, moved or cancelled shows without a reload.
 */
export function MyDayPage() {
  const { t, locale } = useT();
  useDocumentTitle(t('therapist.myDay.title'));
  const [view, setView] = useState<View>('today');
  const [changed, setChanged] = useState(0);
  const live = useLiveVersion();
  const today = todayIn(clinicTimeZone());
  const last = addDays(today, 13);
  const sessions = useFetch(`therapist-sessions:${today}`, (signal) => fetchSessions(today, last, signal), {
    version: live + changed,
    keepPrevious: true,
  });
  const formats = formatsFor(locale);

  return (
    <div className="my-day">
      <h1>{t('therapist.myDay.title')}</h1>
      <fieldset className="my-day__views">
        <legend className="visually-hidden">{t('therapist.view.label')}</legend>
        {VIEWS.map((option) => (
          <button
            key={option}
            type="button"
            className={`button ${option === view ? 'button--primary' : 'button--secondary'}`}
            aria-pressed={option === view}
            onClick={() => setView(option)}
          >
            {t(VIEW_LABEL[option])}
          </button>
        ))}
      </fieldset>
      {sessions.status === 'loading' && <PageLoading label={t('therapist.loading')} />}
      {sessions.status === 'error' && (
        <LoadErrorPanel
          title={t('therapist.loadFailed')}
          retryLabel={t('common.retry')}
          onRetry={sessions.retry}
        />
      )}
      {sessions.status === 'success' && (
        <DayGroups
          groups={byDate(sessions.data.items, today, VIEW_DAYS[view])}
          empty={t(view === 'today' ? 'therapist.empty.today' : 'therapist.empty.range')}
          title={(date) => formats.longDate(date)}
          t={t}
          onChanged={() => setChanged((value) => value + 1)}
        />
      )}
    </div>
  );
}

function DayGroups({
  groups,
  empty,
  title,
  t,
  onChanged,
}: {
  groups: [string, TherapistSession[]][];
  empty: string;
  title: (date: string) => string;
  t: Translate;
  onChanged: () => void;
}) {
  if (groups.length === 0) return <StatePanel title={empty} />;
  return (
    <>
      {groups.map(([date, items]) => (
        <section key={date} className="my-day__date" aria-label={title(date)}>
          <h2>
            {title(date)}{' '}
            <span className="my-day__count">{t('therapist.sessionCount', { count: items.length })}</span>
          </h2>
          <ol className="my-day__list">
            {items.map((session) => (
              <li key={session.booking_id}>
                <SessionCard session={session} onChanged={onChanged} />
              </li>
            ))}
          </ol>
        </section>
      ))}
    </>
  );
}
