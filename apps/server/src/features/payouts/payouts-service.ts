import { zonedNow } from '@therapy/shared/clinic-time';
import { percentOf } from '@therapy/shared/gst';
import { toRupees } from '@therapy/shared/money';
import type { PayoutReport, PayoutRow } from '@therapy/shared/money-papers-schemas';
import type { Queryable } from '../../db/database.ts';
import { type PayoutGroupRow, sumPayoutGroups } from './payouts-repo.ts';

/**
 * The monthly payouts: per therapist the sessions held, no-shows charged and cancellations, the
 * gross collected, and its split between the clinic and the therapist by the share in force on
 * each session's date (a percentage of the fee, or a fixed amount per session held or no-show
 * charged; none set: all of it is the clinic's). The gross adds up to the month's income.
 */

export type PayoutMonth = { year: number; month: number };

/** The month asked for, or the clinic's current one. */
export function payoutMonthOf(
  query: { year?: number | undefined; month?: number | undefined },
  clinicTimeZone: string,
  now: Date,
): PayoutMonth {
  const today = zonedNow(clinicTimeZone, now).date;
  return { year: query.year ?? Number(today.slice(0, 4)), month: query.month ?? Number(today.slice(5, 7)) };
}

function shareOf(group: PayoutGroupRow): number {
  if (group.percent !== null) return percentOf(Number(group.gross_paise), Number(group.percent));
  if (group.per_session_paise !== null) {
    return (Number(group.sessions_held) + Number(group.no_shows_charged)) * Number(group.per_session_paise);
  }
  return 0;
}

type Sums = { held: number; noShows: number; cancellations: number; gross: number; share: number };

function toRow(id: number, name: string, sums: Sums): PayoutRow {
  return {
    therapist_id: id,
    therapist_name: name,
    sessions_held: sums.held,
    no_shows_charged: sums.noShows,
    cancellations: sums.cancellations,
    gross: toRupees(sums.gross),
    clinic_share: toRupees(sums.gross - sums.share),
    therapist_share: toRupees(sums.share),
  };
}

export async function payoutReport(
  db: Queryable,
  month: PayoutMonth & { therapistId?: number },
): Promise<PayoutReport> {
  const byTherapist = new Map<number, { name: string; sums: Sums }>();
  for (const group of await sumPayoutGroups(db, month)) {
    const entry = byTherapist.get(group.therapist_id) ?? {
      name: group.therapist_name,
      sums: { held: 0, noShows: 0, cancellations: 0, gross: 0, share: 0 },
    };
    entry.sums.held += Number(group.sessions_held);
    entry.sums.noShows += Number(group.no_shows_charged);
    entry.sums.cancellations += Number(group.cancellations);
    entry.sums.gross += Number(group.gross_paise);
    entry.sums.share += shareOf(group);
    byTherapist.set(group.therapist_id, entry);
  }
  const items = [...byTherapist].map(([id, { name, sums }]) => toRow(id, name, sums));
  const total = (pick: (sums: Sums) => number) =>
    toRupees([...byTherapist.values()].reduce((sum, { sums }) => sum + pick(sums), 0));
  return {
    year: month.year,
    month: month.month,
    items,
    totals: {
      gross: total((sums) => sums.gross),
      clinic_share: total((sums) => sums.gross - sums.share),
      therapist_share: total((sums) => sums.share),
    },
  };
}
