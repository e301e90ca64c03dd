import { clinicInstant, isCalendarDate } from '@therapy/shared/clinic-time';
import type { Database, Queryable } from '../../db/database.ts';
import { badRequest } from '../../http/app-error.ts';
import * as repo from './backfill-repo.ts';
import { issueCreditNote, issueReceipt, type PaidSource } from './issue-documents.ts';

/**
 * `npm run admin -- receipts backfill [--from DATE] [--limit N]` (decision 063): the documents of
 * payments collected before the money papers existed, in payment order, each payment in a
 * transaction of its own (its receipt, then a credit note for what was given back on it, as the
 * live code would have issued them), dated the day it was paid (or given back), so each number
 * comes from the series of its own financial year. A payment documented drops out of the next
 * batch: a run stopped half-way goes on where it stopped, and a second run issues nothing new.
 */

export const RECEIPTS_USAGE = `${'  receipts backfill [--from YYYY-MM-DD] [--limit N]'.padEnd(62)}issue the documents of payments made before receipts existed`;

/** At most this many payments a run (the rest on the next run), taken 100 at a time. */
export const BACKFILL_DEFAULT_LIMIT = 5_000;
const BATCH = 100;

export type BackfillRequest = { from: string | null; limit: number };

/** `backfill [--from DATE] [--limit N]`, or a 400 naming what is wrong. */
export function parseBackfillArgs(args: readonly string[]): BackfillRequest {
  const [action, ...options] = args;
  if (action !== 'backfill')
    throw badRequest(`Unknown receipts command "${action ?? ''}"\n${RECEIPTS_USAGE}`);
  const request: BackfillRequest = { from: null, limit: BACKFILL_DEFAULT_LIMIT };
  for (let index = 0; index < options.length; index += 2) {
    const [name, value] = [options[index], options[index + 1]];
    if (name === '--from' && value && isCalendarDate(value)) request.from = value;
    else if (name === '--limit' && value && /^[1-9]\d{0,6}$/.test(value)) request.limit = Number(value);
    else throw badRequest(`Unexpected "${name} ${value ?? ''}"\n${RECEIPTS_USAGE}`);
  }
  return request;
}

const paidSourceOf = (payment: repo.UndocumentedPayment): PaidSource =>
  payment.kind === 'payment'
    ? { kind: 'payment', id: payment.id }
    : { kind: payment.kind, id: Number(payment.id) };

/** One payment's documents, in the caller's transaction, dated when it happened. */
async function documentPayment(tx: Queryable, payment: repo.UndocumentedPayment, timeZone: string) {
  await repo.lockPayment(tx, payment);
  const source = paidSourceOf(payment);
  const receipt = await issueReceipt(
    tx,
    { source, bookingId: payment.booking_id, amountPaise: payment.amount_paise },
    { timeZone, now: () => payment.paid_at },
  );
  const notes: string[] = [];
  for (const back of await repo.givenBack(tx, payment)) {
    // A refund gives back one booking's share (a series paid at once); an undoing all of it.
    const part =
      payment.kind === 'payment' ? { amountPaise: back.amount_paise, bookingId: back.booking_id } : undefined;
    const note = await issueCreditNote(tx, source, { timeZone, now: () => back.at }, part);
    if (note) notes.push(note.number);
  }
  return [receipt.number, ...notes];
}

/** Each series and year's first and last number issued: 'R/2025-26/000001 to R/2025-26/000042 (42)'. */
function describeNumbers(numbers: readonly string[]): string[] {
  const runs = new Map<string, string[]>();
  for (const number of numbers) {
    const series = number.slice(0, number.lastIndexOf('/'));
    runs.set(series, [...(runs.get(series) ?? []), number]);
  }
  return [...runs.values()].map((run) =>
    run.length === 1 ? `  ${run[0]}` : `  ${run[0]} to ${run.at(-1)} (${run.length})`,
  );
}

/** Runs the backfill; answers what it issued, for the command to print. */
export async function backfillReceipts(
  db: Database,
  request: BackfillRequest,
  timeZone: string,
): Promise<string[]> {
  const from = request.from ? clinicInstant(timeZone, request.from, '00:00') : new Date(0);
  const issued: string[] = [];
  let payments = 0;
  while (payments < request.limit) {
    const batch = await repo.nextUndocumentedPayments(db, {
      from,
      limit: Math.min(BATCH, request.limit - payments),
    });
    if (batch.length === 0) break;
    for (const payment of batch) {
      issued.push(...(await db.transaction((tx) => documentPayment(tx, payment, timeZone))));
      payments += 1;
    }
  }
  const left = (await repo.nextUndocumentedPayments(db, { from, limit: 1 })).length > 0;
  return [
    payments === 0
      ? 'Every payment collected has its document: nothing issued.'
      : `Documented ${payments} payment${payments === 1 ? '' : 's'}: ${issued.length} document${issued.length === 1 ? '' : 's'} issued`,
    ...describeNumbers(issued),
    ...(left ? [`More payments remain (--limit ${request.limit}): run the command again.`] : []),
  ];
}
