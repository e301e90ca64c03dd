import type { ManageView } from '@therapy/shared/manage-schemas';
import { useWords, whenText } from './manage-rules';

type Series = NonNullable<ManageView['series']>;

/** The sessions "this and every later one" would cancel: this one and the later ones still booked. */
export function followingCount(view: ManageView): number {
  const series = view.series;
  if (!series) return 1;
  const at = `${view.booking.booking_date} ${view.booking.booking_time_slot_start}`;
  const later = series.sessions.filter(
    (session) =>
      !session.cancelled &&
      session.booking_id !== view.booking.booking_id &&
      `${session.booking_date} ${session.booking_time_slot_start}` > at,
  );
  return later.length + 1;
}

/**
 * The whole standing appointment on the manage page (decision 055): every session by date, "3 of
 * 8", which one this link is for, and which are cancelled (a word, never colour alone).
 */
export function SeriesSessions({ series, bookingId }: { series: Series; bookingId: number }) {
  const words = useWords();
  const { t } = words;
  return (
    <section className="manage-series" aria-labelledby="manage-series-heading">
      <h3 id="manage-series-heading" className="manage-series__title">
        {t('manage.series.title')}
      </h3>
      <ol className="manage-series__list">
        {series.sessions.map((session) => {
          const current = session.booking_id === bookingId;
          return (
            <li
              key={session.booking_id}
              className={`manage-series__item${current ? ' manage-series__item--current' : ''}`}
              aria-current={current ? 'true' : undefined}
            >
              <span className="muted">
                {t('manage.series.position', { position: session.position, count: series.count })}
              </span>
              <span className={`tabular-nums${session.cancelled ? ' manage-series__when--cancelled' : ''}`}>
                {whenText(session.booking_date, session.booking_time_slot_start, words)}
              </span>
              <span className="manage-series__state">
                {session.cancelled ? t('manage.series.cancelled') : t('manage.series.booked')}
                {current && <strong> · {t('manage.series.this')}</strong>}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
