import type { Overview, OverviewFigures } from './overview-schemas.ts';
import type { PrivacyWorkbook, WorkbookCell } from './privacy-workbook.ts';

/*
 * The overview as a spreadsheet (the server's `format=xlsx`, the screen's Download Excel): one sheet, the figures of the period beside the
 * period before, then the weeks, months, weekdays, hours, lead times, utilisation and waitlist,
 * each under its own header. Plain data in write-excel-file's cell shape, as the privacy export.
 */

const bold = (value: string): WorkbookCell => ({ value, fontWeight: 'bold' });
const num = (value: number, format?: string): WorkbookCell => ({ value, type: Number, format });
const money = (value: number) => num(value, '#,##0.00');
const percent = (value: number) => num(value, '0.0%');
const text = (value: string): WorkbookCell => ({ value, type: String, format: '@' });

const SCALARS: [string, (figures: OverviewFigures) => WorkbookCell][] = [
  ['Income collected (₹)', (f) => money(f.income)],
  ['  online (₹)', (f) => money(f.income_online)],
  ['  at the centre (₹)', (f) => money(f.income_centre)],
  ['Refunds (₹)', (f) => money(f.refunds)],
  ['Sessions booked', (f) => num(f.sessions_booked)],
  ['Sessions held', (f) => num(f.sessions_held)],
  ['No-shows', (f) => num(f.no_shows)],
  ['No-show rate', (f) => percent(f.no_show_rate)],
  ['Cancellations', (f) => num(f.cancellations)],
  ['Late cancellations', (f) => num(f.late_cancellations)],
  ['Late cancellation rate', (f) => percent(f.late_cancellation_rate)],
  ['New clients', (f) => num(f.new_clients)],
  ['Returning clients (second session within 60 days)', (f) => num(f.returning_clients)],
  ['Sessions per new client (first 60 days)', (f) => num(f.sessions_per_client)],
  ['Average lead time (days)', (f) => num(f.lead_time.average_days)],
];

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

function section(title: string, header: string[], rows: WorkbookCell[][]): WorkbookCell[][] {
  return [[], [bold(title)], header.map(bold), ...rows];
}

export function overviewWorkbook(overview: Overview): PrivacyWorkbook {
  const now = { ...overview, from: overview.period.from, to: overview.period.to };
  const before = overview.previous;
  const bucketRow = (label: string, b: Overview['by_week'][number]): WorkbookCell[] => [
    text(label),
    money(b.income),
    money(b.income_online),
    money(b.income_centre),
    num(b.sessions),
  ];
  return {
    fileName: `Overview_${now.from}_${now.to}.xlsx`,
    sheet: 'Overview',
    data: [
      [bold('Figure'), bold(`${now.from} to ${now.to}`), bold(`${before.from} to ${before.to}`)],
      ...SCALARS.map(([label, cell]) => [text(label), cell(now), cell(before)]),
      ...section(
        'By week',
        ['Week of', 'Income (₹)', 'Online (₹)', 'At the centre (₹)', 'Sessions held'],
        now.by_week.map((b) => bucketRow(b.week_start ?? '', b)),
      ),
      ...section(
        'By month',
        ['Month', 'Income (₹)', 'Online (₹)', 'At the centre (₹)', 'Sessions held'],
        now.by_month.map((b) => bucketRow((b.month ?? '').slice(0, 7), b)),
      ),
      ...section(
        'Sessions held by weekday',
        ['Weekday', 'Sessions held'],
        now.by_weekday.map((d) => [text(WEEKDAYS[d.weekday] ?? ''), num(d.sessions)]),
      ),
      ...section(
        'Sessions held by hour of start',
        ['Hour', 'Sessions held'],
        now.by_hour.map((h) => [text(`${String(h.hour).padStart(2, '0')}:00`), num(h.sessions)]),
      ),
      ...section(
        'Lead time (days booked ahead)',
        ['Days', 'Sessions held'],
        now.lead_time.ranges.map((r) => [text(r.range), num(r.sessions)]),
      ),
      ...section(
        'Utilisation',
        ['Therapist', 'Sessions offered', 'Sessions booked', 'Utilisation'],
        now.utilisation.map((u) => [
          text(u.therapist_name),
          num(u.offered),
          num(u.booked),
          percent(u.offered > 0 ? u.booked / u.offered : 0),
        ]),
      ),
      ...section(
        'Waitlist',
        ['Therapist', 'Joined the waitlist', 'Offered a slot'],
        now.waitlist.map((w) => [text(w.therapist_name), num(w.waiting), num(w.offered)]),
      ),
    ],
    widths: [48, 18, 18, 18, 14],
  };
}
