import { addDays } from '@therapy/shared/clinic-time';
import { toRupees } from '@therapy/shared/money';
import { weekdayOf } from '@therapy/shared/open-slots';
import { LEAD_RANGES, type OverviewBucket } from '@therapy/shared/overview-schemas';
import type { DayRow, Range } from './overview-repo.ts';

/*
 * The overview's sums of the day rows (pure): totals, weeks, months, weekdays and lead times of
 * one period. Weeks start on Monday; every week and month of the period is
 * listed, with zeros, so a chart has no gaps.
 */

type Sums = {
  income_paise: number;
  online_paise: number;
  centre_paise: number;
  sessions: number;
};
const emptySums = (): Sums => ({ income_paise: 0, online_paise: 0, centre_paise: 0, sessions: 0 });

/** The Monday of the week `date` lies in. */
export function mondayOf(date: string): string {
  return addDays(date, -((weekdayOf(date) + 6) % 7));
}

const monthOf = (date: string) => `${date.slice(0, 7)}-01`;

function nextMonth(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 12 ? `${year + 1}-01-01` : `${year}-${String(number + 1).padStart(2, '0')}-01`;
}

function addTo(sums: Sums, row: DayRow) {
  sums.online_paise += row.online_paise;
  sums.centre_paise += row.centre_paise;
  sums.income_paise += row.online_paise + row.centre_paise;
  sums.sessions += row.held;
}

function bucket(sums: Sums) {
  return {
    income: toRupees(sums.income_paise),
    income_online: toRupees(sums.online_paise),
    income_centre: toRupees(sums.centre_paise),
    sessions: sums.sessions,
  };
}

/** Income and sessions held per week and per month, every week and month of the period. */
export function sumBuckets(rows: readonly DayRow[], range: Range) {
  const weeks = new Map<string, Sums>();
  for (let week = mondayOf(range.from); week <= range.to; week = addDays(week, 7))
    weeks.set(week, emptySums());
  const months = new Map<string, Sums>();
  for (let month = monthOf(range.from); month <= range.to; month = nextMonth(month)) {
    months.set(month, emptySums());
  }
  for (const row of rows) {
    const week = weeks.get(mondayOf(row.date));
    const month = months.get(monthOf(row.date));
    if (week) addTo(week, row);
    if (month) addTo(month, row);
  }
  const by_week: OverviewBucket[] = [...weeks].map(([week_start, sums]) => ({ week_start, ...bucket(sums) }));
  const by_month: OverviewBucket[] = [...months].map(([month, sums]) => ({ month, ...bucket(sums) }));
  return { by_week, by_month };
}

/** part ÷ whole to `decimals` places; 0 when whole is 0. */
export function ratio(part: number, whole: number, decimals: number): number {
  return whole > 0 ? Number((part / whole).toFixed(decimals)) : 0;
}
const rate = (part: number, whole: number) => ratio(part, whole, 4);

/** The period's counts, money, busiest weekdays and lead times from its day rows. */
export function sumPeriod(rows: readonly DayRow[]) {
  const totals = emptySums();
  let booked = 0;
  let noShows = 0;
  let cancellations = 0;
  let leadDays = 0;
  const weekdays = [0, 0, 0, 0, 0, 0, 0];
  const lead = [0, 0, 0, 0, 0, 0];
  for (const row of rows) {
    addTo(totals, row);
    booked += row.booked;
    noShows += row.no_shows;
    cancellations += row.cancellations;
    leadDays += row.lead_days;
    weekdays[weekdayOf(row.date)]! += row.held;
    [row.lead_0, row.lead_1_2, row.lead_3_7, row.lead_8_14, row.lead_15_30, row.lead_31].forEach(
      (count, i) => {
        lead[i]! += count;
      },
    );
  }
  return {
    ...bucket(totals),
    booked,
    noShows,
    cancellations,
    no_show_rate: rate(noShows, booked),
    by_weekday: weekdays.map((sessions, weekday) => ({ weekday, sessions })),
    lead_time: {
      average_days: ratio(leadDays, totals.sessions, 1),
      ranges: LEAD_RANGES.map((range, i) => ({ range, sessions: lead[i]! })),
    },
  };
}

export { rate };
