import { addDays } from '@therapy/shared/clinic-time';
import { toRupees } from '@therapy/shared/money';
import type { TherapistSchedule } from '@therapy/shared/open-slots';
import { offeredSessionCount } from '@therapy/shared/open-slots';
import {
  OVERVIEW_MAX_DAYS,
  type Overview,
  type OverviewFigures,
  type OverviewQuery,
} from '@therapy/shared/overview-schemas';
import type { Database } from '../../db/database.ts';
import { badRequest } from '../../http/app-error.ts';
import { loadSchedules } from '../schedules/schedule-reads.ts';
import { rate, ratio, sumBuckets, sumPeriod } from './overview-figures.ts';
import * as repo from './overview-repo.ts';

export type OverviewDeps = {
  db: Database;
  clinicTimeZone: string;
  /** CANCELLATION_NOTICE_HOURS: a cancellation later than this before the session is a late one. */
  cancellationNoticeHours: number;
};

/** Days from `from` to `to`, both included. */
function daysIn(range: repo.Range): number {
  return (Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${range.from}T00:00:00Z`)) / 86_400_000 + 1;
}

/** The period asked, checked, and the one of the same length just before it. */
export function periodsOf(query: Pick<OverviewQuery, 'from' | 'to'>): {
  current: repo.Range;
  previous: repo.Range;
} {
  if (query.from > query.to) throw badRequest('"from" must not be after "to"');
  const days = daysIn(query);
  if (days > OVERVIEW_MAX_DAYS) throw badRequest(`The period may be at most ${OVERVIEW_MAX_DAYS} days long.`);
  const previous = { from: addDays(query.from, -days), to: addDays(query.from, -1) };
  return { current: { from: query.from, to: query.to }, previous };
}

type Therapist = { id: number; name: string };

/** Offered (by the schedule) and booked sessions per therapist; those with neither left out. */
function utilisationOf(
  therapists: readonly Therapist[],
  schedules: Map<number, TherapistSchedule>,
  booked: Map<number, number>,
  range: repo.Range,
) {
  return therapists
    .map((therapist) => {
      const schedule = schedules.get(therapist.id);
      return {
        therapist_id: therapist.id,
        therapist_name: therapist.name,
        offered: schedule ? offeredSessionCount(schedule, range) : 0,
        booked: booked.get(therapist.id) ?? 0,
      };
    })
    .filter((row) => row.offered > 0 || row.booked > 0);
}

/**
 * The owner's overview (issue 29, decision 059): read-only figures of a period and of the one
 * before it, from the overview's tables of facts (kept by triggers, migration 0027), the
 * schedules' own rule for the sessions offered, refunds and the waitlist.
 */
export function createOverviewService({ db, clinicTimeZone, cancellationNoticeHours }: OverviewDeps) {
  // The facts' lead times must be reckoned in this zone: checked (and rebuilt) once per process.
  let zoneChecked: Promise<unknown> | undefined;
  const ensureZone = () => {
    zoneChecked ??= (async () => {
      if ((await repo.readFactsZone(db)) === clinicTimeZone) return;
      await db.transaction((tx) => repo.rebuildFactsIn(tx, clinicTimeZone));
    })().catch((error: unknown) => {
      zoneChecked = undefined;
      throw error;
    });
    return zoneChecked;
  };

  /** Every read both periods need, each period's in one statement where it can be. */
  async function readAll(periods: repo.Periods) {
    const span = { from: periods.previous.from, to: periods.current.to };
    const therapists = await repo.listTherapists(db);
    const [schedules, days, hours, bookedNow, bookedBefore, late, refunds, clients, waitlist] =
      await Promise.all([
        loadSchedules(
          db,
          therapists.map((therapist) => therapist.id),
          span,
        ),
        repo.readDays(db, span),
        repo.readHours(db, periods),
        repo.readBookedByTherapist(db, periods.current),
        repo.readBookedByTherapist(db, periods.previous),
        repo.countLateCancellations(db, periods, cancellationNoticeHours),
        repo.sumRefunds(db, periods),
        repo.countNewClients(db, periods),
        repo.countWaitlist(db, periods, clinicTimeZone),
      ]);
    return {
      therapists,
      schedules,
      days,
      hours,
      booked: { current: bookedNow, previous: bookedBefore },
      late,
      refunds,
      clients,
      waitlist,
    };
  }

  type Reads = Awaited<ReturnType<typeof readAll>>;

  /** One period's figures from the reads. */
  function figures(reads: Reads, periods: repo.Periods, which: 'current' | 'previous'): OverviewFigures {
    const range = periods[which];
    const rows = reads.days.filter((row) => row.date >= range.from && row.date <= range.to);
    const period = sumPeriod(rows);
    const names = new Map(reads.therapists.map((therapist) => [therapist.id, therapist.name]));
    const clients = reads.clients[which];
    const late = reads.late[which];
    return {
      from: range.from,
      to: range.to,
      income: period.income,
      income_online: period.income_online,
      income_centre: period.income_centre,
      refunds: toRupees(reads.refunds[which]),
      sessions_booked: period.booked,
      sessions_held: period.sessions,
      no_shows: period.noShows,
      cancellations: period.cancellations,
      late_cancellations: late,
      no_show_rate: period.no_show_rate,
      late_cancellation_rate: rate(late, period.booked),
      new_clients: clients.new_clients,
      returning_clients: clients.returning_clients,
      sessions_per_client: ratio(clients.sessions, clients.new_clients, 2),
      utilisation: utilisationOf(reads.therapists, reads.schedules, reads.booked[which], range),
      waitlist: reads.waitlist[which].map((row) => ({
        ...row,
        therapist_name: names.get(row.therapist_id) ?? '',
      })),
      ...sumBuckets(rows, range),
      by_weekday: period.by_weekday,
      by_hour: reads.hours[which],
      lead_time: period.lead_time,
    };
  }

  return {
    /** The figures of `from`..`to` and, under `previous`, of the same number of days before. */
    async overview(query: Pick<OverviewQuery, 'from' | 'to'>): Promise<Overview> {
      const periods = periodsOf(query);
      await ensureZone();
      const reads = await readAll(periods);
      const now = figures(reads, periods, 'current');
      const before = figures(reads, periods, 'previous');
      const { from, to, ...figuresNow } = now;
      return { period: { from, to }, previous: before, ...figuresNow };
    },
  };
}

export type OverviewService = ReturnType<typeof createOverviewService>;
