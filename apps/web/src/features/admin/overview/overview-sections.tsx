import type { Overview } from '@therapy/shared/overview-schemas';
import { lazy, type ReactNode, Suspense } from 'react';
import type { Translate } from '../../../i18n/use-t';
import { afterChartLocaleGuard } from '../../../lib/after-chart-locale-guard';
import { TableScroller } from '../ui/table-scroller';
import type { ChartSeries } from './overview-chart';
import type { OverviewFormats } from './overview-format';

// uPlot comes with the chart's own chunk, fetched when the overview first draws a chart.
const BarChart = lazy(afterChartLocaleGuard(() => import('./overview-chart')));

const ACCENT = '#0f766e';
const SECOND = '#b45309';

type Column = { title: string; numeric?: boolean };

/** A chart and, beside it (below on a phone), the table of the same numbers. */
function ChartPanel(props: {
  id: string;
  title: string;
  hint?: ReactNode;
  labels: readonly string[];
  series: readonly ChartSeries[];
  format?: (value: number) => string;
  columns: readonly Column[];
  rows: readonly (readonly ReactNode[])[];
  t: Translate;
}) {
  const { id, title, t } = props;
  return (
    <section className="overview-panel" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {props.hint}
      <div className="overview-panel__body">
        <figure className="overview-panel__chart" aria-label={t('overview.chartLabel', { title })}>
          <Suspense fallback={<div className="overview-chart overview-chart--loading" />}>
            <BarChart labels={props.labels} series={props.series} format={props.format} />
          </Suspense>
        </figure>
        <TableScroller label={title}>
          <table className="admin-table overview-table">
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                {props.columns.map((column) => (
                  <th
                    key={column.title}
                    scope="col"
                    className={column.numeric ? 'admin-table__amount' : undefined}
                  >
                    {column.title}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {props.rows.map((row, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the rows are a fixed list in this order
                <tr key={index}>
                  {row.map((cell, column) =>
                    column === 0 ? (
                      <th key={props.columns[column]?.title} scope="row">
                        {cell}
                      </th>
                    ) : (
                      <td key={props.columns[column]?.title} className="admin-table__amount">
                        {cell}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroller>
      </div>
    </section>
  );
}

type SectionProps = { data: Overview; t: Translate; f: OverviewFormats };

/** Income (online, at the centre) and sessions held by week, or by month over more than 13 weeks. */
export function IncomeSection({ data, t, f }: SectionProps) {
  const byMonth = data.by_week.length > 13;
  const buckets = byMonth ? data.by_month : data.by_week;
  const labels = buckets.map((b) => (byMonth ? f.monthYear(b.month ?? '') : f.dayMonth(b.week_start ?? '')));
  const columns = [
    { title: t(byMonth ? 'overview.income.month' : 'overview.income.week') },
    { title: t('overview.income.income'), numeric: true },
    { title: t('overview.income.online'), numeric: true },
    { title: t('overview.income.centre'), numeric: true },
    { title: t('overview.income.sessions'), numeric: true },
  ];
  return (
    <ChartPanel
      id="overview-income"
      title={t(byMonth ? 'overview.income.titleMonths' : 'overview.income.title')}
      labels={labels}
      series={[
        { label: t('overview.income.online'), values: buckets.map((b) => b.income_online), color: ACCENT },
        { label: t('overview.income.centre'), values: buckets.map((b) => b.income_centre), color: SECOND },
      ]}
      format={f.rupees}
      columns={columns}
      rows={buckets.map((b, i) => [
        labels[i],
        f.rupees(b.income),
        f.rupees(b.income_online),
        f.rupees(b.income_centre),
        f.count(b.sessions),
      ])}
      t={t}
    />
  );
}

/** A therapist's name short enough for a chart's axis: 'Dr.Asha Menon' → 'Asha'. */
function shortName(name: string): string {
  return name.replace(/^(Dr|Mr|Ms|Mrs)\.\s*/, '').split(' ')[0] ?? name;
}

/** Booked ÷ offered per therapist. */
export function UtilisationSection({ data, t, f }: SectionProps) {
  const rows = data.utilisation;
  if (rows.length === 0) return <p className="admin-panel">{t('overview.utilisation.empty')}</p>;
  const share = (row: (typeof rows)[number]) => (row.offered > 0 ? row.booked / row.offered : 0);
  return (
    <ChartPanel
      id="overview-utilisation"
      title={t('overview.utilisation.title')}
      hint={<p className="muted">{t('overview.utilisation.hint')}</p>}
      labels={rows.map((row) => shortName(row.therapist_name))}
      series={[
        {
          label: t('overview.utilisation.share'),
          values: rows.map((row) => Math.round(share(row) * 1000) / 10),
          color: ACCENT,
        },
      ]}
      format={(value) => `${value}%`}
      columns={[
        { title: t('overview.utilisation.therapist') },
        { title: t('overview.utilisation.offered'), numeric: true },
        { title: t('overview.utilisation.booked'), numeric: true },
        { title: t('overview.utilisation.share'), numeric: true },
      ]}
      rows={rows.map((row) => [
        row.therapist_name,
        f.count(row.offered),
        f.count(row.booked),
        f.share(share(row)),
      ])}
      t={t}
    />
  );
}

/** Sessions held per weekday and per hour of start. */
export function BusiestSection({ data, t, f }: SectionProps) {
  // Monday first, as the week is read in the clinic.
  const days = [1, 2, 3, 4, 5, 6, 0].map(
    (day) => data.by_weekday.find((entry) => entry.weekday === day) ?? { weekday: day, sessions: 0 },
  );
  const sessions = t('overview.sessions');
  return (
    <>
      <ChartPanel
        id="overview-weekdays"
        title={t('overview.weekdays.title')}
        labels={days.map((day) => f.weekday(day.weekday).slice(0, 3))}
        series={[{ label: sessions, values: days.map((day) => day.sessions), color: ACCENT }]}
        columns={[{ title: t('overview.weekdays.day') }, { title: sessions, numeric: true }]}
        rows={days.map((day) => [f.weekday(day.weekday), f.count(day.sessions)])}
        t={t}
      />
      <ChartPanel
        id="overview-hours"
        title={t('overview.hours.title')}
        labels={data.by_hour.map((hour) => f.hour(hour.hour))}
        series={[{ label: sessions, values: data.by_hour.map((hour) => hour.sessions), color: ACCENT }]}
        columns={[{ title: t('overview.hours.hour') }, { title: sessions, numeric: true }]}
        rows={data.by_hour.map((hour) => [f.hour(hour.hour), f.count(hour.sessions)])}
        t={t}
      />
    </>
  );
}

/** How many days ahead the sessions held were booked. */
export function LeadSection({ data, t, f }: SectionProps) {
  const label = (range: string) =>
    range === '0' ? t('overview.lead.sameDay') : t('overview.lead.range', { range });
  const ranges = data.lead_time.ranges;
  return (
    <ChartPanel
      id="overview-lead"
      title={t('overview.lead.title')}
      hint={
        <p className="muted">{t('overview.lead.average', { days: f.count(data.lead_time.average_days) })}</p>
      }
      labels={ranges.map((range) => label(range.range))}
      series={[
        { label: t('overview.sessions'), values: ranges.map((range) => range.sessions), color: ACCENT },
      ]}
      columns={[{ title: t('overview.lead.days') }, { title: t('overview.sessions'), numeric: true }]}
      rows={ranges.map((range) => [label(range.range), f.count(range.sessions)])}
      t={t}
    />
  );
}

/** People waiting per therapist, and how many were offered a slot: a table. */
export function WaitlistSection({ data, t, f }: SectionProps) {
  const title = t('overview.waitlist.title');
  return (
    <section className="overview-panel" aria-labelledby="overview-waitlist">
      <h2 id="overview-waitlist">{title}</h2>
      {data.waitlist.length === 0 ? (
        <p className="muted">{t('overview.waitlist.empty')}</p>
      ) : (
        <TableScroller label={title}>
          <table className="admin-table overview-table">
            <thead>
              <tr>
                <th scope="col">{t('overview.waitlist.therapist')}</th>
                <th scope="col" className="admin-table__amount">
                  {t('overview.waitlist.waiting')}
                </th>
                <th scope="col" className="admin-table__amount">
                  {t('overview.waitlist.offered')}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.waitlist.map((row) => (
                <tr key={row.therapist_id}>
                  <th scope="row">{row.therapist_name}</th>
                  <td className="admin-table__amount">{f.count(row.waiting)}</td>
                  <td className="admin-table__amount">{f.count(row.offered)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroller>
      )}
    </section>
  );
}
