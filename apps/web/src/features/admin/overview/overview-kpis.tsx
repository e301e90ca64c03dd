import type { Overview } from '@therapy/shared/overview-schemas';
import type { Translate } from '../../../i18n/use-t';
import type { OverviewFormats } from './overview-format';

type Kpi = {
  title: string;
  now: number;
  before: number;
  show: (value: number) => string;
  detail?: string;
};

/** Up, down or the same against the period before, in words (never colour alone). */
function Change({ kpi, t }: { kpi: Kpi; t: Translate }) {
  const difference = kpi.now - kpi.before;
  const change = kpi.show(Math.abs(difference));
  const text =
    difference > 0
      ? t('overview.up', { change })
      : difference < 0
        ? t('overview.down', { change })
        : t('overview.same');
  const tone = difference > 0 ? 'up' : difference < 0 ? 'down' : 'same';
  return (
    <p className={`overview-kpi__change overview-kpi__change--${tone}`}>
      <span aria-hidden="true">{difference > 0 ? '▲ ' : difference < 0 ? '▼ ' : '= '}</span>
      {text} · {t('overview.before', { value: kpi.show(kpi.before) })}
    </p>
  );
}

/** The headline figures, each with the period before. */
export function OverviewKpis({ data, t, f }: { data: Overview; t: Translate; f: OverviewFormats }) {
  const before = data.previous;
  const kpis: Kpi[] = [
    {
      title: t('overview.kpi.income'),
      now: data.income,
      before: before.income,
      show: f.rupees,
      detail: t('overview.kpi.incomeSplit', {
        online: f.rupees(data.income_online),
        centre: f.rupees(data.income_centre),
      }),
    },
    { title: t('overview.kpi.refunds'), now: data.refunds, before: before.refunds, show: f.rupees },
    { title: t('overview.kpi.held'), now: data.sessions_held, before: before.sessions_held, show: f.count },
    {
      title: t('overview.kpi.noShows'),
      now: data.no_shows,
      before: before.no_shows,
      show: f.count,
      detail: t('overview.kpi.rate', { rate: f.share(data.no_show_rate) }),
    },
    {
      title: t('overview.kpi.late'),
      now: data.late_cancellations,
      before: before.late_cancellations,
      show: f.count,
      detail: t('overview.kpi.rate', { rate: f.share(data.late_cancellation_rate) }),
    },
    { title: t('overview.kpi.newClients'), now: data.new_clients, before: before.new_clients, show: f.count },
    {
      title: t('overview.kpi.returning'),
      now: data.returning_clients,
      before: before.returning_clients,
      show: f.count,
      detail: t('overview.kpi.returningShare', {
        rate: f.share(data.new_clients > 0 ? data.returning_clients / data.new_clients : 0),
      }),
    },
    {
      title: t('overview.kpi.perClient'),
      now: data.sessions_per_client,
      before: before.sessions_per_client,
      show: f.count,
      detail: t('overview.kpi.perClientHint'),
    },
  ];
  return (
    <ul className="overview-kpis">
      {kpis.map((kpi) => (
        <li key={kpi.title} className="overview-kpi">
          <h2 className="overview-kpi__title">{kpi.title}</h2>
          <p className="overview-kpi__value">{kpi.show(kpi.now)}</p>
          {kpi.detail && <p className="overview-kpi__detail">{kpi.detail}</p>}
          <Change kpi={kpi} t={t} />
        </li>
      ))}
    </ul>
  );
}
